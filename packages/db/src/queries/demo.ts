import { sql } from 'kysely';
import type { Db } from '../index.js';

/**
 * Takes one of a guest's demo problems for a day, atomically across API instances: the counter rises
 * only while it is below `limit`. Returns the count after taking, or null when the limit was reached.
 * Rows of earlier days are removed on the way (the primary key leads with the day).
 */
export async function takeDemoProblem(db: Db, options: { clientKey: string; day: string; limit: number }): Promise<number | null> {
  const { clientKey, day, limit } = options;
  await db.deleteFrom('demo_usage').where('day', '<', day).execute();
  const row = await db
    .insertInto('demo_usage')
    .values({ day, client_key: clientKey, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['day', 'client_key'])
        .doUpdateSet({ count: sql<number>`demo_usage.count + 1` })
        .where('demo_usage.count', '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  return row ? row.count : null;
}

/**
 * Records a problem served to a demo guest; rows older than `keepFrom` (yesterday: an answer may come
 * after midnight) are removed on the way.
 */
export async function recordDemoServe(db: Db, options: { clientKey: string; day: string; keepFrom: string; problemId: string }): Promise<void> {
  await db.deleteFrom('demo_serves').where('day', '<', options.keepFrom).execute();
  await db
    .insertInto('demo_serves')
    .values({ day: options.day, client_key: options.clientKey, problem_id: options.problemId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Whether a demo guest was served this problem on one of these days. */
export async function wasServedToDemoGuest(db: Db, options: { clientKey: string; days: string[]; problemId: string }): Promise<boolean> {
  const row = await db
    .selectFrom('demo_serves')
    .select('problem_id')
    .where('day', 'in', options.days)
    .where('client_key', '=', options.clientKey)
    .where('problem_id', '=', options.problemId)
    .executeTakeFirst();
  return row !== undefined;
}
