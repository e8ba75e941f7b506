import { Badge, Box, Button, HStack, Icon, Input, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { RouterOutputs } from '@shunkan/api-router';
import { findLevel, isLevelKey } from '@shunkan/config/levels';
import { notify } from '@shunkan/ui/toaster';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Bookmark, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { dailyGoalForm } from '@shunkan/config/forms';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useKeepFocus } from '../../lib/keep-focus';
import { errorMessage, trpc } from '../../lib/trpc';
import { LoadError, loadFailed } from '../layout/load-error';
import { LevelIcon } from '../icons/level-icon';
import { RatingValue } from '../icons/rating-value';
import { AppealGrades } from '../practice/appeal-grades';
import { Stars } from '../practice/stars';
import { formatDateTime, formatRating, formatSeconds } from './format';

const RatingCharts = lazy(() => import('./rating-chart'));

type Session = RouterOutputs['learning']['recentSessions']['items'][number];
type SessionAppeal = RouterOutputs['appeals']['statuses'][number];

function Tile({ label, value, note, testId }: { label: string; value: ReactNode; note?: ReactNode; testId: string }) {
  return (
    <Box bg="gray.50" borderRadius="lg" p="4" data-testid={testId} minW="0">
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {note ? (
        <Text fontSize="xs" color="gray.600">
          {note}
        </Text>
      ) : null}
    </Box>
  );
}

/** Monthly stats, streak, the chart and per-level stats: the learner's record at a glance. */
export function LearningSummary() {
  const monthly = trpc.learning.monthlyStats.useQuery();
  const streak = trpc.learning.streak.useQuery();
  const levels = trpc.learning.difficultyStats.useQuery();
  if ([monthly, streak, levels].some(loadFailed)) return <LoadError query={[monthly, streak, levels]} />;
  if (!monthly.data || !streak.data || !levels.data) return <Skeleton height="40" borderRadius="lg" />;
  const hasPractised = levels.data.levels.some((l) => l.attempts > 0);
  const current = streak.data.currentStreak;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Tile label="今月の問題数" value={`${monthly.data.totalProblems}問`} note={`${monthly.data.activeDays}日 練習しました`} testId="monthly-total" />
        <Tile label="今月の平均評価" value={<RatingValue value={formatRating(monthly.data.averageRating)} />} testId="monthly-average" />
        <Tile
          label="連続学習日数"
          value={`${current}日`}
          note={
            current > 0 && !streak.data.isTodayDone
              ? `今日練習すると${current + 1}日になります（最長 ${streak.data.longestStreak}日）`
              : `最長 ${streak.data.longestStreak}日`
          }
          testId="streak"
        />
      </SimpleGrid>
      {hasPractised ? (
        <>
          <Suspense fallback={<Skeleton height="56" borderRadius="lg" />}>
            <RatingCharts daily={levels.data.daily} levels={levels.data.levels} />
          </Suspense>
          <LevelTable levels={levels.data.levels} />
        </>
      ) : (
        <Stack gap="3" align="flex-start" data-testid="learning-empty">
          <Text color="gray.600">まだ学習の記録がありません。練習を始めると、ここに評価の推移やレベル別の成績が表示されます。</Text>
          <Button asChild colorPalette="blue" size="sm">
            <Link to="/">練習を始める</Link>
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

const TREND_LABEL = { up: '上昇', down: '下降', flat: '横ばい' } as const;
const TREND_ICON: Record<keyof typeof TREND_LABEL, LucideIcon> = { up: TrendingUp, down: TrendingDown, flat: ArrowRight };
const TREND_COLOR = { up: 'green', down: 'red', flat: 'gray' } as const;

function TrendIcon({ trend }: { trend: keyof typeof TREND_LABEL }) {
  const Trend = TREND_ICON[trend];
  return <Trend aria-hidden />;
}

function LevelTable({ levels }: { levels: RouterOutputs['learning']['difficultyStats']['levels'] }) {
  return (
    <Stack gap="2" data-testid="level-stats">
      <Text fontWeight="bold" color="gray.700">
        レベル別の成績
      </Text>
      {levels.map((level) => {
        const info = findLevel(level.difficultyLevel);
        return (
          <HStack key={level.difficultyLevel} justify="space-between" borderBottomWidth="1px" py="2" gap="2" wrap="wrap" data-testid={`level-${level.difficultyLevel}`}>
            <HStack minW="0" gap="2">
              <Icon color={`${info.color}.600`} boxSize="4">
                <LevelIcon name={info.icon} />
              </Icon>
              <Text>{info.name}</Text>
            </HStack>
            <HStack gap="3" fontSize="sm">
              <Text>{level.attempts}問</Text>
              <RatingValue value={formatRating(level.averageRating)} />
              {level.trend ? (
                <Badge colorPalette={TREND_COLOR[level.trend]} title="直近7日と、その前の7日の平均評価の比較">
                  <TrendIcon trend={level.trend} />
                  {TREND_LABEL[level.trend]}
                </Badge>
              ) : null}
            </HStack>
          </HStack>
        );
      })}
    </Stack>
  );
}

function SessionCard({ session, appeal }: { session: Session; appeal?: SessionAppeal }) {
  const level = isLevelKey(session.difficultyLevel) ? findLevel(session.difficultyLevel) : null;
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      data-testid="session-item"
      minW="0"
      // Focused by 「もっと見る」 (the first item it added), so it takes focus from script only.
      tabIndex={-1}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
    >
      <HStack justify="space-between" gap="2" wrap="wrap" mb="1">
        <HStack gap="2" wrap="wrap">
          <Box data-testid="session-rating">
            <Stars rating={session.rating} size="sm" />
          </Box>
          {session.isBookmarked ? <Badge colorPalette="yellow">
              <Bookmark aria-hidden />
              ブックマーク
            </Badge> : null}
          {session.isLate ? <Badge colorPalette="red">時間切れ</Badge> : null}
          {session.mode === 'review' ? <Badge colorPalette="purple">復習</Badge> : null}
          {appeal ? (
            <Badge colorPalette={appeal.status === 'accepted' ? 'green' : 'blue'} data-testid="appeal-state">
              申し立て: {appeal.statusLabel}
            </Badge>
          ) : null}
        </HStack>
        <Text fontSize="xs" color="gray.600">
          {level ? `${level.name} · ` : ''}
          {formatDateTime(session.createdAt)}
          {session.durationMs !== null ? ` · ${formatSeconds(session.durationMs)}` : ''}
        </Text>
      </HStack>
      <Text fontWeight="bold" lang="ja" wordBreak="break-word">
        {session.japaneseSentence}
      </Text>
      <Text fontSize="sm" color="gray.700" lang="en" wordBreak="break-word">
        あなたの解答: {session.userTranslation}
      </Text>
      <Text fontSize="sm" color="blue.700" lang="en" wordBreak="break-word">
        模範解答: {session.modelAnswer}
      </Text>
      {appeal?.regraded ? (
        <Box mt="2" p="2" bg="gray.50" borderRadius="md">
          <AppealGrades appeal={appeal} />
        </Box>
      ) : null}
    </Box>
  );
}

const PAGE_SIZE = 10;

function SessionList({ kind, empty }: { kind: 'recentSessions' | 'bookmarkedSessions'; empty: ReactNode }) {
  const query = trpc.learning[kind].useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const listRef = useRef<HTMLUListElement>(null);
  // 「もっと見る」 is disabled while it loads (and gone after the last page), which drops focus to the
  // page's top: focus moves to the first item it added instead, where the learner goes on reading.
  const focusIndex = useRef<number | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  useEffect(() => {
    const index = focusIndex.current;
    const item = index === null ? undefined : listRef.current?.children[index];
    if (!(item instanceof HTMLElement)) return;
    focusIndex.current = null;
    item.focus();
  }, [items.length]);
  if (loadFailed(query)) return <LoadError query={query} />;
  if (!query.data) return <Skeleton height="24" borderRadius="lg" />;
  if (items.length === 0) return <>{empty}</>;
  return (
    <Stack gap="3">
      <Stack asChild gap="3">
        <ul ref={listRef}>
          <SessionItems items={items} />
        </ul>
      </Stack>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          alignSelf="center"
          loading={query.isFetchingNextPage}
          onClick={() => {
            focusIndex.current = items.length;
            void query.fetchNextPage();
          }}
        >
          もっと見る
        </Button>
      ) : null}
    </Stack>
  );
}

const APPEAL_IDS_PER_QUERY = 200;

/** The sessions with the state of their appeals (「この答えも正しいはず」), if any. */
function SessionItems({ items }: { items: Session[] }) {
  // The procedure takes 200 ids at a time: one query per 200 sessions loaded, so that the newest keep
  // their state however long the list grows.
  const ids = items.map((s) => s.id);
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += APPEAL_IDS_PER_QUERY) chunks.push(ids.slice(i, i + APPEAL_IDS_PER_QUERY));
  const appeals = trpc.useQueries((t) => chunks.map((attemptIds) => t.appeals.statuses({ attemptIds })));
  const byAttempt = new Map(appeals.flatMap((q) => q.data ?? []).map((a) => [a.attemptId, a]));
  return (
    <>
      {items.map((session) => (
        <SessionCard key={session.id} session={session} appeal={byAttempt.get(session.id)} />
      ))}
    </>
  );
}

export function HistoryList() {
  return (
    <SessionList
      kind="recentSessions"
      empty={<Text color="gray.600">まだ解答の履歴がありません。練習した問題と解答がここに表示されます。</Text>}
    />
  );
}

export function BookmarkList() {
  return (
    <SessionList
      kind="bookmarkedSessions"
      empty={<Text color="gray.600">ブックマークした問題はまだありません。結果画面の「ブックマーク」で保存できます。</Text>}
    />
  );
}

/** The learner's own daily goal (problems a day), set on my page. */
export function DailyGoalEditor() {
  const utils = trpc.useUtils();
  const goal = trpc.learning.dailyGoal.useQuery();
  const save = trpc.learning.setDailyGoal.useMutation({
    onSuccess: (data) => {
      utils.learning.dailyGoal.setData(undefined, data);
      notify({ type: 'success', title: data.dailyGoal === null ? '目標を解除しました' : '目標を保存しました' });
    },
    onError: (error) => notify({ type: 'error', title: 'エラー', description: errorMessage(error, '目標の保存に失敗しました') }),
  });
  if (loadFailed(goal)) return <LoadError query={goal} />;
  if (!goal.data) return <Skeleton height="16" borderRadius="lg" />;
  return <DailyGoalForm current={goal.data.dailyGoal} busy={save.isPending} onSave={(dailyGoal) => save.mutate({ dailyGoal })} />;
}

/** The goal box: 1 to 100 problems a day (the server's rule); saving is offered only for a valid number. */
function DailyGoalForm({ current, busy, onSave }: { current: number | null; busy: boolean; onSave: (goal: number | null) => void }) {
  const form = useForm({
    resolver: zodResolver(dailyGoalForm),
    defaultValues: { dailyGoal: current === null ? '' : String(current) },
    mode: 'onChange',
  });
  // The form stays mounted when the saved goal changes (it used to be remounted by a key, which dropped
  // focus to the page's top after 保存 or Enter): the field takes the saved value, focus stays put. 保存 is
  // disabled while it saves, so focus comes back to it; 目標を解除 goes away with the goal, so focus
  // moves to the field.
  const { reset } = form;
  useEffect(() => reset({ dailyGoal: current === null ? '' : String(current) }), [current, reset]);
  const rememberFocus = useKeepFocus(busy);
  const field = useRef<HTMLInputElement | null>(null);
  const { ref: registerField, ...dailyGoalField } = form.register('dailyGoal');
  const unsetPressed = useRef(false);
  useEffect(() => {
    if (current !== null || !unsetPressed.current) return;
    unsetPressed.current = false;
    if (!document.activeElement || document.activeElement === document.body) field.current?.focus();
  }, [current]);
  const onSubmit = form.handleSubmit(({ dailyGoal }) => {
    rememberFocus();
    onSave(dailyGoal);
  });
  const typed = form.watch('dailyGoal').trim() !== '';
  const { isValid } = form.formState;
  return (
    <Stack as="form" gap="3" data-testid="daily-goal" onSubmit={onSubmit}>
      <Text color="gray.600" fontSize="sm">
        1日に解く問題数を決めましょう（1〜100問）。ホーム画面に今日の進み具合が表示されます。
      </Text>
      <HStack gap="2" wrap="wrap">
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          {...dailyGoalField}
          ref={(element) => {
            registerField(element);
            field.current = element;
          }}
          aria-label="1日の目標（問題数）"
          aria-invalid={typed && !isValid}
          aria-describedby={typed && !isValid ? 'daily-goal-error' : undefined}
          maxW="28"
          bg="white"
        />
        <Text>問 / 日</Text>
        <Button type="submit" colorPalette="blue" size="sm" disabled={!isValid} loading={busy}>
          保存
        </Button>
        {current !== null ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              unsetPressed.current = true;
              onSave(null);
            }}
            disabled={busy}
          >
            目標を解除
          </Button>
        ) : null}
      </HStack>
      {typed && !isValid ? (
        <Text id="daily-goal-error" color="red.700" fontSize="sm" role="alert">
          1〜100の数字を入力してください
        </Text>
      ) : null}
    </Stack>
  );
}

/** Today's progress toward the daily goal (home screen). */
export function DailyGoalProgress() {
  const goal = trpc.learning.dailyGoal.useQuery();
  if (!goal.data) return null;
  const { dailyGoal, answeredToday } = goal.data;
  if (dailyGoal === null) {
    return (
      <HStack bg="white" borderRadius="lg" p="3" boxShadow="xs" justify="space-between" wrap="wrap" gap="2" data-testid="daily-goal-progress">
        <Text fontSize="sm" color="gray.700">
          今日は{answeredToday}問 解きました。1日の目標を決めると続けやすくなります。
        </Text>
        <Button asChild size="xs" variant="outline">
          <Link to="/my-page" hash="daily-goal">
            目標を設定する
          </Link>
        </Button>
      </HStack>
    );
  }
  const isDone = answeredToday >= dailyGoal;
  return (
    <Stack bg="white" borderRadius="lg" p="3" boxShadow="xs" gap="2" data-testid="daily-goal-progress">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="bold">今日の目標</Text>
        <Text data-testid="daily-goal-count">
          {answeredToday} / {dailyGoal} 問{isDone ? '　達成！' : ''}
        </Text>
      </HStack>
      <Progress.Root value={Math.min(100, Math.round((answeredToday / dailyGoal) * 100))} colorPalette={isDone ? 'green' : 'blue'} size="sm" aria-label="今日の目標の進み具合">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
