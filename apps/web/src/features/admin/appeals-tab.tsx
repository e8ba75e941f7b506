import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { RouterOutputs } from '@shunkan/api-router';
import { APPEAL_TEXT } from '@shunkan/config/appeals';
import { notify } from '@shunkan/ui/toaster';
import { useRef, useState, type ReactNode } from 'react';
import { errorMessage, trpc } from '../../lib/trpc';
import { GradeErrorList } from '../practice/appeal-grades';
import { Stars } from '../practice/stars';
import { LoadError, loadFailed, Loading, Section } from './common';
import { keepPageOf, Pager } from './pager';
import { formatCount, formatDateTime } from './format';

type AdminAppeal = RouterOutputs['admin']['appeals']['list']['items'][number];
type Filter = 'pending' | 'decided';

/** Appeals per page of the queue. */
export const APPEALS_PAGE_SIZE = 10;

/** The queue's first page of pending appeals: the dashboard reads its pending count for the tab label. */
export const PENDING_QUEUE_INPUT = { status: 'pending', limit: APPEALS_PAGE_SIZE } as const;

const PROVIDER_LABEL: Record<string, string> = { builtin: '内蔵採点', gemini: 'Gemini' };
const STATUS_PALETTE: Record<AdminAppeal['status'], string> = { pending: 'orange', accepted: 'green', rejected: 'gray' };

/** The pending count shown on the tab (null until known). */
export function usePendingAppealCount(): number | null {
  const queue = trpc.admin.appeals.list.useQuery(PENDING_QUEUE_INPUT);
  return queue.data ? queue.data.counts.pending : null;
}

/**
 * The appeal queue (issue 12's loop, issue 10's screen): a learner's 「この答えも正しいはず」 with the
 * problem and the automatic verdict; accepting adds the sentence to the problem's accepted answers and
 * regrades the attempt, rejecting leaves the grade.
 */
const APPEALS_TOTAL_ID = 'appeals-total';

export function AppealsTab() {
  const [filter, setFilter] = useState<Filter>('pending');
  // Keyset paging: the `before` cursor of each page visited so far (the first page has none).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length;
  const before = cursors.at(-1);
  const queue = trpc.admin.appeals.list.useQuery(filter === 'pending' && !before ? PENDING_QUEUE_INPUT : { status: filter, limit: APPEALS_PAGE_SIZE, before }, {
    placeholderData: keepPageOf({ status: filter }),
  });
  const counts = queue.data?.counts;

  function choose(next: Filter) {
    setFilter(next);
    setCursors([undefined]);
  }

  const total = counts ? (filter === 'pending' ? counts.pending : counts.accepted + counts.rejected) : null;
  const nextBefore = queue.data?.nextBefore ?? null;

  return (
    <Section title="申し立ての確認">
      <Text fontSize="sm" color="gray.600">
        学習者が「{APPEAL_TEXT.button}」と申し立てた解答です。正解として登録すると、その問題の正解に加わり、解答が再採点されます。
      </Text>
      <HStack gap="2" flexWrap="wrap" role="group" aria-label="表示する申し立て">
        <Button size="sm" variant={filter === 'pending' ? 'solid' : 'outline'} colorPalette="blue" aria-pressed={filter === 'pending'} onClick={() => choose('pending')}>
          確認待ち{counts ? `（${formatCount(counts.pending)}）` : ''}
        </Button>
        <Button size="sm" variant={filter === 'decided' ? 'solid' : 'outline'} colorPalette="blue" aria-pressed={filter === 'decided'} onClick={() => choose('decided')}>
          判定済み{counts ? `（${formatCount(counts.accepted + counts.rejected)}）` : ''}
        </Button>
      </HStack>
      {loadFailed(queue) ? <LoadError query={queue} /> : null}
      {!queue.data && !loadFailed(queue) ? <Loading /> : null}
      {queue.data ? (
        <>
          <Text fontSize="sm" color="gray.600" data-testid="appeals-total" id={APPEALS_TOTAL_ID} tabIndex={-1}>
            {total === null ? '' : `${formatCount(total)}件`}
            {counts && filter === 'decided' ? `（登録 ${formatCount(counts.accepted)}・却下 ${formatCount(counts.rejected)}）` : ''}
          </Text>
          {queue.data.items.length === 0 ? (
            <Text color="gray.600" data-testid="appeals-empty">
              {filter === 'pending' ? '確認待ちの申し立てはありません。' : '判定済みの申し立てはありません。'}
            </Text>
          ) : (
            <Stack gap="3" data-testid="appeal-list">
              {queue.data.items.map((appeal) => (
                <AppealCard key={appeal.id} appeal={appeal} />
              ))}
            </Stack>
          )}
          {page > 1 || nextBefore ? (
            <Pager label={`${page}ページ`} hasPrevious={page > 1} hasNext={Boolean(nextBefore)} onPrevious={() => setCursors((c) => c.slice(0, -1))} onNext={() => nextBefore && setCursors((c) => [...c, nextBefore])} />
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box minW="0" data-testid={testId}>
      <Text fontSize="xs" color="gray.600">
        {label}
      </Text>
      <Box overflowWrap="anywhere">{children}</Box>
    </Box>
  );
}

/** A grade as the learner's result card showed it: uncertainty flag, feedback, named errors. */
function VerdictDetail({ verdict, modelAnswer, testId }: { verdict: NonNullable<AdminAppeal['original']>; modelAnswer: string; testId: string }) {
  return (
    <>
      {verdict.lowConfidence ? (
        <Badge colorPalette="blue" variant="subtle" whiteSpace="normal" alignSelf="flex-start" data-testid={`${testId}-low-confidence`}>
          {APPEAL_TEXT.uncertaintyNote}
        </Badge>
      ) : null}
      {verdict.feedback ? (
        <Text fontSize="sm" whiteSpace="pre-wrap" data-testid={`${testId}-feedback`}>
          {verdict.feedback}
        </Text>
      ) : null}
      <GradeErrorList errors={verdict.errors} testId={testId} />
      {verdict.closestAnswer && verdict.closestAnswer !== modelAnswer ? (
        <Text fontSize="xs" color="gray.600">
          比較した正解: {verdict.closestAnswer}
        </Text>
      ) : null}
    </>
  );
}

function AppealCard({ appeal }: { appeal: AdminAppeal }) {
  const utils = trpc.useUtils();
  const decide = trpc.admin.appeals.decide.useMutation();
  const { original, regraded } = appeal;
  const cardRef = useRef<HTMLDivElement>(null);

  async function onDecide(decision: 'accept' | 'reject') {
    try {
      const result = await decide.mutateAsync({ appealId: appeal.id, decision });
      notify({
        type: 'success',
        title: decision === 'accept' ? '正解として登録しました' : '申し立てを却下しました',
        description:
          decision === 'accept'
            ? `${appeal.answer}${result.regradedRating === null ? '' : `（再採点: 星${result.regradedRating}つ）`}`
            : appeal.answer,
      });
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: errorMessage(error, '申し立ての判定に失敗しました') });
    } finally {
      // The decided card leaves the queue, and its buttons had focus: focus goes to the next appeal (or
      // the count when none is left), not to the page's top (decision 075).
      const card = cardRef.current;
      const next = card?.nextElementSibling ?? card?.previousElementSibling;
      // Decided here or by another admin meanwhile: either way the queue and its counts are stale.
      await utils.admin.appeals.list.invalidate();
      // After the queue's new render is on screen.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (!document.activeElement || document.activeElement === document.body) {
        const target = next instanceof HTMLElement && next.isConnected ? next : document.getElementById(APPEALS_TOTAL_ID);
        target?.focus();
      }
    }
  }

  return (
    <Box ref={cardRef} tabIndex={-1} borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} bg="white" data-testid="appeal-card" data-appeal-id={appeal.id}>
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap" fontSize="sm">
          <Badge colorPalette={STATUS_PALETTE[appeal.status]} data-testid="appeal-status-label">
            {appeal.statusLabel}
          </Badge>
          <Badge variant="outline" data-testid="appeal-problem-id">
            {appeal.problemId}
          </Badge>
          <Text color="gray.600">{formatDateTime(appeal.createdAt)}</Text>
          <Text color="gray.600" overflowWrap="anywhere" minW="0">
            {appeal.userEmail ?? '（退会したユーザー）'}
          </Text>
        </HStack>
        <Field label="問題" testId="appeal-japanese">
          <Text fontWeight="medium">{appeal.japanese}</Text>
        </Field>
        <Field label="模範解答" testId="appeal-model-answer">
          <Text>{appeal.modelAnswer}</Text>
        </Field>
        <Field label="学習者の解答" testId="appeal-answer">
          <Text fontWeight="bold" fontSize="lg">
            {appeal.answer}
          </Text>
        </Field>
        <Box borderWidth="1px" borderRadius="md" p="3" bg="gray.50" data-testid="appeal-verdict">
          <Stack gap="2">
            <HStack gap="3" flexWrap="wrap">
              <Text fontSize="sm" color="gray.600">
                {regraded ? APPEAL_TEXT.original : '自動採点'}
              </Text>
              <Stars rating={appeal.originalRating} size="sm" />
              {appeal.recheckRating !== null ? (
                <Text fontSize="sm" color="gray.600">
                  再確認（{PROVIDER_LABEL[appeal.recheckProvider ?? ''] ?? '—'}）: 星{appeal.recheckRating}つ
                </Text>
              ) : null}
            </HStack>
            {original ? <VerdictDetail verdict={original} modelAnswer={appeal.modelAnswer} testId="appeal" /> : (
              <Text fontSize="sm" color="gray.600" data-testid="appeal-original-not-recorded">
                {APPEAL_TEXT.originalNotRecorded}
              </Text>
            )}
          </Stack>
        </Box>
        {regraded ? (
          <Box borderWidth="1px" borderColor="green.200" borderRadius="md" p="3" bg="green.50" data-testid="appeal-regraded-verdict">
            <Stack gap="2">
              <HStack gap="3" flexWrap="wrap">
                <Text fontSize="sm" color="green.800" data-testid="appeal-regraded">
                  {APPEAL_TEXT.regraded}: 星{regraded.rating}つ
                </Text>
                <Stars rating={regraded.rating} size="sm" />
              </HStack>
              <VerdictDetail verdict={regraded} modelAnswer={appeal.modelAnswer} testId="appeal-regraded" />
            </Stack>
          </Box>
        ) : null}
        {appeal.status === 'pending' ? (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
            <Button size="sm" colorPalette="green" loading={decide.isPending && decide.variables?.decision === 'accept'} disabled={decide.isPending} onClick={() => void onDecide('accept')}>
              正解として登録
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" loading={decide.isPending && decide.variables?.decision === 'reject'} disabled={decide.isPending} onClick={() => void onDecide('reject')}>
              却下
            </Button>
          </Stack>
        ) : (
          <Text fontSize="sm" color="gray.600" data-testid="appeal-decided">
            判定: {formatDateTime(appeal.decidedAt)}
            {appeal.decidedByEmail ? `（${appeal.decidedByEmail}）` : appeal.status === 'accepted' ? '（登録済みの正解と一致したため自動で登録）' : ''}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
