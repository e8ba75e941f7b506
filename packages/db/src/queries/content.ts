import { sql } from 'kysely';
import type { Db } from '../index.js';
import type { ProblemRow } from '../schema.js';

export type ContentGroupRow = { level: string; grammarPoint: string; total: number; active: number; attempts: number };

/** The bank by level and grammar point: problems (all, active) and graded answers in each group. */
export async function listContentGroups(db: Db): Promise<ContentGroupRow[]> {
  const rows = await db
    .selectFrom('problems')
    .select((eb) => [
      'problems.level',
      'problems.grammar_point as grammarPoint',
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where problems.is_active)`.as('active'),
      eb
        .selectFrom('attempts')
        .innerJoin('problems as p2', 'p2.id', 'attempts.problem_id')
        .whereRef('p2.level', '=', 'problems.level')
        .whereRef('p2.grammar_point', '=', 'problems.grammar_point')
        .select(sql<string>`count(*)`.as('n'))
        .as('attempts'),
    ])
    .groupBy(['problems.level', 'problems.grammar_point'])
    .orderBy('problems.level')
    .orderBy('problems.grammar_point')
    .execute();
  return rows.map((r) => ({ level: r.level, grammarPoint: r.grammarPoint, total: Number(r.total), active: Number(r.active), attempts: Number(r.attempts ?? 0) }));
}

export type ProblemListRow = Pick<ProblemRow, 'id' | 'level' | 'japanese' | 'answers' | 'grammar_point' | 'source' | 'is_active'> & {
  attempts: number;
  averageRating: number | null;
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Problems of the bank with their attempt counts and average stars, filtered and paged. */
export async function listProblemsWithStats(
  db: Db,
  input: { level?: string; grammarPoint?: string; search?: string; page: number; pageSize: number },
): Promise<{ total: number; rows: ProblemListRow[] }> {
  let base = db.selectFrom('problems');
  if (input.level) base = base.where('problems.level', '=', input.level);
  if (input.grammarPoint) base = base.where('problems.grammar_point', '=', input.grammarPoint);
  const search = input.search?.trim();
  if (search) {
    const pattern = likePattern(search.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(problems.japanese)`, 'like', pattern),
        eb(sql`lower(problems.answers::text)`, 'like', pattern),
        eb(sql`lower(problems.id)`, 'like', pattern),
        eb(sql`lower(problems.grammar_point)`, 'like', pattern),
      ]),
    );
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('attempts')
          .select(['attempts.problem_id', sql<string>`count(*)`.as('n'), sql<string>`avg(attempts.rating)`.as('avg')])
          .groupBy('attempts.problem_id')
          .as('s'),
      (join) => join.onRef('s.problem_id', '=', 'problems.id'),
    )
    .select(['problems.id', 'problems.level', 'problems.japanese', 'problems.answers', 'problems.grammar_point', 'problems.source', 'problems.is_active', 's.n', 's.avg'])
    .orderBy('problems.level')
    .orderBy('problems.id')
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  return {
    total: Number(totalRow.n),
    rows: rows.map(({ n, avg, ...r }) => ({ ...r, attempts: Number(n ?? 0), averageRating: avg === null || avg === undefined ? null : Number(avg) })),
  };
}

/** The most common named errors in the graded answers to one problem (label and count). */
export async function listCommonErrors(db: Db, problemId: string, limit = 5): Promise<Array<{ label: string; count: number }>> {
  const rows = await sql<{ label: string; n: string }>`
    select e->>'label' as label, count(*) as n
    from attempts, jsonb_array_elements(attempts.errors::jsonb) as e
    where attempts.problem_id = ${problemId} and e->>'label' is not null
    group by 1 order by n desc, label limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ label: r.label, count: Number(r.n) }));
}

export type AdminProblemDetail = ProblemRow & { attempts: number; averageRating: number | null };

/** One problem with its attempt count and average stars. */
export async function findProblemForAdmin(db: Db, id: string): Promise<AdminProblemDetail | undefined> {
  const row = await db.selectFrom('problems').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const stats = await db
    .selectFrom('attempts')
    .where('problem_id', '=', id)
    .select([sql<string>`count(*)`.as('n'), sql<string | null>`avg(rating)`.as('avg')])
    .executeTakeFirstOrThrow();
  return { ...row, attempts: Number(stats.n), averageRating: stats.avg === null ? null : Number(stats.avg) };
}

export type AdminProblemFields = {
  level: string;
  japanese: string;
  answers: string[];
  grammarPoint: string;
  explanation: string;
  similarPhrases: Array<{ en: string; ja: string }>;
};

/** A problem written by an admin (source 'admin'); false when the level already has that sentence. */
export async function insertAdminProblem(db: Db, id: string, fields: AdminProblemFields, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('problems')
    .values({
      id,
      level: fields.level,
      japanese: fields.japanese,
      answers: JSON.stringify(fields.answers),
      grammar_point: fields.grammarPoint,
      explanation: fields.explanation,
      synonyms: '{}',
      similar_phrases: JSON.stringify(fields.similarPhrases),
      source: 'admin',
      admin_edited_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/**
 * An admin's edit of any problem (bundled ones included); marks it edited so the bank seeding keeps it.
 * 'duplicate' when another problem of the level already has the Japanese sentence.
 */
export async function updateAdminProblem(db: Db, id: string, fields: Omit<AdminProblemFields, 'level' | 'similarPhrases'>, now: Date): Promise<'ok' | 'not_found' | 'duplicate'> {
  try {
    const result = await db
      .updateTable('problems')
      .set({
        japanese: fields.japanese,
        answers: JSON.stringify(fields.answers),
        grammar_point: fields.grammarPoint,
        explanation: fields.explanation,
        admin_edited_at: now,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? 'ok' : 'not_found';
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'duplicate';
    throw error;
  }
}

/** Disables (or re-enables) a problem: a disabled one is never served again; its history stays. */
export async function setProblemActive(db: Db, id: string, isActive: boolean): Promise<boolean> {
  const result = await db.updateTable('problems').set({ is_active: isActive }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
