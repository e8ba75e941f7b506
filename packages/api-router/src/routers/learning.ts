import { ZText } from '@shunkan/config/schemas';
import { dailyGoal } from '@shunkan/config/forms';
import { LEVEL_KEYS } from '@shunkan/config/levels';
import { saveDailyGoal } from '@shunkan/db/learning';
import { z } from 'zod';
import {
  decodeCursor,
  getDailyGoal,
  getDifficultyStats,
  getMonthlyStats,
  getProgressReport,
  getStreak,
  listSessions,
} from '../domain/learning.js';
import { AppError } from '../errors.js';
import { premiumProcedure, protectedProcedure, router } from '../trpc.js';

const ZRating = z.number().nullable();

export const ZMonthlyStats = z.object({
  month: z.string(),
  totalProblems: z.number().int(),
  averageRating: ZRating,
  activeDays: z.number().int(),
});

export const ZStreak = z.object({
  currentStreak: z.number().int(),
  isTodayDone: z.boolean(),
  longestStreak: z.number().int(),
  lastPracticeDay: z.string().nullable(),
});

export const ZDifficultyStats = z.object({
  levels: z.array(
    z.object({
      difficultyLevel: z.enum(LEVEL_KEYS),
      attempts: z.number().int(),
      averageRating: ZRating,
      recentAverage: ZRating,
      previousAverage: ZRating,
      trend: z.enum(['up', 'down', 'flat']).nullable(),
    }),
  ),
  daily: z.array(z.object({ day: z.string(), attempts: z.number().int(), averageRating: ZRating })),
});

export const ZSessionsInput = z
  .object({
    cursor: ZText.max(60).nullish(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .default({ limit: 20 });

export const ZSessionItem = z.object({
  id: z.string(),
  problemId: z.string(),
  japaneseSentence: z.string(),
  difficultyLevel: z.string(),
  userTranslation: z.string(),
  rating: z.number().int(),
  modelAnswer: z.string(),
  feedback: z.string(),
  isBookmarked: z.boolean(),
  durationMs: z.number().int().nullable(),
  timeLimitMs: z.number().int().nullable(),
  isLate: z.boolean(),
  mode: z.string(),
  createdAt: z.string(),
});

const ZSessionPage = z.object({ items: z.array(ZSessionItem), nextCursor: z.string().nullable() });

const ZProgressReport = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), attempts: z.number().int(), averageRating: ZRating })),
  grammarPoints: z.array(z.object({ grammarPoint: z.string(), attempts: z.number().int(), averageRating: ZRating })),
});

const ZDailyGoal = z.object({ dailyGoal: z.number().int().nullable(), answeredToday: z.number().int() });

function cursorOf(input: { cursor?: string | null }) {
  if (input.cursor === undefined || input.cursor === null) return undefined;
  const cursor = decodeCursor(input.cursor);
  if (!cursor) throw new AppError('BAD_REQUEST', 'ページの指定が正しくありません。');
  return cursor;
}

/**
 * The learner's own record (my page). Reading it needs only a verified sign-in, not an active plan:
 * a learner whose subscription lapsed still sees what they did. The weekly and per-grammar-point
 * report is the premium "detailed analysis".
 */
export const learningRouter = router({
  /** GET /api/monthly-stats */
  monthlyStats: protectedProcedure
    .input(z.void())
    .output(ZMonthlyStats)
    .query(({ ctx }) => getMonthlyStats({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),

  /** GET /api/streak */
  streak: protectedProcedure
    .input(z.void())
    .output(ZStreak)
    .query(({ ctx }) => getStreak({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),

  /** GET /api/difficulty-stats */
  difficultyStats: protectedProcedure
    .input(z.void())
    .output(ZDifficultyStats)
    .query(({ ctx }) => getDifficultyStats({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),

  /** GET /api/recent-sessions */
  recentSessions: protectedProcedure
    .input(ZSessionsInput)
    .output(ZSessionPage)
    .query(({ ctx, input }) => listSessions({ db: ctx.db, userId: ctx.user.id, limit: input.limit, cursor: cursorOf(input) })),

  /** GET /api/bookmarked-sessions */
  bookmarkedSessions: protectedProcedure
    .input(ZSessionsInput)
    .output(ZSessionPage)
    .query(({ ctx, input }) => listSessions({ db: ctx.db, userId: ctx.user.id, limit: input.limit, cursor: cursorOf(input), isBookmarked: true })),

  /** GET /api/progress-report */
  progressReport: premiumProcedure
    .input(z.void())
    .output(ZProgressReport)
    .query(({ ctx }) => getProgressReport({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),

  /** The learner's daily goal and today's answered problems (home screen). */
  dailyGoal: protectedProcedure
    .input(z.void())
    .output(ZDailyGoal)
    .query(({ ctx }) => getDailyGoal({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),

  setDailyGoal: protectedProcedure
    .input(z.object({ dailyGoal: z.nullable(dailyGoal) }))
    .output(ZDailyGoal)
    .mutation(async ({ ctx, input }) => {
      await saveDailyGoal(ctx.db, ctx.user.id, input.dailyGoal, ctx.now());
      return getDailyGoal({ db: ctx.db, userId: ctx.user.id, now: ctx.now() });
    }),
});
