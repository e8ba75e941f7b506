import { LEVEL_KEYS, type LevelKey } from '@shunkan/config/levels';
import { z } from 'zod';
import { serveNextProblem } from '../domain/practice.js';
import { countDueReviews, findNextDueReview } from '../domain/review.js';
import { premiumProcedure, router } from '../trpc.js';
import { throwServeError, ZNextProblemInput, ZServedProblem } from './practice.js';

/** Spaced review of weak answers and bookmarks: premium and trial only (premiumProcedure). */
export const reviewRouter = router({
  /** The home screen's count of due reviews, and the level of the first one. */
  summary: premiumProcedure
    .input(z.void())
    .output(z.object({ dueCount: z.number().int(), nextLevel: z.enum(LEVEL_KEYS).nullable() }))
    .query(async ({ ctx }) => {
      const now = ctx.now();
      const [dueCount, next] = await Promise.all([
        countDueReviews({ db: ctx.db, userId: ctx.user.id, now }),
        findNextDueReview({ db: ctx.db, userId: ctx.user.id, now }),
      ]);
      return { dueCount, nextLevel: (next?.level as LevelKey | undefined) ?? null };
    }),

  /**
   * Review mode's next problem: the earliest due review first (of any level), else a new problem of
   * the chosen level. Counted against the day's limit like any problem.
   */
  next: premiumProcedure
    .input(ZNextProblemInput)
    .output(ZServedProblem.extend({ isReview: z.boolean(), dueCount: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const now = ctx.now();
      const due = await findNextDueReview({ db: ctx.db, userId: ctx.user.id, now });
      try {
        const served = await serveNextProblem({
          db: ctx.db,
          userId: ctx.user.id,
          level: due ? (due.level as LevelKey) : input.difficultyLevel,
          problemId: due?.problemId,
          requestId: input.requestId,
          dailyLimit: ctx.access.dailyLimit,
          now,
        });
        const dueCount = await countDueReviews({ db: ctx.db, userId: ctx.user.id, now });
        return { ...served, isReview: due !== undefined, dueCount };
      } catch (error) {
        throwServeError(error);
      }
    }),
});
