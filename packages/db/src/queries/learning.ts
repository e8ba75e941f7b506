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

/** The distinct JST days with practice, newest first. */
export async function listPracticeDays(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('learning_days').select('day').distinct().where('user_id', '=', userId).orderBy('day', 'desc').execute();
  return rows.map((r) => r.day);
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
