import { hasVisibleText, ZText } from '@shunkan/config/schemas';
import { LEVEL_KEYS } from '@shunkan/config/levels';
import { ANSWER_MAX_LENGTH, ANSWER_TEXT } from '@shunkan/config/texts';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { takeDemoQuota, DemoLimitReachedError, DEMO_PROBLEMS_PER_DAY, isDemoProblemOf, recordDemoProblem } from '../domain/demo.js';
import { findProblem, pickRandomBankProblem } from '@shunkan/db/problems';
import { ZDiffToken, ZEvaluationError } from '@shunkan/evaluator/types';
import { publicProcedure, router } from '../trpc.js';

const DEMO_LIMIT_MESSAGE = `デモでお試しいただけるのは1日${DEMO_PROBLEMS_PER_DAY}問までです。続きは無料トライアルでどうぞ。`;

/**
 * /demo: a guest really tries a few problems, graded by the built-in evaluator. Nothing of the guest is
 * stored but the day's count and the problems served (by a hash of the client key), which are the only
 * ones graded.
 */
export const demoRouter = router({
  nextProblem: publicProcedure
    .input(z.object({ difficultyLevel: z.enum(LEVEL_KEYS) }))
    .output(z.object({ problemId: z.string(), japaneseSentence: z.string(), difficultyLevel: z.enum(LEVEL_KEYS), remainingToday: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      let remainingToday: number;
      try {
        remainingToday = await takeDemoQuota(ctx.db, ctx.clientIp ?? 'unknown', ctx.now());
      } catch (error) {
        if (error instanceof DemoLimitReachedError) throw new AppError('TOO_MANY_REQUESTS', DEMO_LIMIT_MESSAGE);
        throw error;
      }
      const problem = await pickRandomBankProblem(ctx.db, input.difficultyLevel);
      if (!problem) throw new AppError('NOT_FOUND', '問題の生成に失敗しました。');
      await recordDemoProblem(ctx.db, ctx.clientIp ?? 'unknown', problem.id, ctx.now());
      return { problemId: problem.id, japaneseSentence: problem.japanese, difficultyLevel: input.difficultyLevel, remainingToday };
    }),

  evaluate: publicProcedure
    .input(z.object({ problemId: ZText.min(1).max(100), answer: ZText.trim().min(1, { error: ANSWER_TEXT.required, abort: true }).refine(hasVisibleText, ANSWER_TEXT.required).max(ANSWER_MAX_LENGTH, ANSWER_TEXT.tooLong) }))
    .output(
      z.object({
        rating: z.number().int(),
        modelAnswer: z.string(),
        feedback: z.string(),
        similarPhrases: z.array(z.string()),
        errors: z.array(ZEvaluationError),
        isAlternative: z.boolean(),
        alternatives: z.array(z.string()),
        diff: z.array(ZDiffToken),
        grammarPoint: z.string(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      // Only a problem this guest was served (demo.nextProblem, within the quota) is graded.
      const served = await isDemoProblemOf(ctx.db, ctx.clientIp ?? 'unknown', input.problemId, ctx.now());
      const row = served ? await findProblem(ctx.db, { problemId: input.problemId }) : undefined;
      if (!row || row.source !== 'bank') throw new AppError('NOT_FOUND', '問題が見つかりません。');
      const builtin = ctx.services.practice.grader ?? (await ctx.services.practice.getEvaluator());
      const evaluation = await builtin.evaluate(
        {
          id: row.id,
          level: row.level as (typeof LEVEL_KEYS)[number],
          japanese: row.japanese,
          answers: row.answers,
          grammarPoint: row.grammar_point,
          explanation: row.explanation,
          synonyms: row.synonyms,
          similarPhrases: row.similar_phrases,
        },
        input.answer,
      );
      return { ...evaluation, grammarPoint: row.grammar_point };
    }),
});
