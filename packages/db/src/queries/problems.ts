import { sql } from 'kysely';
import type { Db } from '../index.js';
import type { ProblemRow } from '../schema.js';

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
