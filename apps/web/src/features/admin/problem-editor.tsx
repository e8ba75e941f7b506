import { Badge, Box, Button, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { LEVEL_KEYS, type LevelKey } from '@shunkan/config/levels';
import { notify } from '@shunkan/ui/toaster';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage, trpc } from '../../lib/trpc';
import { NO_VALIDATE } from '../auth/form-parts';
import { LEVEL_LABEL } from './format';

type Draft = { level: LevelKey; japanese: string; answers: string; grammarPoint: string; explanation: string };
const EMPTY: Draft = { level: 'middle-school', japanese: '', answers: '', grammarPoint: '', explanation: '' };

/** Add a problem (no id) or edit one, with its statistics and the most common named errors. */
export function ProblemEditor({ id, open, onClose }: { id: string | null; open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const detail = trpc.admin.problems.get.useQuery({ id: id ?? '' }, { enabled: open && Boolean(id) });
  const save = trpc.admin.problems.save.useMutation();
  const setActive = trpc.admin.problems.setActive.useMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    if (!id) setDraft(EMPTY);
    else if (detail.data)
      setDraft({
        level: detail.data.level as LevelKey,
        japanese: detail.data.japanese,
        answers: detail.data.answers.join('\n'),
        grammarPoint: detail.data.grammarPoint,
        explanation: detail.data.explanation,
      });
  }, [id, detail.data, open]);

  async function refresh() {
    await Promise.all([utils.admin.problems.list.invalidate(), utils.admin.content.invalidate(), id ? utils.admin.problems.get.invalidate({ id }) : null]);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const answers = draft.answers.split('\n').map((a) => a.trim()).filter(Boolean);
    if (!draft.japanese.trim() || answers.length === 0 || !draft.grammarPoint.trim() || draft.explanation.trim().length < 5) {
      setError('日本語の文、正解の英文（1行に1つ）、文法項目、解説（5文字以上）を入力してください');
      return;
    }
    try {
      const result = await save.mutateAsync({
        id: id ?? undefined,
        problem: { level: draft.level, japanese: draft.japanese, answers, grammarPoint: draft.grammarPoint, explanation: draft.explanation },
      });
      notify({ type: 'success', title: '保存しました', description: result.created ? `問題 ${result.id} を追加しました` : `問題 ${result.id} を更新しました` });
      await refresh();
      onClose();
    } catch (e) {
      setError(errorMessage(e, '保存に失敗しました'));
    }
  }

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
                      <NativeSelect.Field value={draft.level} onChange={(e) => setDraft({ ...draft, level: e.target.value as LevelKey })}>
                        {LEVEL_KEYS.map((key) => (
                          <option key={key} value={key}>
                            {LEVEL_LABEL[key]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>日本語の文</Field.Label>
                    <Input value={draft.japanese} onChange={(e) => setDraft({ ...draft, japanese: e.target.value })} maxLength={200} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>正解の英文（1行に1つ、最初の文が模範解答）</Field.Label>
                    <Textarea value={draft.answers} onChange={(e) => setDraft({ ...draft, answers: e.target.value })} rows={5} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>文法項目</Field.Label>
                    <Input value={draft.grammarPoint} onChange={(e) => setDraft({ ...draft, grammarPoint: e.target.value })} maxLength={60} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>解説</Field.Label>
                    <Textarea value={draft.explanation} onChange={(e) => setDraft({ ...draft, explanation: e.target.value })} rows={3} maxLength={500} />
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
