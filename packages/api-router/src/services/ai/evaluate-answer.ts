import type { Db } from '@shunkan/db';
import { deleteCachedEvaluation, findCachedEvaluation, insertCachedEvaluation } from '@shunkan/db/evaluation-cache';
import { ZEvaluation, type TEvaluation } from '@shunkan/evaluator/types';
import type { TBankProblem } from '@shunkan/evaluator/bank';
import { AiProviderError, type AiEvaluator } from './types';

export type EvaluationProvider = 'builtin' | 'gemini';

/** Cached verdicts per problem and normalised answer: same answer, same stars. */
export type EvaluationCache = {
  get(problemId: string, normalizedAnswer: string, provider: string): Promise<TEvaluation | undefined>;
  set(problemId: string, normalizedAnswer: string, provider: string, evaluation: TEvaluation): Promise<void>;
};

export type BuiltinEvaluator = {
  /** In process (synchronous) or in the evaluator's worker thread. */
  evaluate(problem: TBankProblem, answer: string): TEvaluation | Promise<TEvaluation>;
  /**
   * `evaluate` with the answer's normalisation from the same tokenisation (the built-in evaluator and
   * its worker have it): the answer is not normalised a second time on the main thread.
   */
  grade?(problem: TBankProblem, answer: string): { evaluation: TEvaluation; normalizedAnswer: string } | Promise<{ evaluation: TEvaluation; normalizedAnswer: string }>;
};

export type EvaluationLog = {
  warn(obj: object, msg: string): void;
};

export type EvaluateAnswerInput = {
  problem: TBankProblem;
  answer: string;
  builtin: BuiltinEvaluator;
  /** The built-in evaluator's normalisation, so that cache keys match its notion of "same answer". */
  normalize: (text: string) => string;
  /** Null when no AI is configured: the built-in evaluator grades alone. */
  ai: AiEvaluator | null;
  cache: EvaluationCache;
  log: EvaluationLog;
};

export type EvaluateAnswerResult = {
  evaluation: TEvaluation;
  provider: EvaluationProvider;
  /** True when the AI was asked (or meant to be) but failed and the built-in verdict is shown instead. */
  isFallback: boolean;
  /**
   * When isFallback: the AiFailureReason code ('timeout', 'rate-limited', ...; see AI_FAILURE_MESSAGES_JA
   * for the Japanese wording), or 'unexpected-error' for a provider bug. Null otherwise.
   */
  fallbackReason: string | null;
  isCached: boolean;
  /** The answer as `normalize` has it (the attempt stores it; the AI cache's key). */
  normalizedAnswer: string;
};

/**
 * Grades one answer. With an AI provider: an exact match is graded by the built-in evaluator at once
 * (no cost, no wait), other answers come from the cache or the AI, and any AI failure falls back to
 * the built-in verdict, logged and flagged so the UI can say so. Only real AI verdicts are cached.
 */
export async function evaluateAnswer(input: EvaluateAnswerInput): Promise<EvaluateAnswerResult> {
  const { problem, answer, builtin, normalize, ai, cache, log } = input;
  const graded = builtin.grade ? await builtin.grade(problem, answer) : { evaluation: await builtin.evaluate(problem, answer), normalizedAnswer: normalize(answer) };
  const { evaluation: builtinEvaluation, normalizedAnswer } = graded;
  const builtinResult = (fallbackReason: string | null): EvaluateAnswerResult => ({
    evaluation: builtinEvaluation,
    provider: 'builtin',
    isFallback: fallbackReason !== null,
    fallbackReason,
    isCached: false,
    normalizedAnswer,
  });

  if (!ai) return builtinResult(null);
  // Fast path: the built-in evaluator only gives 5 stars to a match with an accepted answer, which
  // the AI could not grade any better.
  if (builtinEvaluation.rating === 5) return builtinResult(null);
  // Nothing to grade: an AI call would only cost money to say "1 star".
  if (normalizedAnswer === '') return builtinResult(null);

  const cached = await readCache(cache, log, problem.id, normalizedAnswer, ai.name);
  if (cached) return { evaluation: cached, provider: ai.name, isFallback: false, fallbackReason: null, isCached: true, normalizedAnswer };

  let evaluation: TEvaluation;
  try {
    evaluation = await ai.evaluate(problem, answer);
  } catch (error) {
    const reason = error instanceof AiProviderError ? error.reason : 'unexpected-error';
    log.warn(
      {
        problemId: problem.id,
        provider: ai.name,
        reason,
        status: error instanceof AiProviderError ? error.status : undefined,
        error: error instanceof Error ? error.message : String(error),
      },
      'AI evaluation failed; falling back to the built-in evaluator',
    );
    return builtinResult(reason);
  }

  try {
    await cache.set(problem.id, normalizedAnswer, ai.name, evaluation);
    // Two identical answers graded at the same time both reach the AI; the first stored verdict wins
    // (insert ... do nothing), and returning it keeps "same answer, same stars" true for both.
    const stored = await cache.get(problem.id, normalizedAnswer, ai.name);
    if (stored) evaluation = stored;
  } catch (error) {
    // The verdict is valid; losing the cache entry only costs a later AI call.
    log.warn(
      { problemId: problem.id, provider: ai.name, error: error instanceof Error ? error.message : String(error) },
      'could not store the AI evaluation in the cache',
    );
  }
  return { evaluation, provider: ai.name, isFallback: false, fallbackReason: null, isCached: false, normalizedAnswer };
}

async function readCache(
  cache: EvaluationCache,
  log: EvaluationLog,
  problemId: string,
  normalizedAnswer: string,
  provider: string,
): Promise<TEvaluation | undefined> {
  try {
    return await cache.get(problemId, normalizedAnswer, provider);
  } catch (error) {
    // A cache outage must not stop grading; treat it as a miss.
    log.warn({ problemId, error: error instanceof Error ? error.message : String(error) }, 'evaluation cache read failed');
    return undefined;
  }
}

/** The evaluation cache on the `evaluation_cache` table. */
export function createDbEvaluationCache(db: Db): EvaluationCache {
  return {
    async get(problemId, normalizedAnswer, provider) {
      const key = { problemId, normalizedAnswer, provider };
      const stored = await findCachedEvaluation(db, key);
      if (stored === undefined) return undefined;
      const parsed = ZEvaluation.safeParse(parseJsonb(stored));
      if (parsed.success) return parsed.data;
      // A row written for an older shape of TEvaluation is never shown. It is removed so that the next
      // AI verdict can take its place; otherwise "insert ... do nothing" would keep it, and every later
      // identical answer would pay for another AI call.
      await deleteCachedEvaluation(db, key);
      return undefined;
    },

    async set(problemId, normalizedAnswer, provider, evaluation) {
      await insertCachedEvaluation(db, { problemId, normalizedAnswer, provider }, evaluation);
    },
  };
}

/** jsonb arrives parsed from both pg and PGlite; a string would mean a driver that does not parse it. */
function parseJsonb(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
