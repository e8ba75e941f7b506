import type { Db } from '../index.js';
import type { CustomScenarioRow } from '../schema.js';
import { problemRow, type ProblemContent } from './problems.js';

export type ScenarioFields = { title: string; description: string };

export async function listScenarios(db: Db, userId: string): Promise<CustomScenarioRow[]> {
  return db.selectFrom('custom_scenarios').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function countScenarios(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('custom_scenarios')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The learner's own scenario; another learner's reads as absent. */
export async function findScenario(db: Db, userId: string, id: string): Promise<CustomScenarioRow | undefined> {
  return db.selectFrom('custom_scenarios').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertScenario(db: Db, userId: string, fields: ScenarioFields, now: Date, requestId: string | null = null): Promise<CustomScenarioRow> {
  return db
    .insertInto('custom_scenarios')
    .values({ user_id: userId, title: fields.title, description: fields.description, request_id: requestId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stores a scenario unless the learner already has `max`: undefined then. The count and the insert run
 * under the learner's users row lock, so creates sent at once are decided one at a time (counted outside
 * a lock, most of 30 creates sent at once at 49 stored went through on PostgreSQL; decision 055).
 * With a `requestId` the client sent before (a retry), the scenario stored then is returned and nothing
 * is stored (decision 074); the lock makes repeats sent at once find the first one too.
 */
export async function insertScenarioWithinLimit(db: Db, userId: string, fields: ScenarioFields, now: Date, max: number, requestId?: string): Promise<CustomScenarioRow | undefined> {
  const work = async (trx: Db) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (requestId) {
      const stored = await trx.selectFrom('custom_scenarios').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
      if (stored) return stored;
    }
    if ((await countScenarios(trx, userId)) >= max) return undefined;
    return insertScenario(trx, userId, fields, now, requestId ?? null);
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export async function updateScenario(db: Db, userId: string, id: string, fields: ScenarioFields, now: Date): Promise<CustomScenarioRow | undefined> {
  return db
    .updateTable('custom_scenarios')
    .set({ title: fields.title, description: fields.description, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteScenario(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('custom_scenarios').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Problems generated for a scenario (Gemini), with how often this learner was served each. */
export async function listScenarioProblems(db: Db, userId: string, scenarioId: string): Promise<{ problemId: string; level: string; times: number }[]> {
  const rows = await db
    .selectFrom('scenario_problems as sp')
    .innerJoin('problems as p', 'p.id', 'sp.problem_id')
    .leftJoin('problem_serves as s', (join) => join.onRef('s.problem_id', '=', 'sp.problem_id').on('s.user_id', '=', userId))
    .select(['sp.problem_id as problemId', 'p.level as level'])
    .select((eb) => eb.fn.count<string>('s.id').as('times'))
    .where('sp.scenario_id', '=', scenarioId)
    .groupBy(['sp.problem_id', 'p.level'])
    .execute();
  return rows.map((r) => ({ problemId: r.problemId, level: r.level, times: Number(r.times) }));
}

export type NewScenarioProblem = ProblemContent;

/**
 * Stores problems generated for a scenario, outside the level pools (inactive, source 'scenario'),
 * and links them to it. A sentence that already exists in the level is skipped.
 */
export async function insertScenarioProblems(db: Db, scenarioId: string, problems: NewScenarioProblem[]): Promise<string[]> {
  if (problems.length === 0) return [];
  const inserted = await db
    .insertInto('problems')
    .values(
      problems.map((p) => ({ ...problemRow(p, 'scenario'), is_active: false })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const ids = inserted.map((r) => r.id);
  if (ids.length > 0) {
    await db
      .insertInto('scenario_problems')
      .values(ids.map((problemId) => ({ scenario_id: scenarioId, problem_id: problemId })))
      .execute();
  }
  return ids;
}

/** How often the learner was served each of some problems (absent = never). */
export async function countServesOf(db: Db, userId: string, problemIds: string[]): Promise<Map<string, number>> {
  if (problemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('problem_serves')
    .select(['problem_id'])
    .select((eb) => eb.fn.countAll<string>().as('times'))
    .where('user_id', '=', userId)
    .where('problem_id', 'in', problemIds)
    .groupBy('problem_id')
    .execute();
  return new Map(rows.map((r) => [r.problem_id, Number(r.times)]));
}
