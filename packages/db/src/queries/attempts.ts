import { jstDay } from '@shunkan/config/time';
import { sql } from 'kysely';
import { compileOnce, type Param } from '../compiled.js';
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
  const values: AttemptValues = {
    userId: input.userId,
    problemId: input.problemId,
    level: input.level,
    answer: input.answer,
    normalizedAnswer: input.normalizedAnswer,
    rating: input.rating,
    modelAnswer: input.modelAnswer,
    feedback: input.feedback,
    errors: JSON.stringify(input.errors),
    similarPhrases: JSON.stringify(input.similarPhrases),
    provider: input.provider,
    isFallback: input.isFallback,
    durationMs: input.durationMs,
    mode: input.mode ?? 'practice',
    scenarioId: input.scenarioId ?? null,
    timeLimitMs: input.timeLimitMs ?? null,
    isLate: input.isLate ?? false,
    createdAt: input.createdAt,
    day,
  };
  const result = review
    ? await insertWithCard(db, { ...values, reason: review.reason, ...cardColumns(review.card) })
    : await insertWithoutCard(db, values);
  const row = result.rows[0];
  if (!row) throw new Error('the attempt was not stored');
  return { id: String(row.id), day };
}

/**
 * The values of insertAttempt's statement: the input with its defaults applied, the JSON columns as
 * text and the JST day; CardValues those of the review card with it.
 */
type AttemptValues = Omit<Required<NewAttemptInput>, 'errors' | 'similarPhrases' | 'reviewCard'> & { errors: string; similarPhrases: string; day: string };
type CardValues = AttemptValues & { reason: 'weak' | 'bookmark' } & ReturnType<typeof cardColumns>;

/** The attempt and its daily summary, as data-modifying CTEs (the start of insertAttempt's statement). */
function attemptAndSummary(db: Db, param: Param<AttemptValues>) {
  return db
    .with('attempt', (qb) =>
      qb
        .insertInto('attempts')
        .values({
          user_id: param('userId'),
          problem_id: param('problemId'),
          level: param('level'),
          answer: param('answer'),
          normalized_answer: param('normalizedAnswer'),
          rating: param('rating'),
          model_answer: param('modelAnswer'),
          feedback: param('feedback'),
          errors: param('errors'),
          similar_phrases: param('similarPhrases'),
          provider: param('provider'),
          is_fallback: param('isFallback'),
          duration_ms: param('durationMs'),
          mode: param('mode'),
          scenario_id: param('scenarioId'),
          time_limit_ms: param('timeLimitMs'),
          is_late: param('isLate'),
          created_at: param('createdAt'),
          day: param('day'),
        })
        .returning('id'),
    )
    .with('summary', (qb) =>
      qb
        .insertInto('learning_days')
        .values({ user_id: param('userId'), day: param('day'), level: param('level'), attempts: 1, rating_sum: param('rating') })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day', 'level']).doUpdateSet({
            attempts: sql`learning_days.attempts + 1`,
            rating_sum: sql`learning_days.rating_sum + ${param('rating')}`,
          }),
        )
        .returning('user_id'),
    );
}

/** insertAttempt's statement without a review card, built and compiled once (compiled.ts). */
const insertWithoutCard = compileOnce((db, param: Param<AttemptValues>) => attemptAndSummary(db, param).selectFrom('attempt').select('attempt.id'));

/** insertAttempt's statement that also creates or replaces the learner's review card. */
const insertWithCard = compileOnce((db, param: Param<CardValues>) =>
  attemptAndSummary(db, param)
    .with('card', (qb) => {
      const card = {
        due: param('due'),
        stability: param('stability'),
        difficulty: param('difficulty'),
        elapsed_days: param('elapsed_days'),
        scheduled_days: param('scheduled_days'),
        learning_steps: param('learning_steps'),
        reps: param('reps'),
        lapses: param('lapses'),
        state: param('state'),
        last_review: param('last_review'),
        updated_at: param('createdAt'),
      };
      return qb
        .insertInto('review_cards')
        .values({ user_id: param('userId'), problem_id: param('problemId'), reason: param('reason'), created_at: param('createdAt'), ...card })
        .onConflict((oc) => oc.columns(['user_id', 'problem_id']).doUpdateSet(card))
        .returning('user_id');
    })
    .selectFrom('attempt')
    .select('attempt.id'),
);

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
