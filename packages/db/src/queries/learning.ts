import { sql } from 'kysely';
import type { Db } from '../index.js';

export type LearningDay = { day: string; level: string; attempts: number; ratingSum: number };

/**
 * The learner's daily summaries from a day on (YYYY-MM-DD, JST), newest first: at most one row per
 * day and level, so reading a year of practice is a few hundred small rows, never the attempts.
 */
export async function listLearningDays(db: Db, userId: string, options: { fromDay?: string } = {}): Promise<LearningDay[]> {
  let query = db
    .selectFrom('learning_days')
    .select(['day', 'level', 'attempts', 'rating_sum as ratingSum'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc');
  if (options.fromDay) query = query.where('day', '>=', options.fromDay);
  return query.execute();
}

export async function findLearnerSettings(db: Db, userId: string): Promise<{ dailyGoal: number | null }> {
  const row = await db.selectFrom('learner_settings').select('daily_goal').where('user_id', '=', userId).executeTakeFirst();
  return { dailyGoal: row?.daily_goal ?? null };
}

export async function saveDailyGoal(db: Db, userId: string, dailyGoal: number | null, now: Date): Promise<void> {
  await db
    .insertInto('learner_settings')
    .values({ user_id: userId, daily_goal: dailyGoal, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ daily_goal: dailyGoal, updated_at: now }))
    .execute();
}

/** Answers and stars per level over the learner's whole history (one row per level). */
export async function summarizeLevels(db: Db, userId: string): Promise<{ level: string; attempts: number; ratingSum: number }[]> {
  const rows = await db
    .selectFrom('learning_days')
    .select('level')
    .select((eb) => [eb.fn.sum<string>('attempts').as('attempts'), eb.fn.sum<string>('rating_sum').as('ratingSum')])
    .where('user_id', '=', userId)
    .groupBy('level')
    .execute();
  return rows.map((r) => ({ level: r.level, attempts: Number(r.attempts), ratingSum: Number(r.ratingSum) }));
}

export type PracticeRuns = { longest: number; lastRunEnd: string | null; lastRunLength: number };

/**
 * Runs of consecutive practice days, computed in the database (gaps and islands: a day minus its
 * rank is constant within a run), so the streak reads two numbers whatever the length of the history.
 */
export async function findPracticeRuns(db: Db, userId: string): Promise<PracticeRuns> {
  const result = await sql<{ longest: string | null; last_day: string | null; length: string | null }>`
    with days as (select distinct day::date as d from learning_days where user_id = ${userId}),
    runs as (
      select max(d) as last_day, count(*) as length
      from (select d, d - (row_number() over (order by d))::int as run from days) ranked
      group by run
    )
    select (select max(length) from runs) as longest, to_char(last_day, 'YYYY-MM-DD') as last_day, length
    from runs order by last_day desc limit 1
  `.execute(db);
  const row = result.rows[0];
  return { longest: Number(row?.longest ?? 0), lastRunEnd: row?.last_day ?? null, lastRunLength: Number(row?.length ?? 0) };
}
