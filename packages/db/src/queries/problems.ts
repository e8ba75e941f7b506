import { sql } from 'kysely';
import type { Db } from '../index.js';
import type { ProblemRow } from '../schema.js';
import { compileOnce, type Param } from '../compiled.js';
import { gathersStatements, groupPerDatabase, type GroupStats, StatementGroup } from '../group.js';
import type { ReviewCardFields } from './reviews.js';

export type ProblemRef = { problemId?: string; japaneseSentence?: string; level?: string };

/** A problem by id, or by its sentence within a level (the spec's REST body has no id). */
export async function findProblem(db: Db, ref: ProblemRef): Promise<ProblemRow | undefined> {
  if (ref.problemId) return db.selectFrom('problems').selectAll().where('id', '=', ref.problemId).executeTakeFirst();
  if (!ref.japaneseSentence) return undefined;
  let query = db.selectFrom('problems').selectAll().where('japanese', '=', ref.japaneseSentence.trim());
  if (ref.level) query = query.where('level', '=', ref.level);
  return query.executeTakeFirst();
}

/**
 * A problem as `findProblem` finds it, only if it was served to this learner: one round trip, the
 * served check a probe of problem_serves_user_problem_idx.
 */
export async function findServedProblem(db: Db, userId: string, ref: ProblemRef): Promise<ProblemRow | undefined> {
  if (!ref.problemId && !ref.japaneseSentence) return undefined;
  let query = db
    .selectFrom('problems as p')
    .selectAll('p')
    .where((eb) => eb.exists(eb.selectFrom('problem_serves as s').select(sql`1`.as('one')).where('s.user_id', '=', userId).whereRef('s.problem_id', '=', 'p.id')));
  if (ref.problemId) query = query.where('p.id', '=', ref.problemId);
  else query = query.where('p.japanese', '=', (ref.japaneseSentence ?? '').trim());
  if (!ref.problemId && ref.level) query = query.where('p.level', '=', ref.level);
  return query.executeTakeFirst();
}

/**
 * What grading an answer reads: the problem, the sentences accepted on appeal, the learner's review card
 * and, for a repeated submission, the attempt already stored under its id.
 */
export type ProblemToGrade = {
  problem: ProblemRow;
  /** Sentences accepted on appeal, oldest first (listAcceptedAnswers' order). */
  acceptedAnswers: string[];
  /** The learner's review card for the problem, if any. */
  reviewCard: { reason: string; card: ReviewCardFields } | null;
  /** The learner's attempt stored under the submission id asked about (decision 064), if any. */
  submitted: { attemptId: string; response: Record<string, unknown> | null } | null;
};

/**
 * `findServedProblem`, with what grading needs besides, in ONE round trip: the accepted answers (an
 * aggregate over accepted_answers' problem index) and the learner's review card (a primary-key probe).
 * Used for the reads by sentence (the spec's REST body) and for any read inside a transaction; the
 * read by id outside one is `learnerGradeRead` with the problem's content from memory (decision 095).
 */
/** The three shapes of the grading read: by id, by sentence, by sentence within a level (compiled once each). */
export type GradeKey = { userId: string; problemId: string; japanese: string; level: string; submissionId: string | null };
function gradeRead(by: 'id' | 'sentence' | 'sentence-level') {
  return compileOnce((db, param: Param<GradeKey>) => {
    let query = db
      .selectFrom('problems as p')
      .leftJoin('review_cards as rc', (join) => join.onRef('rc.problem_id', '=', 'p.id').on('rc.user_id', '=', param('userId')))
      // A repeated submission: the attempt already stored under its id (a unique-index probe; none without an id).
      .leftJoin('attempts as sa', (join) => join.on('sa.user_id', '=', param('userId')).on('sa.submission_id', '=', param('submissionId')))
      .selectAll('p')
      .select([
        sql<string | null>`sa.id::text`.as('sa_id'),
        'sa.submission_response as sa_response',
        'rc.reason as rc_reason',
        'rc.due as rc_due',
        'rc.stability as rc_stability',
        'rc.difficulty as rc_difficulty',
        'rc.elapsed_days as rc_elapsed_days',
        'rc.scheduled_days as rc_scheduled_days',
        'rc.learning_steps as rc_learning_steps',
        'rc.reps as rc_reps',
        'rc.lapses as rc_lapses',
        'rc.state as rc_state',
        'rc.last_review as rc_last_review',
        sql<string[]>`coalesce((select json_agg(a.sentence order by a.created_at, a.normalized_answer) from accepted_answers a where a.problem_id = p.id), '[]'::json)`.as(
          'accepted_answers',
        ),
      ])
      .where((eb) =>
        eb.exists(eb.selectFrom('problem_serves as s').select(sql`1`.as('one')).where('s.user_id', '=', param('userId')).whereRef('s.problem_id', '=', 'p.id')),
      );
    if (by === 'id') query = query.where('p.id', '=', param('problemId'));
    else query = query.where('p.japanese', '=', param('japanese'));
    if (by === 'sentence-level') query = query.where('p.level', '=', param('level'));
    return query;
  });
}
const gradeReads = { id: gradeRead('id'), sentence: gradeRead('sentence'), 'sentence-level': gradeRead('sentence-level') };

/** What the grading read by id returns for a learner: the problem's version, not its content (decision 095). */
type LearnerGradeRow = {
  problem_id: string;
  /** The problem row's version (`xmin`): every update of the row, an accepted answer's change included (migration 0095), moves it. */
  version: string;
  sa_id: string | null;
  sa_response: Record<string, unknown> | null;
  rc_reason: string | null;
  rc_due: Date | null;
  rc_stability: number | null;
  rc_difficulty: number | null;
  rc_elapsed_days: number | null;
  rc_scheduled_days: number | null;
  rc_learning_steps: number | null;
  rc_reps: number | null;
  rc_lapses: number | null;
  rc_state: number | null;
  rc_last_review: Date | null;
};

/** The columns of LearnerGradeRow (the single and the grouped read alike). */
const LEARNER_GRADE_COLUMNS = sql`p.id as problem_id, p.xmin::text as version, sa.id::text as sa_id, sa.submission_response as sa_response,
      rc.reason as rc_reason, rc.due as rc_due, rc.stability as rc_stability, rc.difficulty as rc_difficulty,
      rc.elapsed_days as rc_elapsed_days, rc.scheduled_days as rc_scheduled_days, rc.learning_steps as rc_learning_steps,
      rc.reps as rc_reps, rc.lapses as rc_lapses, rc.state as rc_state, rc.last_review as rc_last_review`;

/** The grading read by id of one learner's answer: served check, review card, submitted attempt, the problem's version. */
const learnerGradeRead = compileOnce<GradeKey, LearnerGradeRow>((db, param) => ({
  compile: () =>
    sql<LearnerGradeRow>`
      select ${LEARNER_GRADE_COLUMNS}
      from problems p
      left join review_cards rc on rc.user_id = ${param('userId')} and rc.problem_id = p.id
      left join attempts sa on sa.user_id = ${param('userId')} and sa.submission_id = ${param('submissionId')}
      where p.id = ${param('problemId')}
        and exists (select 1 from problem_serves s where s.user_id = ${param('userId')} and s.problem_id = p.id)
    `.compile(db),
}));

/** A problem's content as grading needs it, with its version: read once per version (the cache below). */
type GradedContentRow = ProblemRow & { version: string; accepted_answers: string[] };
const gradedContentRead = compileOnce<{ problemId: string }, GradedContentRow>((db, param) => ({
  compile: () =>
    sql<GradedContentRow>`
      select p.*, p.xmin::text as version,
        coalesce((select json_agg(a.sentence order by a.created_at, a.normalized_answer) from accepted_answers a where a.problem_id = p.id), '[]'::json) as accepted_answers
      from problems p where p.id = ${param('problemId')}
    `.compile(db),
}));

/** A problem's content as grading reads it, under the row version it was read at. */
type GradedContent = { version: string; problem: ProblemRow; acceptedAnswers: string[] };

/**
 * What grading read of each problem, per database handle, by problem id (decision 095): one entry per
 * problem (the latest version read), used only while the grading read of the answer finds the same row
 * version, so an edit by an admin or another instance, or an accepted appeal (migration 0095), is seen
 * by the next answer. At most one entry per problem of the database.
 */
const gradedContents = new WeakMap<object, Map<string, GradedContent>>();

/** Content reads of this process (tests read it): how often the problem itself had to be read. */
export const gradedContentStats = { hits: 0, reads: 0 };

async function gradedContent(db: Db, problemId: string, version: string): Promise<GradedContent | undefined> {
  let cache = gradedContents.get(db);
  if (!cache) gradedContents.set(db, (cache = new Map()));
  const held = cache.get(problemId);
  if (held && held.version === version) {
    gradedContentStats.hits++;
    return held;
  }
  gradedContentStats.reads++;
  const row = (await gradedContentRead(db, { problemId })).rows[0];
  if (!row) return undefined;
  const { version: read, accepted_answers, ...problem } = row;
  // The content as read now: newer than `version` if the row changed meanwhile, which is as current.
  const content: GradedContent = { version: read, problem: Object.freeze(problem) as ProblemRow, acceptedAnswers: Object.freeze(accepted_answers) as string[] };
  cache.set(problemId, content);
  return content;
}

/**
 * What grading an answer reads, in ONE round trip when this process has read the problem's current
 * version before: by id (the app's door) outside a transaction, the learner's rows (served check, review
 * card, a submitted attempt) and the problem's row version; the problem's content and accepted answers
 * come from memory while that version holds, else one more read. Reads arriving together go as one
 * statement (group.ts). By sentence, or in a transaction: everything read by one statement.
 */
export async function findServedProblemToGrade(db: Db, userId: string, ref: ProblemRef, submissionId?: string | null): Promise<ProblemToGrade | undefined> {
  if (!ref.problemId && !ref.japaneseSentence) return undefined;
  const by = ref.problemId ? 'id' : ref.level ? 'sentence-level' : 'sentence';
  const key = { userId, problemId: ref.problemId ?? '', japanese: (ref.japaneseSentence ?? '').trim(), level: ref.level ?? '', submissionId: submissionId ?? null };
  if (by !== 'id' || db.isTransaction) {
    const row = (await gradeReads[by](db, key)).rows[0];
    return row ? toProblemToGrade(row) : undefined;
  }
  const learner = await gradeReadGroup(db).run(key);
  if (!learner) return undefined;
  const content = await gradedContent(db, learner.problem_id, learner.version);
  if (!content) return undefined;
  return {
    problem: content.problem,
    acceptedAnswers: content.acceptedAnswers,
    reviewCard: reviewCardOf(learner),
    submitted: learner.sa_id === null ? null : { attemptId: learner.sa_id, response: learner.sa_response },
  };
}

type GradeRow = NonNullable<Awaited<ReturnType<(typeof gradeReads)['id']>>['rows'][number]>;

/** What the grouped grading reads did in this process (tests and benchmarks read it). */
export const gradeReadGroupStats: GroupStats = { groups: 0, grouped: 0, fallbacks: 0, failedTogether: 0 };

/** Reads by id at most one grouped statement makes. */
export const MAX_GRADE_READ_GROUP = 64;

const gradeReadGroup = groupPerDatabase((db: Db) =>
  new StatementGroup<GradeKey, LearnerGradeRow | undefined>({
    one: async (key) => (await learnerGradeRead(db, key)).rows[0],
    many: (keys) => gradeReadMany(db, keys),
    max: MAX_GRADE_READ_GROUP,
    stats: gradeReadGroupStats,
    gather: gathersStatements(db),
  }),
);

/**
 * The grading read by id for several (learner, problem) keys in ONE statement: the same columns as
 * `learnerGradeRead`, a row per key whose problem was served to its learner, told apart by `ord`.
 * Every table is probed by its index once per key (lateral subqueries kept apart by `offset 0`, the
 * served check a `limit 1` subplan): the planner, told nothing of how many keys the JSON holds (100
 * by default), otherwise hashed the learner's whole serve history for the "was it served" check,
 * 23 ms at 20,000 serves on PGlite, whose tables are never analysed (decision 071).
 */
async function gradeReadMany(db: Db, keys: readonly GradeKey[]): Promise<(LearnerGradeRow | undefined)[]> {
  const { rows } = await gradeReadManyQuery(keys).execute(db);
  const out: (LearnerGradeRow | undefined)[] = keys.map(() => undefined);
  for (const { ord, ...row } of rows) out[ord] = row;
  return out;
}

/** gradeReadMany's statement (exported for the test that reads its plan). */
export function gradeReadManyQuery(keys: readonly GradeKey[]) {
  const input = JSON.stringify(keys.map((key, ord) => ({ ord, user_id: key.userId, problem_id: key.problemId, submission_id: key.submissionId })));
  return sql<LearnerGradeRow & { ord: number }>`
    select k.ord, ${LEARNER_GRADE_COLUMNS}
    from jsonb_to_recordset(${input}::text::jsonb) as k(ord integer, user_id uuid, problem_id text, submission_id uuid)
    cross join lateral (select p.id, p.xmin from problems p where p.id = k.problem_id offset 0) p
    left join lateral (select * from review_cards rc where rc.user_id = k.user_id and rc.problem_id = k.problem_id offset 0) rc on true
    left join lateral (select * from attempts sa where sa.user_id = k.user_id and sa.submission_id = k.submission_id offset 0) sa on true
    where (select 1 from problem_serves s where s.user_id = k.user_id and s.problem_id = k.problem_id limit 1) is not null
  `;
}

/** The learner's review card of a grading read (null when none). */
function reviewCardOf(row: Omit<LearnerGradeRow, 'problem_id' | 'version' | 'sa_id' | 'sa_response'>): ProblemToGrade['reviewCard'] {
  return row.rc_reason !== null && row.rc_due !== null
    ? {
        reason: row.rc_reason,
        card: {
          due: row.rc_due,
          stability: row.rc_stability ?? 0,
          difficulty: row.rc_difficulty ?? 0,
          elapsedDays: row.rc_elapsed_days ?? 0,
          scheduledDays: row.rc_scheduled_days ?? 0,
          learningSteps: row.rc_learning_steps ?? 0,
          reps: row.rc_reps ?? 0,
          lapses: row.rc_lapses ?? 0,
          state: row.rc_state ?? 0,
          lastReview: row.rc_last_review,
        },
      }
    : null;
}

function toProblemToGrade(row: GradeRow): ProblemToGrade {
  const {
    rc_reason,
    rc_due,
    rc_stability,
    rc_difficulty,
    rc_elapsed_days,
    rc_scheduled_days,
    rc_learning_steps,
    rc_reps,
    rc_lapses,
    rc_state,
    rc_last_review,
    accepted_answers,
    sa_id,
    sa_response,
    ...problem
  } = row;
  const reviewCard = reviewCardOf({ rc_reason, rc_due, rc_stability, rc_difficulty, rc_elapsed_days, rc_scheduled_days, rc_learning_steps, rc_reps, rc_lapses, rc_state, rc_last_review });
  const submitted = sa_id === null ? null : { attemptId: sa_id, response: sa_response };
  return { problem, acceptedAnswers: accepted_answers, reviewCard, submitted };
}

/** A random active bank problem of a level (the demo: no account, nothing stored). */
export async function pickRandomBankProblem(db: Db, level: string): Promise<{ id: string; japanese: string } | undefined> {
  return db
    .selectFrom('problems')
    .select(['id', 'japanese'])
    .where('level', '=', level)
    .where('is_active', '=', true)
    .where('source', '=', 'bank')
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
}

/** A problem's content as the grader holds it (TBankProblem's fields), for writing rows. */
export type ProblemContent = {
  id: string;
  level: string;
  japanese: string;
  answers: string[];
  grammarPoint: string;
  explanation: string;
  synonyms: Record<string, string[]>;
  similarPhrases: { en: string; ja: string }[];
};

/** The `problems` row of a problem's content: the one mapping from the grader's fields to the columns. */
export function problemRow(problem: ProblemContent, source: string) {
  return {
    id: problem.id,
    level: problem.level,
    japanese: problem.japanese,
    answers: JSON.stringify(problem.answers),
    grammar_point: problem.grammarPoint,
    explanation: problem.explanation,
    synonyms: JSON.stringify(problem.synonyms),
    similar_phrases: JSON.stringify(problem.similarPhrases),
    source,
  };
}

/**
 * Writes the bundled bank (source 'bank'): new problems are inserted, changed ones updated in place,
 * except those an admin edited. Rows of other sources are never touched (their ids differ).
 * Instances that start at once on one database take turns (a transaction-level advisory lock): two
 * concurrent inserts of the same new row can meet on the (level, japanese) unique index before the id
 * arbiter of ON CONFLICT sees them, which failed the start-up of one of them.
 */
export async function upsertBankProblems(db: Db, problems: ProblemContent[]): Promise<void> {
  const chunkSize = 200;
  await db.transaction().execute(async (trx) => {
    // Start-up work: wait for the other instance's upsert however long it takes (no LOCK_WAIT_MS here).
    await sql`SET LOCAL lock_timeout = 0`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(hashtext('shunkan:upsert-bank-problems'))`.execute(trx);
    for (let start = 0; start < problems.length; start += chunkSize) {
      await trx
        .insertInto('problems')
        .values(problems.slice(start, start + chunkSize).map((p) => problemRow(p, 'bank')))
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => ({
              japanese: eb.ref('excluded.japanese'),
              answers: eb.ref('excluded.answers'),
              grammar_point: eb.ref('excluded.grammar_point'),
              explanation: eb.ref('excluded.explanation'),
              synonyms: eb.ref('excluded.synonyms'),
              similar_phrases: eb.ref('excluded.similar_phrases'),
            }))
            .where('problems.admin_edited_at', 'is', null),
        )
        .execute();
    }
  });
}

/** Every Japanese sentence of a level, active or not, oldest first. */
export async function listProblemSentences(db: Db, level: string): Promise<string[]> {
  const rows = await db.selectFrom('problems').select('japanese').where('level', '=', level).orderBy('created_at', 'asc').execute();
  return rows.map((row) => row.japanese);
}

/**
 * Inserts new problems of a source; a row that conflicts (same id, or the unique (level, japanese) of a
 * concurrent insert) is skipped. Returns the ids really inserted.
 */
export async function insertProblemsIfAbsent(db: Db, problems: ProblemContent[], source: string): Promise<Set<string>> {
  if (problems.length === 0) return new Set();
  const inserted = await db
    .insertInto('problems')
    .values(problems.map((p) => problemRow(p, source)))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return new Set(inserted.map((row) => row.id));
}
