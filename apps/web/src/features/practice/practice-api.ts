import type { RouterOutputs } from '@shunkan/api-router';
import type { LevelKey } from '@shunkan/config/levels';
import { trpc } from '../../lib/trpc';

export type PracticeProblem = {
  problemId: string;
  japaneseSentence: string;
  isReview?: boolean;
  dueCount?: number;
  /** Where a scenario's problem came from, said to the learner. */
  notice?: string;
};

/** Normal practice, review mode (due reviews first) or a custom scenario; the last two premium and trial. */
export type PracticeMode = { kind: 'practice' } | { kind: 'review' } | { kind: 'scenario'; scenarioId: string };

type MemberResult = RouterOutputs['practice']['evaluate'];
/** What the result card shows; members also get an attempt id (bookmark) and a fallback notice. */
export type PracticeResult = Omit<
  MemberResult,
  'attemptId' | 'fallbackNotice' | 'provider' | 'isFallback' | 'problemId' | 'explanation' | 'isLate' | 'timeLimitMs' | 'durationMs' | 'lowConfidence'
> & {
  attemptId?: string;
  fallbackNotice?: string | null;
  /** Timer mode (members only): answered after the limit, and how long it took. */
  isLate?: boolean;
  durationMs?: number | null;
  /** Fluent English the accepted answers do not cover: the grade may be wrong (appeal offered). */
  lowConfidence?: boolean;
};

/** What the result card shows after 「この答えも正しいはず」. */
export type AppealView = {
  statusLabel: string;
  message: string;
  recheckRating: number | null;
  /** The stars appealed, and the attempt's new grade when the appeal settled at once. */
  originalRating: number;
  original: RouterOutputs['appeals']['submit']['appeal']['original'];
  regraded: RouterOutputs['appeals']['submit']['appeal']['regraded'];
};

export type PracticeApi = {
  next: (level: LevelKey, requestId: string) => Promise<PracticeProblem>;
  /**
   * `submissionId` names this answer (a UUID) and is sent again when the same answer is retried, so
   * that an answer stored before its reply was lost is not stored twice (decision 064).
   */
  evaluate: (problem: PracticeProblem, answer: string, durationMs: number, timeLimitMs: number | null, submissionId: string) => Promise<PracticeResult>;
  setBookmark?: (attemptId: string, isBookmarked: boolean) => Promise<void>;
  /** 「この答えも正しいはず」: re-check at once and queue for an admin (members only). */
  appeal?: (attemptId: string) => Promise<AppealView>;
  /** The day's quota line, e.g. 今日の残り 12 / 50 問. */
  quotaText: string | null;
};

export function useMemberPracticeApi(mode: PracticeMode = { kind: 'practice' }): PracticeApi {
  const utils = trpc.useUtils();
  const today = trpc.practice.today.useQuery();
  const next = trpc.practice.nextProblem.useMutation({ onSuccess: () => void utils.practice.today.invalidate() });
  const nextReview = trpc.review.next.useMutation({ onSuccess: () => void utils.practice.today.invalidate() });
  const nextScenario = trpc.scenarios.nextProblem.useMutation({ onSuccess: () => void utils.practice.today.invalidate() });
  // The learning record (my page, the home screen's daily goal) changes with every answer.
  const refreshRecord = () => {
    void utils.learning.invalidate();
    void utils.review.invalidate();
  };
  const evaluate = trpc.practice.evaluate.useMutation({ onSuccess: refreshRecord });
  const bookmark = trpc.practice.setBookmark.useMutation({ onSuccess: refreshRecord });
  const appeal = trpc.appeals.submit.useMutation({ onSuccess: refreshRecord });
  const quota = today.data;
  return {
    next: (level, requestId) => {
      if (mode.kind === 'review') return nextReview.mutateAsync({ difficultyLevel: level, requestId });
      if (mode.kind === 'scenario') return nextScenario.mutateAsync({ scenarioId: mode.scenarioId, difficultyLevel: level, requestId });
      return next.mutateAsync({ difficultyLevel: level, requestId });
    },
    evaluate: (problem, answer, durationMs, timeLimitMs, submissionId) =>
      evaluate.mutateAsync({
        problemId: problem.problemId,
        answer,
        durationMs,
        timeLimitMs: timeLimitMs ?? undefined,
        submissionId,
        mode: problem.isReview ? 'review' : undefined,
        scenarioId: mode.kind === 'scenario' ? mode.scenarioId : undefined,
      }),
    setBookmark: async (attemptId, isBookmarked) => {
      await bookmark.mutateAsync({ attemptId, isBookmarked });
    },
    appeal: async (attemptId) => {
      const result = await appeal.mutateAsync({ attemptId });
      return {
        statusLabel: result.appeal.statusLabel,
        message: result.message,
        recheckRating: result.recheck?.rating ?? null,
        originalRating: result.appeal.originalRating,
        original: result.appeal.original,
        regraded: result.appeal.regraded,
      };
    },
    quotaText: quota && quota.remainingToday !== null ? `今日の残り ${quota.remainingToday} / ${quota.dailyLimit} 問` : null,
  };
}

export function useDemoPracticeApi(): PracticeApi {
  const next = trpc.demo.nextProblem.useMutation();
  const evaluate = trpc.demo.evaluate.useMutation();
  const remaining = next.data?.remainingToday;
  return {
    next: (level) => next.mutateAsync({ difficultyLevel: level }),
    evaluate: (problem, answer) => evaluate.mutateAsync({ problemId: problem.problemId, answer }),
    quotaText: remaining === undefined ? null : `デモの残り ${remaining} 問`,
  };
}
