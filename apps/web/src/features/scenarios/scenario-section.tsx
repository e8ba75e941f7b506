import { Box, Button, Field, HStack, Input, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import type { RouterOutputs } from '@shunkan/api-router';
import { findLevel } from '@shunkan/config/levels';
import { SCENARIO_TEXT } from '@shunkan/config/texts';
import { notify } from '@shunkan/ui/toaster';
import { Link } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { scenarioFields } from '@shunkan/config/forms';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useKeepFocus } from '../../lib/keep-focus';
import { errorMessage, trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../billing/confirm-dialog';
import { LimitNote } from '../forms/limit-note';
import { useSubscription } from '../billing/use-plans';
import { LoadError, loadFailed } from '../layout/load-error';
import { PremiumPrompt } from '../review/review-sections';

type Scenario = RouterOutputs['scenarios']['list'][number];
type Fields = { title: string; description: string };

const EMPTY: Fields = { title: '', description: '' };
/** True once a save went through; a failure is told by the mutation's own onError. */
const saved = (work: Promise<unknown>) => work.then(
  () => true,
  () => false,
);

const SCENARIO_LIST_ID = 'scenario-intro';
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 1000;

/** Create or edit a scenario; the rules (and messages) are the server's (`scenarioFields`). */
function ScenarioForm(props: {
  initial: Fields;
  submitLabel: string;
  busy: boolean;
  /** Resolves true when the fields were saved (the new-scenario form then empties itself). */
  onSubmit: (fields: Fields) => Promise<boolean>;
  onCancel?: () => void;
  focusTitle?: boolean;
}) {
  const form = useForm({ resolver: zodResolver(scenarioFields), defaultValues: props.initial });
  // The button is disabled while it saves: focus comes back to it afterwards, on this same form
  // (it used to be remounted empty, and focus fell to the page's top; decision 075).
  const rememberFocus = useKeepFocus(props.busy);
  // Opened by 編集, which the form replaces: focus goes to the title, not to the page's top.
  const { setFocus } = form;
  useEffect(() => {
    if (props.focusTitle) setFocus('title');
  }, [props.focusTitle, setFocus]);
  // One message at a time, title first, as the server reports them.
  const errors = form.formState.errors;
  const error = errors.title?.message ?? errors.description?.message;
  // The fields stop at their limit (maxLength) and say so.
  const [title, description] = form.watch(['title', 'description']);
  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={form.handleSubmit(async (fields) => {
        rememberFocus();
        if (await props.onSubmit(fields)) form.reset(props.initial);
      })}
    >
      <Field.Root invalid={Boolean(errors.title)}>
        <Field.Label>タイトル</Field.Label>
        <Input {...form.register('title')} maxLength={TITLE_MAX} placeholder="例：空港でのチェックイン" bg="white" />
        <LimitNote value={title} max={TITLE_MAX} message={SCENARIO_TEXT.titleTooLong} />
      </Field.Root>
      <Field.Root invalid={Boolean(errors.description)}>
        <Field.Label>場面の説明</Field.Label>
        <Textarea
          {...form.register('description')}
          maxLength={DESCRIPTION_MAX}
          rows={3}
          placeholder="例：荷物を預けたり、搭乗口を尋ねたりする会話。受動態も練習したい。"
          bg="white"
        />
        <LimitNote value={description} max={DESCRIPTION_MAX} message={SCENARIO_TEXT.descriptionTooLong} />
      </Field.Root>
      {error ? (
        <Text color="red.600" fontSize="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <HStack gap="2">
        <Button type="submit" colorPalette="blue" size="sm" loading={props.busy}>
          {props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button variant="ghost" size="sm" onClick={props.onCancel} disabled={props.busy}>
            キャンセル
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

function ScenarioItem({ scenario }: { scenario: Scenario }) {
  const utils = trpc.useUtils();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  // The three buttons of every card read 練習する / 編集 / 削除: each is described by its scenario's title.
  const titleId = useId();
  // Leaving the form (更新する, キャンセル) gives focus back to 編集, which the form had replaced.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  const onError = (error: unknown) => notify({ type: 'error', title: 'エラー', description: errorMessage(error, '保存に失敗しました') });
  const update = trpc.scenarios.update.useMutation({
    onSuccess: () => {
      notify({ type: 'success', title: SCENARIO_TEXT.updated });
      setIsEditing(false);
      void utils.scenarios.list.invalidate();
    },
    onError,
  });
  // The deleted card (and its 削除) goes: focus goes to the scenario section, not to the page's top.
  const removed = useRef(false);
  const remove = trpc.scenarios.delete.useMutation({
    onSuccess: () => {
      removed.current = true;
      notify({ type: 'success', title: SCENARIO_TEXT.deleted });
      setIsConfirming(false);
      void utils.scenarios.list.invalidate();
    },
    onError,
  });
  return (
    <Box borderWidth="1px" borderRadius="lg" p="3" data-testid="scenario-item" minW="0">
      {isEditing ? (
        <ScenarioForm
          initial={{ title: scenario.title, description: scenario.description }}
          submitLabel="更新する"
          busy={update.isPending}
          onSubmit={(fields) => saved(update.mutateAsync({ id: scenario.id, ...fields }))}
          onCancel={() => setIsEditing(false)}
          focusTitle
        />
      ) : (
        <Stack gap="2">
          <Text fontWeight="bold" wordBreak="break-word" id={titleId}>
            {scenario.title}
          </Text>
          <Text fontSize="sm" color="gray.700" wordBreak="break-word" whiteSpace="pre-wrap">
            {scenario.description}
          </Text>
          <Text fontSize="xs" color="gray.600" data-testid="scenario-level">
            レベル: {findLevel(scenario.level).name}
          </Text>
          <HStack gap="2" wrap="wrap">
            {/* The scenario's own level: the level its problems come from. */}
            <Button asChild size="sm" colorPalette="blue">
              <Link to="/practice/$difficulty" params={{ difficulty: scenario.level }} search={{ scenario: scenario.id }} aria-describedby={titleId}>
                練習する
              </Link>
            </Button>
            <Button ref={editButton} size="sm" variant="outline" onClick={() => setIsEditing(true)} aria-describedby={titleId}>
              編集
            </Button>
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setIsConfirming(true)} aria-describedby={titleId}>
              削除
            </Button>
          </HStack>
        </Stack>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="シナリオを削除しますか？"
        confirmLabel="削除する"
        colorPalette="red"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: scenario.id })}
        finalFocusEl={() => (removed.current ? document.getElementById(SCENARIO_LIST_ID) : null)}
      >
        「{scenario.title}」を削除します。これまでの解答の履歴は残ります。
      </ConfirmDialog>
    </Box>
  );
}

/** My page: the learner's custom scenarios (premium and trial); standard learners see the upgrade prompt. */
export function ScenarioSection() {
  const subscription = useSubscription();
  const isPremium = subscription.data?.isPremium ?? false;
  const utils = trpc.useUtils();
  const list = trpc.scenarios.list.useQuery(undefined, { enabled: isPremium });
  // The id of the create last sent: sending the same fields again (a retry after a failure whose create
  // may have been stored) reuses it, so the server answers the stored scenario instead of making a
  // second one (decision 074); other fields, or a create after a success, get a new id.
  const sent = useRef<{ title: string; description: string; requestId: string } | null>(null);
  const create = trpc.scenarios.create.useMutation({
    onSuccess: () => {
      sent.current = null;
      notify({ type: 'success', title: SCENARIO_TEXT.created });
      void utils.scenarios.list.invalidate();
    },
    onError: (error) => notify({ type: 'error', title: 'エラー', description: errorMessage(error, '作成に失敗しました') }),
  });
  function submitCreate(fields: { title: string; description: string }): Promise<boolean> {
    const last = sent.current;
    const requestId = last && last.title === fields.title && last.description === fields.description ? last.requestId : crypto.randomUUID();
    sent.current = { ...fields, requestId };
    return saved(create.mutateAsync({ ...fields, requestId }));
  }
  // A record that could not be read is said so, not shown as a placeholder for ever (decision 075).
  if (loadFailed(subscription) && !subscription.data) return <LoadError query={subscription} />;
  if (!subscription.data) return <Skeleton height="16" borderRadius="lg" />;
  if (!isPremium) return <PremiumPrompt feature="カスタムシナリオの作成" testId="scenario-upgrade" />;
  return (
    <Stack gap="4">
      {/* Focus goes here after a deletion; not the list's container, which a click on a disabled button inside would focus. */}
      <Text fontSize="sm" color="gray.600" id={SCENARIO_LIST_ID} tabIndex={-1}>
        練習したい場面を書くと、その場面に合った問題で練習できます。
      </Text>
      {loadFailed(list) && list.data === undefined ? (
        <LoadError query={list} />
      ) : list.data === undefined ? (
        <Skeleton height="16" borderRadius="lg" />
      ) : list.data.length === 0 ? (
        <Text color="gray.600" data-testid="scenario-empty">
          まだシナリオがありません。下のフォームから作成できます。
        </Text>
      ) : (
        <Stack gap="3">
          {list.data.map((scenario) => (
            <ScenarioItem key={scenario.id} scenario={scenario} />
          ))}
        </Stack>
      )}
      <Box bg="gray.50" borderRadius="lg" p="3" data-testid="scenario-create">
        <Text fontWeight="bold" mb="2">
          新しいシナリオ
        </Text>
        <ScenarioForm initial={EMPTY} submitLabel="作成する" busy={create.isPending} onSubmit={submitCreate} />
      </Box>
    </Stack>
  );
}
