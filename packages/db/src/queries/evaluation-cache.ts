import type { Db } from '../index.js';

/** A cached verdict is keyed by problem, normalised answer and provider. */
export type EvaluationCacheKey = { problemId: string; normalizedAnswer: string; provider: string };

/** The stored verdict (jsonb, as the driver returns it: parsed by pg and PGlite), or undefined. */
export async function findCachedEvaluation(db: Db, key: EvaluationCacheKey): Promise<unknown> {
  const row = await db
    .selectFrom('evaluation_cache')
    .select('result')
    .where('problem_id', '=', key.problemId)
    .where('normalized_answer', '=', key.normalizedAnswer)
    .where('provider', '=', key.provider)
    .executeTakeFirst();
  return row?.result;
}

export async function deleteCachedEvaluation(db: Db, key: EvaluationCacheKey): Promise<void> {
  await db
    .deleteFrom('evaluation_cache')
    .where('problem_id', '=', key.problemId)
    .where('normalized_answer', '=', key.normalizedAnswer)
    .where('provider', '=', key.provider)
    .execute();
}

/** Stores a verdict unless one is already stored for the key (the first stored verdict wins). */
export async function insertCachedEvaluation(db: Db, key: EvaluationCacheKey, result: unknown): Promise<void> {
  await db
    .insertInto('evaluation_cache')
    .values({ problem_id: key.problemId, normalized_answer: key.normalizedAnswer, provider: key.provider, result: JSON.stringify(result) })
    .onConflict((oc) => oc.columns(['problem_id', 'normalized_answer', 'provider']).doNothing())
    .execute();
}
