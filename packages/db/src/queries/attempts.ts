import { jstDay } from '@shunkan/config/time';
import { sql } from 'kysely';
import type { Db } from '../index.js';
import { cardColumns, type ReviewCardFields } from './reviews.js';

export type NewAttemptInput = {
  userId: string;
  problemId: string;
  level: string;
  answer: string;
  normalizedAnswer: string;
  rating: number;
  modelAnswer: string;
  feedback: string;
  errors: unknown[];
  similarPhrases: string[];
  provider: string;
  isFallback: boolean;
  durationMs: number | null;
  mode?: 'practice' | 'review' | 'scenario';
  scenarioId?: string | null;
  timeLimitMs?: number | null;
  isLate?: boolean;
  createdAt: Date;
  /** The learner's review card for the problem after this answer, created or replaced in the same statement. */
  reviewCard?: { reason: 'weak' | 'bookmark'; card: ReviewCardFields } | null;
};

/**
 * Stores an attempt and adds it to the learner's daily summary (learning_days) in ONE statement (a
 * data-modifying CTE: all writes or none, one round trip): every attempt goes through here, so the
 * summary never drifts from the attempts it sums. With `reviewCard`, the learner's card for the problem
 * is written by the same statement.
 */
export async function insertAttempt(db: Db, input: NewAttemptInput): Promise<{ id: string; day: string }> {
  const day = jstDay(input.createdAt);
  const review = input.reviewCard;
  const base = db
    .with('attempt', (qb) =>
      qb
        .insertInto('attempts')
        .values({
          user_id: input.userId,
          problem_id: input.problemId,
          level: input.level,
          answer: input.answer,
          normalized_answer: input.normalizedAnswer,
          rating: input.rating,
          model_answer: input.modelAnswer,
          feedback: input.feedback,
          errors: JSON.stringify(input.errors),
          similar_phrases: JSON.stringify(input.similarPhrases),
          provider: input.provider,
          is_fallback: input.isFallback,
          duration_ms: input.durationMs,
          mode: input.mode ?? 'practice',
          scenario_id: input.scenarioId ?? null,
          time_limit_ms: input.timeLimitMs ?? null,
          is_late: input.isLate ?? false,
          created_at: input.createdAt,
          day,
        })
        .returning('id'),
    )
    .with('summary', (qb) =>
      qb
        .insertInto('learning_days')
        .values({ user_id: input.userId, day, level: input.level, attempts: 1, rating_sum: input.rating })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day', 'level']).doUpdateSet({
            attempts: sql`learning_days.attempts + 1`,
            rating_sum: sql`learning_days.rating_sum + ${input.rating}`,
          }),
        )
        .returning('user_id'),
    );
  const row = review
    ? await base
        .with('card', (qb) => {
          const values = { ...cardColumns(review.card), updated_at: input.createdAt };
          return qb
            .insertInto('review_cards')
            .values({ user_id: input.userId, problem_id: input.problemId, reason: review.reason, created_at: input.createdAt, ...values })
            .onConflict((oc) => oc.columns(['user_id', 'problem_id']).doUpdateSet(values))
            .returning('user_id');
        })
        .selectFrom('attempt')
        .select('attempt.id')
        .executeTakeFirstOrThrow()
    : await base.selectFrom('attempt').select('attempt.id').executeTakeFirstOrThrow();
  return { id: String(row.id), day };
}

export async function setAttemptBookmark(db: Db, userId: string, attemptId: string, isBookmarked: boolean): Promise<{ problemId: string } | undefined> {
  return db
    .updateTable('attempts')
    .set({ is_bookmarked: isBookmarked })
    .where('id', '=', attemptId)
    .where('user_id', '=', userId)
    .returning('problem_id as problemId')
    .executeTakeFirst();
}

export type AttemptListItem = {
  id: string;
  problemId: string;
  japanese: string;
  level: string;
  answer: string;
  rating: number;
  modelAnswer: string;
  feedback: string;
  isBookmarked: boolean;
  durationMs: number | null;
  timeLimitMs: number | null;
  isLate: boolean;
  mode: string;
  createdAt: Date;
};

/** A position in a newest-first list: the last item's time and id. */
export type AttemptCursor = { createdAt: Date; id: string };

/**
 * A learner's attempts, newest first, `limit` after the cursor. Served by attempts_user_created_idx
 * (or the partial bookmark index), so a page costs the same whatever the length of the history.
 */
export async function listAttempts(
  db: Db,
  options: { userId: string; limit: number; cursor?: AttemptCursor; isBookmarked?: boolean },
): Promise<AttemptListItem[]> {
  let query = db
    .selectFrom('attempts as a')
    .innerJoin('problems as p', 'p.id', 'a.problem_id')
    .select([
      sql<string>`a.id::text`.as('id'),
      'a.problem_id as problemId',
      'p.japanese as japanese',
      'a.level as level',
      'a.answer as answer',
      'a.rating as rating',
      'a.model_answer as modelAnswer',
      'a.feedback as feedback',
      'a.is_bookmarked as isBookmarked',
      'a.duration_ms as durationMs',
      'a.time_limit_ms as timeLimitMs',
      'a.is_late as isLate',
      'a.mode as mode',
      'a.created_at as createdAt',
    ])
    .where('a.user_id', '=', options.userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(options.limit);
  if (options.isBookmarked) query = query.where('a.is_bookmarked', '=', true);
  const cursor = options.cursor;
  if (cursor) {
    query = query.where((eb) => eb(eb.refTuple('a.created_at', 'a.id'), '<', eb.tuple(cursor.createdAt, cursor.id as never)));
  }
  return query.execute();
}

export type GrammarPointSummary = { grammarPoint: string; attempts: number; ratingSum: number };

/** Attempts and stars per grammar point since an instant (attempts_user_created_idx bounds the scan). */
export async function summarizeGrammarPoints(db: Db, userId: string, since: Date): Promise<GrammarPointSummary[]> {
  const rows = await db
    .selectFrom('attempts as a')
    .innerJoin('problems as p', 'p.id', 'a.problem_id')
    .select(['p.grammar_point as grammarPoint'])
    .select((eb) => [eb.fn.countAll<string>().as('attempts'), eb.fn.sum<string>('a.rating').as('ratingSum')])
    .where('a.user_id', '=', userId)
    .where('a.created_at', '>=', since)
    .groupBy('p.grammar_point')
    .execute();
  return rows.map((r) => ({ grammarPoint: r.grammarPoint, attempts: Number(r.attempts), ratingSum: Number(r.ratingSum) }));
}
