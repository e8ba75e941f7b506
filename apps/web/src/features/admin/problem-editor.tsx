import { Badge, Box, Button, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { LEVEL_KEYS, type LevelKey } from '@shunkan/config/levels';
import { notify } from '@shunkan/ui/toaster';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROBLEM_TEXT_MAX, problemForm, tooLongMessage } from '@shunkan/config/forms';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { errorMessage, trpc } from '../../lib/trpc';
import { NO_VALIDATE } from '../auth/form-parts';
import { LimitNote } from '../forms/limit-note';
import { LEVEL_LABEL } from './format';

type Draft = z.input<typeof problemForm>;
const EMPTY: Draft = { level: 'middle-school', japanese: '', answers: '', grammarPoint: '', explanation: '' };

function isLevel(value: string): value is LevelKey {
  return LEVEL_KEYS.some((key) => key === value);
}

/** Add a problem (no id) or edit one, with its statistics and the most common named errors. */
export function ProblemEditor({ id, open, onClose }: { id: string | null; open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const detail = trpc.admin.problems.get.useQuery({ id: id ?? '' }, { enabled: open && Boolean(id) });
  const save = trpc.admin.problems.save.useMutation();
  const setActive = trpc.admin.problems.setActive.useMutation();
  // The rules and messages are the server's (`problemInput`); the answers are typed one per line.
  const form = useForm({ resolver: zodResolver(problemForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const { reset } = form;

  useEffect(() => {
    setError(null);
    if (!id) reset(EMPTY);
    else if (detail.data)
      reset({
        level: isLevel(detail.data.level) ? detail.data.level : 'middle-school',
        japanese: detail.data.japanese,
        answers: detail.data.answers.join('\n'),
        grammarPoint: detail.data.grammarPoint,
        explanation: detail.data.explanation,
      });
  }, [id, detail.data, open, reset]);

  async function refresh() {
    await Promise.all([utils.admin.problems.list.invalidate(), utils.admin.content.invalidate(), id ? utils.admin.problems.get.invalidate({ id }) : null]);
  }

  const onSubmit = form.handleSubmit(async (problem) => {
    setError(null);
    try {
      const result = await save.mutateAsync({ id: id ?? undefined, problem });
      notify({ type: 'success', title: '保存しました', description: result.created ? `問題 ${result.id} を追加しました` : `問題 ${result.id} を更新しました` });
      await refresh();
      onClose();
    } catch (e) {
      setError(errorMessage(e, '保存に失敗しました'));
    }
  });

  async function toggleActive() {
    if (!id || !detail.data) return;
    try {
      await setActive.mutateAsync({ id, isActive: !detail.data.isActive });
      notify({ type: 'success', title: detail.data.isActive ? '問題を無効にしました' : '問題を有効にしました' });
      await refresh();
    } catch (e) {
      notify({ type: 'error', title: 'エラー', description: errorMessage(e, '変更に失敗しました') });
    }
  }

  const d = detail.data;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? null : onClose())} size={{ base: 'full', sm: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{id ? `問題 ${id}` : '問題を追加'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {d ? (
                  <Box bg="gray.50" borderRadius="md" p="3" data-testid="problem-stats">
                    <HStack gap="2" flexWrap="wrap" mb="2">
                      <Badge colorPalette={d.isActive ? 'green' : 'gray'}>{d.isActive ? '有効' : '無効'}</Badge>
                      <Badge>{d.source === 'bank' ? '同梱バンク' : d.source === 'ai' ? 'AI生成' : '管理者作成'}</Badge>
                      {d.isEdited ? <Badge colorPalette="purple">管理者が編集</Badge> : null}
                    </HStack>
                    <Text fontSize="sm">
                      回答数 {d.attempts}回 ・ 平均評価 {d.averageRating === null ? '—' : d.averageRating.toFixed(1)}
                    </Text>
                    <Text fontSize="sm" mt="1">
                      よくある誤り: {d.commonErrors.length === 0 ? 'なし' : d.commonErrors.map((e) => `${e.label}（${e.count}）`).join('、')}
                    </Text>
                  </Box>
                ) : null}
                <Stack as="form" id="problem-form" gap="3" onSubmit={onSubmit} {...NO_VALIDATE}>
                  <Field.Root>
                    <Field.Label>レベル</Field.Label>
                    <NativeSelect.Root disabled={Boolean(id)}>
                      <NativeSelect.Field {...form.register('level')}>
                        {LEVEL_KEYS.map((key) => (
                          <option key={key} value={key}>
                            {LEVEL_LABEL[key]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator aria-hidden />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.japanese)}>
                    <Field.Label>日本語の文</Field.Label>
                    <Input {...form.register('japanese')} maxLength={PROBLEM_TEXT_MAX.japanese} />
                    {errors.japanese ? <Field.ErrorText>{errors.japanese.message}</Field.ErrorText> : <LimitNote value={form.watch('japanese')} max={PROBLEM_TEXT_MAX.japanese} message={tooLongMessage('日本語の文', PROBLEM_TEXT_MAX.japanese)} />}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.answers)}>
                    <Field.Label>正解の英文（1行に1つ、最初の文が模範解答）</Field.Label>
                    <Textarea {...form.register('answers')} rows={5} />
                    {errors.answers ? <Field.ErrorText>{errors.answers.message}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.grammarPoint)}>
                    <Field.Label>文法項目</Field.Label>
                    <Input {...form.register('grammarPoint')} maxLength={PROBLEM_TEXT_MAX.grammarPoint} />
                    {errors.grammarPoint ? <Field.ErrorText>{errors.grammarPoint.message}</Field.ErrorText> : <LimitNote value={form.watch('grammarPoint')} max={PROBLEM_TEXT_MAX.grammarPoint} message={tooLongMessage('文法項目', PROBLEM_TEXT_MAX.grammarPoint)} />}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.explanation)}>
                    <Field.Label>解説</Field.Label>
                    <Textarea {...form.register('explanation')} rows={3} maxLength={PROBLEM_TEXT_MAX.explanation} />
                    {errors.explanation ? <Field.ErrorText>{errors.explanation.message}</Field.ErrorText> : <LimitNote value={form.watch('explanation')} max={PROBLEM_TEXT_MAX.explanation} message={tooLongMessage('解説', PROBLEM_TEXT_MAX.explanation)} />}
                  </Field.Root>
                  {error ? (
                    <Text color="red.600" role="alert">
                      {error}
                    </Text>
                  ) : null}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {d ? (
                <Button variant="outline" colorPalette={d.isActive ? 'red' : 'green'} onClick={() => void toggleActive()} loading={setActive.isPending} mr="auto">
                  {d.isActive ? '無効にする' : '有効にする'}
                </Button>
              ) : null}
              <Button variant="ghost" onClick={onClose}>
                閉じる
              </Button>
              <Button type="submit" form="problem-form" colorPalette="blue" loading={save.isPending}>
                保存
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
