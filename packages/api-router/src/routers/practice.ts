import { ZRowId } from '../ids.js';
import { hasVisibleText, ZText } from '@shunkan/config/schemas';
import { LEVEL_KEYS } from '@shunkan/config/levels';
import { ANSWER_MAX_LENGTH, ANSWER_TEXT, dailyLimitMessage, SCENARIO_TEXT, TEXT } from '@shunkan/config/texts';
import { findScenario } from '@shunkan/db/scenarios';
import { jstDay } from '@shunkan/config/time';
import { z } from 'zod';
import { AppError } from '../errors.js';
import {
  DailyLimitReachedError,
  getServedToday,
  ProblemNotFoundError,
  serveNextProblem,
  setBookmark,
  submitAnswer,
} from '../domain/practice.js';
import { ZDiffToken, ZEvaluationError } from '@shunkan/evaluator/types';
import { router, subscribedProcedure } from '../trpc.js';

const ZLevel = z.enum(LEVEL_KEYS);

export const ZNextProblemInput = z.object({
  difficultyLevel: ZLevel,
  /** Chosen by the client per click; a repeat returns the same problem without counting twice. */
  requestId: ZText.min(8).max(100).optional(),
});

export const ZServedProblem = z.object({
  problemId: z.string(),
  japaneseSentence: z.string(),
  difficultyLevel: ZLevel,
  servedToday: z.number().int(),
  dailyLimit: z.number().int().nullable(),
  remainingToday: z.number().int().nullable(),
});

export const ZEvaluateInput = z
  .object({
    problemId: ZText.min(1).max(100).optional(),
    japaneseSentence: ZText.min(1).max(500).optional(),
    difficultyLevel: ZLevel.optional(),
    answer: ZText.trim().min(1, { error: ANSWER_TEXT.required, abort: true }).refine(hasVisibleText, ANSWER_TEXT.required).max(ANSWER_MAX_LENGTH, ANSWER_TEXT.tooLong),
    durationMs: z.number().int().min(0).max(86_400_000).optional(),
    mode: z.enum(['practice', 'review']).optional(),
    /** Set when the problem was practised for one of the learner's scenarios (labels the history). */
    scenarioId: z.uuid().optional(),
    /** Timer mode (瞬間): the limit the learner chose, 3 to 10 seconds. */
    timeLimitMs: z.number().int().min(3000).max(10_000).optional(),
    /**
     * Chosen by the client per answer (a UUID) and sent again with its retries: a repeat is answered
     * with the first evaluation, stored and counted once (decision 064). Optional for old clients.
     */
    submissionId: z.uuid(ANSWER_TEXT.submissionId).optional(),
  })
  .refine((v) => v.problemId || v.japaneseSentence, { message: '問題を指定してください' });

const ZSubmittedEvaluation = z.object({
  attemptId: z.string(),
  problemId: z.string(),
  rating: z.number().int().min(1).max(5),
  modelAnswer: z.string(),
  feedback: z.string(),
  similarPhrases: z.array(z.string()),
  errors: z.array(ZEvaluationError),
  isAlternative: z.boolean(),
  alternatives: z.array(z.string()),
  diff: z.array(ZDiffToken),
  provider: z.enum(['builtin', 'gemini']),
  isFallback: z.boolean(),
  /** Fluent English the accepted answers do not cover: the grade may be wrong; the appeal is offered. */
  lowConfidence: z.boolean(),
  fallbackNotice: z.string().nullable(),
  grammarPoint: z.string(),
  explanation: z.string(),
  isLate: z.boolean(),
  timeLimitMs: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
});

/** Serving failures as the learner hears them: the daily limit (429, the spec's message) or no problem. */
export function throwServeError(error: unknown): never {
  if (error instanceof DailyLimitReachedError) throw new AppError('TOO_MANY_REQUESTS', dailyLimitMessage(error.limit));
  if (error instanceof ProblemNotFoundError) throw new AppError('NOT_FOUND', TEXT.problemFailed);
  throw error;
}

export const practiceRouter = router({
  /** POST /api/problem */
  nextProblem: subscribedProcedure
    .input(ZNextProblemInput)
    .output(ZServedProblem)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.now();
      try {
        return await serveNextProblem({
          db: ctx.db,
          userId: ctx.user.id,
          level: input.difficultyLevel,
          requestId: input.requestId,
          dailyLimit: ctx.access.dailyLimit,
          now,
        });
      } catch (error) {
        throwServeError(error);
      }
    }),

  /** POST /api/evaluate-with-claude */
  evaluate: subscribedProcedure
    .input(ZEvaluateInput)
    .output(ZSubmittedEvaluation)
    .mutation(async ({ ctx, input }) => {
      if (input.scenarioId && !(await findScenario(ctx.db, ctx.user.id, input.scenarioId))) {
        throw new AppError('NOT_FOUND', SCENARIO_TEXT.notFound);
      }
      try {
        return await submitAnswer({
          db: ctx.db,
          services: ctx.services.practice,
          userId: ctx.user.id,
          problem: { problemId: input.problemId, japaneseSentence: input.japaneseSentence, level: input.difficultyLevel },
          answer: input.answer,
          durationMs: input.durationMs,
          now: ctx.now(),
          mode: input.scenarioId ? 'scenario' : input.mode,
          scenarioId: input.scenarioId ?? null,
          timeLimitMs: input.timeLimitMs ?? null,
          submissionId: input.submissionId,
        });
      } catch (error) {
        if (error instanceof ProblemNotFoundError) {
          throw new AppError('NOT_FOUND', '問題が見つかりません。新しい問題を表示してください。');
        }
        throw error;
      }
    }),

  /** Today's usage against the plan's limit (shown on the practice screen). */
  today: subscribedProcedure
    .input(z.void())
    .output(z.object({ servedToday: z.number().int(), dailyLimit: z.number().int().nullable(), remainingToday: z.number().int().nullable() }))
    .query(async ({ ctx }) => {
      const { dailyLimit } = ctx.access;
      const servedToday = await getServedToday(ctx.db, ctx.user.id, jstDay(ctx.now()));
      return {
        servedToday,
        dailyLimit,
        remainingToday: dailyLimit === null ? null : Math.max(0, dailyLimit - servedToday),
      };
    }),

  setBookmark: subscribedProcedure
    .input(z.object({ attemptId: ZRowId, isBookmarked: z.boolean() }))
    .output(z.object({ isBookmarked: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const updated = await setBookmark({ db: ctx.db, userId: ctx.user.id, attemptId: input.attemptId, isBookmarked: input.isBookmarked, now: ctx.now() });
      if (!updated) throw new AppError('NOT_FOUND', '解答が見つかりません。');
      return { isBookmarked: input.isBookmarked };
    }),
});
