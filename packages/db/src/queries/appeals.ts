/**
 * Appeals ("この答えも正しいはず") and the sentences accepted on appeal, which the grader layers over
 * the bundled bank as extra accepted answers of their problem.
 */
import { sql } from 'kysely';
import type { Db } from '../index.js';

export type AppealStatus = 'pending' | 'accepted' | 'rejected';

/** A graded attempt's verdict: what the result card showed. */
export type AttemptGrade = { rating: number; modelAnswer: string; feedback: string; errors: unknown[]; provider: string };

export type AppealRecord = {
  id: string;
  attemptId: string;
  userId: string;
  problemId: string;
  answer: string;
  normalizedAnswer: string;
  originalRating: number;
  /**
   * The rest of the grade the learner appealed, as they saw it (kept when an accepted appeal regrades
   * the attempt). Null only for appeals accepted before these were kept (migration 0045).
   */
  original: AttemptGrade | null;
  recheckRating: number | null;
  recheckProvider: string | null;
  status: AppealStatus;
  decidedAt: Date | null;
  createdAt: Date;
};

const APPEAL_COLUMNS = [
  'a.id',
  'a.attempt_id',
  'a.user_id',
  'a.problem_id',
  'a.answer',
  'a.normalized_answer',
  'a.original_rating',
  'a.original_model_answer',
  'a.original_feedback',
  'a.original_errors',
  'a.original_provider',
  'a.recheck_rating',
  'a.recheck_provider',
  'a.status',
  'a.decided_at',
  'a.created_at',
] as const;

type AppealRow = {
  id: string;
  attempt_id: string;
  user_id: string;
  problem_id: string;
  answer: string;
  normalized_answer: string;
  original_rating: number;
  original_model_answer: string | null;
  original_feedback: string | null;
  original_errors: unknown[] | null;
  original_provider: string | null;
  recheck_rating: number | null;
  recheck_provider: string | null;
  status: string;
  decided_at: Date | null;
  created_at: Date;
};

/** The attempt's grade now (the one appealed until an accepted appeal regrades it). */
const ATTEMPT_GRADE_COLUMNS = ['t.rating as attempt_rating', 't.model_answer as attempt_model_answer', 't.feedback as attempt_feedback', 't.errors as attempt_errors', 't.provider as attempt_provider'] as const;

type AttemptGradeRow = { attempt_rating: number; attempt_model_answer: string; attempt_feedback: string; attempt_errors: unknown; attempt_provider: string };

function toAttemptGrade(row: AttemptGradeRow): AttemptGrade {
  return {
    rating: row.attempt_rating,
    modelAnswer: row.attempt_model_answer,
    feedback: row.attempt_feedback,
    errors: Array.isArray(row.attempt_errors) ? row.attempt_errors : [],
    provider: row.attempt_provider,
  };
}

/** An appeal with its attempt's grade now. */
export type AppealWithGrade = AppealRecord & { attemptGrade: AttemptGrade };

function toRecord(row: AppealRow): AppealRecord {
  return {
    id: String(row.id),
    attemptId: String(row.attempt_id),
    userId: row.user_id,
    problemId: row.problem_id,
    answer: row.answer,
    normalizedAnswer: row.normalized_answer,
    originalRating: row.original_rating,
    original:
      row.original_feedback === null || row.original_model_answer === null
        ? null
        : {
            rating: row.original_rating,
            modelAnswer: row.original_model_answer,
            feedback: row.original_feedback,
            errors: Array.isArray(row.original_errors) ? row.original_errors : [],
            provider: row.original_provider ?? 'builtin',
          },
    recheckRating: row.recheck_rating,
    recheckProvider: row.recheck_provider,
    status: row.status as AppealStatus,
    decidedAt: row.decided_at ? new Date(row.decided_at) : null,
    createdAt: new Date(row.created_at),
  };
}

async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The learner's attempt an appeal is about (undefined when it is not theirs). */
export async function findOwnAttempt(
  db: Db,
  userId: string,
  attemptId: string,
): Promise<{ id: string; problemId: string; answer: string; normalizedAnswer: string; rating: number } | undefined> {
  const row = await db
    .selectFrom('attempts')
    .select(['id', 'problem_id', 'answer', 'normalized_answer', 'rating'])
    .where('id', '=', attemptId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { id: String(row.id), problemId: row.problem_id, answer: row.answer, normalizedAnswer: row.normalized_answer, rating: row.rating };
}

/**
 * Opens an appeal on a learner's attempt, once: a repeated appeal returns the existing one. The
 * attempt's grade (stars, model answer, feedback, errors, provider) is copied into the appeal in the
 * same statement, so that it survives the regrade of an accepted appeal.
 */
export async function createAppeal(
  db: Db,
  input: { attemptId: string; userId: string; normalizedAnswer: string; now: Date },
): Promise<{ appeal: AppealRecord; created: boolean }> {
  const inserted = await db
    .insertInto('appeals')
    .columns([
      'attempt_id',
      'user_id',
      'problem_id',
      'answer',
      'normalized_answer',
      'original_rating',
      'original_model_answer',
      'original_feedback',
      'original_errors',
      'original_provider',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('attempts as t')
        .select([
          't.id',
          't.user_id',
          't.problem_id',
          't.answer',
          sql<string>`${input.normalizedAnswer}::text`.as('normalized_answer'),
          't.rating',
          't.model_answer',
          't.feedback',
          't.errors',
          't.provider',
          sql<Date>`${input.now}::timestamptz`.as('created_at'),
        ])
        .where('t.id', '=', input.attemptId)
        .where('t.user_id', '=', input.userId),
    )
    .onConflict((oc) => oc.column('attempt_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  const appeal = await findAppealByAttempt(db, input.attemptId);
  if (!appeal || appeal.userId !== input.userId) throw new Error('appeal of an attempt that is not the learner\'s');
  return { appeal, created: inserted !== undefined };
}

export async function findAppealByAttempt(db: Db, attemptId: string): Promise<AppealRecord | undefined> {
  const row = await db.selectFrom('appeals as a').select(APPEAL_COLUMNS).where('a.attempt_id', '=', attemptId).executeTakeFirst();
  return row && toRecord(row);
}

export async function findAppeal(db: Db, appealId: string): Promise<AppealRecord | undefined> {
  const row = await db.selectFrom('appeals as a').select(APPEAL_COLUMNS).where('a.id', '=', appealId).executeTakeFirst();
  return row && toRecord(row);
}

/** Records the immediate re-check of an appeal. */
export async function setAppealRecheck(db: Db, appealId: string, recheck: { rating: number; provider: string }): Promise<void> {
  await db.updateTable('appeals').set({ recheck_rating: recheck.rating, recheck_provider: recheck.provider }).where('id', '=', appealId).execute();
}

/**
 * The appeals of these attempts of a learner with each attempt's grade now, by attempt id (attempts
 * without an appeal are absent).
 */
export async function findAppealsOfAttempts(db: Db, userId: string, attemptIds: readonly string[]): Promise<Map<string, AppealWithGrade>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('appeals as a')
    .innerJoin('attempts as t', 't.id', 'a.attempt_id')
    .select(APPEAL_COLUMNS)
    .select(ATTEMPT_GRADE_COLUMNS)
    .where('a.user_id', '=', userId)
    .where('a.attempt_id', 'in', [...attemptIds])
    .execute();
  return new Map(rows.map((row) => [String(row.attempt_id), { ...toRecord(row), attemptGrade: toAttemptGrade(row) }]));
}

export type AppealListItem = AppealWithGrade & {
  japanese: string;
  /** The problem's model answer (its first accepted answer). */
  modelAnswer: string;
  userEmail: string | null;
  decidedByEmail: string | null;
};

/** `decided`: accepted or rejected. */
export type AppealListFilter = AppealStatus | 'decided';

/** The admin queue: newest first, by status, paged by id (`before`: the last id of the previous page). */
export async function listAppeals(db: Db, input: { status?: AppealListFilter; limit: number; before?: string }): Promise<AppealListItem[]> {
  let query = db
    .selectFrom('appeals as a')
    .innerJoin('problems as p', 'p.id', 'a.problem_id')
    .innerJoin('attempts as t', 't.id', 'a.attempt_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('users as d', 'd.id', 'a.decided_by')
    .select(APPEAL_COLUMNS)
    .select(ATTEMPT_GRADE_COLUMNS)
    .select(['p.japanese', 'p.answers', 'u.email', 'd.email as decided_by_email'])
    .orderBy('a.id', 'desc')
    .limit(input.limit);
  if (input.status === 'decided') query = query.where('a.status', 'in', ['accepted', 'rejected']);
  else if (input.status) query = query.where('a.status', '=', input.status);
  if (input.before) query = query.where('a.id', '<', input.before);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...toRecord(row),
    japanese: row.japanese,
    modelAnswer: Array.isArray(row.answers) && typeof row.answers[0] === 'string' ? row.answers[0] : '',
    attemptGrade: toAttemptGrade(row),
    userEmail: row.email,
    decidedByEmail: row.decided_by_email,
  }));
}

/** How many appeals there are in each state (the pending count is shown on the admin tab). */
export async function countAppealsByStatus(db: Db): Promise<Record<AppealStatus, number>> {
  const rows = await db
    .selectFrom('appeals')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<AppealStatus, number> = { pending: 0, accepted: 0, rejected: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as AppealStatus] = Number(row.n);
  return counts;
}

/**
 * Decides a pending appeal (adminId null: settled automatically, the sentence being accepted already). Accepting stores the sentence as an accepted answer of the problem (and
 * settles every other pending appeal of the same problem and normalised answer the same way).
 * Returns the decided appeal, or undefined when it does not exist or was already decided.
 */
export async function decideAppeal(
  db: Db,
  input: { appealId: string; decision: 'accept' | 'reject'; adminId: string | null; now: Date },
): Promise<AppealRecord | undefined> {
  const status: AppealStatus = input.decision === 'accept' ? 'accepted' : 'rejected';
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('appeals as a')
      .set({ status, decided_by: input.adminId, decided_at: input.now })
      .where('a.id', '=', input.appealId)
      .where('a.status', '=', 'pending')
      .returning(APPEAL_COLUMNS)
      .executeTakeFirst();
    if (!row) return undefined;
    const appeal = toRecord(row);
    if (status === 'accepted') {
      await trx
        .insertInto('accepted_answers')
        .values({ problem_id: appeal.problemId, normalized_answer: appeal.normalizedAnswer, sentence: appeal.answer, appeal_id: appeal.id, created_at: input.now })
        .onConflict((oc) => oc.columns(['problem_id', 'normalized_answer']).doNothing())
        .execute();
    }
    return appeal;
  });
}

/** Other pending appeals of the same answer to the same problem (settled with an accepted one). */
export async function pendingAppealsOfAnswer(db: Db, problemId: string, normalizedAnswer: string): Promise<AppealRecord[]> {
  const rows = await db
    .selectFrom('appeals as a')
    .select(APPEAL_COLUMNS)
    .where('a.problem_id', '=', problemId)
    .where('a.normalized_answer', '=', normalizedAnswer)
    .where('a.status', '=', 'pending')
    .execute();
  return rows.map(toRecord);
}

/** Sentences accepted on appeal for a problem, oldest first. */
export async function listAcceptedAnswers(db: Db, problemId: string): Promise<string[]> {
  const rows = await db.selectFrom('accepted_answers').select('sentence').where('problem_id', '=', problemId).orderBy('created_at').orderBy('normalized_answer').execute();
  return rows.map((r) => r.sentence);
}

/**
 * Replaces the grade of an attempt (an accepted appeal regrades it), keeping the learner's daily
 * summary (learning_days.rating_sum) in step with the attempts it sums.
 */
export async function regradeAttempt(
  db: Db,
  attemptId: string,
  grade: { rating: number; modelAnswer: string; feedback: string; errors: unknown[]; provider: string },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('attempts').select(['rating', 'user_id', 'day', 'level']).where('id', '=', attemptId).forUpdate().executeTakeFirst();
    if (!before) return;
    await trx
      .updateTable('attempts')
      .set({ rating: grade.rating, model_answer: grade.modelAnswer, feedback: grade.feedback, errors: JSON.stringify(grade.errors), provider: grade.provider })
      .where('id', '=', attemptId)
      .execute();
    const delta = grade.rating - before.rating;
    if (delta !== 0) {
      await trx
        .updateTable('learning_days')
        .set({ rating_sum: sql`rating_sum + ${delta}` })
        .where('user_id', '=', before.user_id)
        .where('day', '=', before.day)
        .where('level', '=', before.level)
        .execute();
    }
  });
}
