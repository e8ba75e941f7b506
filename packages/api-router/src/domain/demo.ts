import type { LevelKey } from '@shunkan/config/levels';
import { jstDay } from '@shunkan/config/time';
import type { Db } from '@shunkan/db';
import { sql } from 'kysely';

/** Problems a guest may try per client address and JST day (DECISIONS.md: "a few problems"). */
export const DEMO_PROBLEMS_PER_DAY = 5;

export class DemoLimitReachedError extends Error {}

/** Per-process counter of demo problems per client and day (per API instance behind a balancer). */
export function createDemoQuota(limit = DEMO_PROBLEMS_PER_DAY) {
  const counts = new Map<string, number>();
  return {
    limit,
    take(clientKey: string, now: Date): number {
      const key = `${clientKey}:${jstDay(now)}`;
      const used = counts.get(key) ?? 0;
      if (used >= limit) throw new DemoLimitReachedError();
      if (counts.size > 50_000) counts.clear();
      counts.set(key, used + 1);
      return limit - used - 1;
    },
  };
}

export const demoQuota = createDemoQuota();

export async function pickDemoProblem(db: Db, level: LevelKey) {
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
