import { jstDay } from '@shunkan/config/time';
import { sql } from 'kysely';
import { compileOnce, type Param } from '../compiled.js';
import { gathersStatements, groupPerDatabase, type GroupStats, StatementGroup } from '../group.js';
import { isDatabaseUnavailable, type Db } from '../index.js';
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
  /**
   * The client's id of this submission (decision 064): a second attempt with the same learner and id
   * fails on attempts_user_submission_idx, its summary and card with it (SubmissionRepeatedError).
   */
  submissionId?: string | null;
  /** The evaluation as the learner received it, answered again to a repeat of the submission. */
  submissionResponse?: Record<string, unknown> | null;
};

/** The unique index that makes a learner's submission id name one attempt (migration 0064). */
export const SUBMISSION_INDEX = 'attempts_user_submission_idx';

/** A learner's attempt stored under a submission id, with the evaluation it was answered. */
export async function findSubmittedAttempt(
  db: Db,
  userId: string,
  submissionId: string,
): Promise<{ id: string; response: Record<string, unknown> | null } | undefined> {
  const row = await db
    .selectFrom('attempts')
    .select([sql<string>`id::text`.as('id'), 'submission_response as response'])
    .where('user_id', '=', userId)
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
  return row;
}

/**
 * Stores an attempt and adds it to the learner's daily summary (learning_days) in ONE statement (a
 * data-modifying CTE: all writes or none, one round trip): every attempt goes through here, so the
 * summary never drifts from the attempts it sums. With `reviewCard`, the learner's card for the problem
 * is written by the same statement.
 */
export async function insertAttempt(db: Db, input: NewAttemptInput): Promise<{ id: string; day: string }> {
  try {
    // Inside a caller's transaction the attempt is that transaction's; otherwise it joins the group
    // commit of the attempts stored at the same moment (group.ts). A group holding a repeated
    // submission fails on the unique index and runs its attempts one by one: only the repeat fails.
    if (db.isTransaction) return await insertOne(db, input);
    return await attemptGroup(db).run(input);
  } catch (error) {
    if (isSubmissionRepeat(error)) throw new SubmissionRepeatedError();
    throw error;
  }
}

/** The learner already has an attempt under this submission id: nothing was stored (decision 064). */
export class SubmissionRepeatedError extends Error {
  constructor() {
    super('an attempt with this submission id is already stored');
  }
}

function isSubmissionRepeat(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23505' && (e.constraint === SUBMISSION_INDEX || (e.message ?? '').includes(SUBMISSION_INDEX));
}

/** Attempts at most one multi-row statement stores. */
export const MAX_ATTEMPT_BATCH = 64;

/** What the group commit of attempts did in this process (tests and benchmarks read it). */
export const attemptGroupStats: GroupStats = { groups: 0, grouped: 0, fallbacks: 0, failedTogether: 0 };

/**
 * Group commit of attempts (decision 054): one learner's answers arriving together were stored one
 * WAL flush after the other on PostgreSQL (the daily summary's row stays locked until the commit),
 * and each cost PGlite's fixed price per statement on the API's thread. Attempts that arrive while
 * one is being stored are stored together by ONE statement (`insertAttempts`), each caller answered
 * once it is committed.
 */
const attemptGroup = groupPerDatabase((db: Db) =>
  new StatementGroup({
    one: (input: NewAttemptInput) => insertOne(db, input),
    many: (inputs) => insertAttempts(db, inputs),
    max: MAX_ATTEMPT_BATCH,
    stats: attemptGroupStats,
    // A group whose connection was cut may have committed: each of its learners hears 503 and may send
    // the answer again; storing the group again one by one could store every answer twice.
    failTogether: isDatabaseUnavailable,
    gather: gathersStatements(db),
  }),
);

/** One attempt, its daily summary and its review card: ONE statement (the compiled ones below). */
async function insertOne(db: Db, input: NewAttemptInput): Promise<{ id: string; day: string }> {
  const review = input.reviewCard;
  const values = attemptValues(input);
  const { day } = values;
  const result = review
    ? await insertWithCard(db, { ...values, reason: review.reason, ...cardColumns(review.card) })
    : await insertWithoutCard(db, values);
  const row = result.rows[0];
  if (!row) throw new Error('the attempt was not stored');
  return { id: String(row.id), day };
}

/** The values of an attempt's row: the input with its defaults applied, the JSON columns as text and the JST day. */
function attemptValues(input: NewAttemptInput): AttemptValues {
  return {
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
    day: jstDay(input.createdAt),
    submissionId: input.submissionId ?? null,
    submissionResponse: input.submissionResponse ? JSON.stringify(input.submissionResponse) : null,
  };
}

/**
 * The values of insertAttempt's statement (attemptValues); CardValues those of the review card with it.
 */
type AttemptValues = Omit<Required<NewAttemptInput>, 'errors' | 'similarPhrases' | 'reviewCard' | 'submissionResponse'> & {
  errors: string;
  similarPhrases: string;
  day: string;
  submissionResponse: string | null;
};
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
          submission_id: param('submissionId'),
          submission_response: param('submissionResponse'),
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

/**
 * Several attempts in ONE statement (insertAttempt's groups, group.ts): the attempts in their order, their daily
 * summaries added up per learner, day and level, and the review cards (the last one given per learner
 * and problem). Rows are locked in key order (learning_days, then review_cards, each sorted), so two
 * instances' groups cannot deadlock. The attempts' ids come from their sequence in insertion order,
 * which `order by ord` fixes: the k-th smallest id is the k-th attempt's.
 */
export async function insertAttempts(db: Db, inputs: readonly NewAttemptInput[]): Promise<{ id: string; day: string }[]> {
  // The rows as insertOne's statement has them (JSON columns as text), each with its place.
  const attempts = inputs.map((input, ord) => ({ ord, ...attemptValues(input) }));
  // The last card given for a learner's problem wins, as it would one statement after the other.
  // (JSON.stringify writes the dates as ISO strings, which the recordset reads as timestamptz.)
  const cards = new Map<string, Record<string, unknown>>();
  inputs.forEach((input) => {
    if (!input.reviewCard) return;
    cards.set(`${input.userId}\u0000${input.problemId}`, {
      user_id: input.userId,
      problem_id: input.problemId,
      reason: input.reviewCard.reason,
      ...cardColumns(input.reviewCard.card),
      at: input.createdAt,
    });
  });
  const result = await sql<{ id: string }>`
    with input as (
      select ord, "userId" as user_id, "problemId" as problem_id, level, answer, "normalizedAnswer" as normalized_answer,
        rating, "modelAnswer" as model_answer, feedback, errors::jsonb as errors, "similarPhrases"::jsonb as similar_phrases,
        provider, "isFallback" as is_fallback, "durationMs" as duration_ms, mode, "scenarioId" as scenario_id,
        "timeLimitMs" as time_limit_ms, "isLate" as is_late, "createdAt" as created_at, day,
        "submissionId" as submission_id, "submissionResponse"::jsonb as submission_response
      from jsonb_to_recordset(${JSON.stringify(attempts)}::text::jsonb) as t(
        ord integer, "userId" uuid, "problemId" text, level text, answer text, "normalizedAnswer" text, rating integer,
        "modelAnswer" text, feedback text, errors text, "similarPhrases" text, provider text, "isFallback" boolean,
        "durationMs" integer, mode text, "scenarioId" uuid, "timeLimitMs" integer, "isLate" boolean, "createdAt" timestamptz, day text,
        "submissionId" uuid, "submissionResponse" text
      )
    ),
    attempt as (
      insert into attempts (user_id, problem_id, level, answer, normalized_answer, rating, model_answer, feedback, errors,
        similar_phrases, provider, is_fallback, duration_ms, mode, scenario_id, time_limit_ms, is_late, created_at, day,
        submission_id, submission_response)
      select user_id, problem_id, level, answer, normalized_answer, rating, model_answer, feedback, errors,
        similar_phrases, provider, is_fallback, duration_ms, mode, scenario_id, time_limit_ms, is_late, created_at, day,
        submission_id, submission_response
      from input order by ord
      returning id
    ),
    summary as (
      insert into learning_days (user_id, day, level, attempts, rating_sum)
      select user_id, day, level, count(*), sum(rating) from input group by user_id, day, level order by user_id, day, level
      on conflict (user_id, day, level) do update
        set attempts = learning_days.attempts + excluded.attempts, rating_sum = learning_days.rating_sum + excluded.rating_sum
      returning user_id
    ),
    card as (
      insert into review_cards (user_id, problem_id, reason, due, stability, difficulty, elapsed_days, scheduled_days,
        learning_steps, reps, lapses, state, last_review, created_at, updated_at)
      select user_id, problem_id, reason, due, stability, difficulty, elapsed_days, scheduled_days,
        learning_steps, reps, lapses, state, last_review, at, at
      from jsonb_to_recordset(${JSON.stringify([...cards.values()])}::text::jsonb) as c(
        user_id uuid, problem_id text, reason text, due timestamptz, stability double precision, difficulty double precision,
        elapsed_days integer, scheduled_days integer, learning_steps integer, reps integer, lapses integer, state integer,
        last_review timestamptz, at timestamptz
      )
      order by user_id, problem_id
      on conflict (user_id, problem_id) do update
        set due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
          elapsed_days = excluded.elapsed_days, scheduled_days = excluded.scheduled_days,
          learning_steps = excluded.learning_steps, reps = excluded.reps, lapses = excluded.lapses,
          state = excluded.state, last_review = excluded.last_review, updated_at = excluded.updated_at
      returning user_id
    )
    select id::text as id from attempt
  `.execute(db);
  const ids = result.rows.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (ids.length !== inputs.length) throw new Error('the attempts were not stored');
  return ids.map((id, k) => ({ id: String(id), day: (attempts[k] as AttemptValues).day }));
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
