import { createHash } from 'node:crypto';
import { jstDay } from '@shunkan/config/time';
import type { Db } from '@shunkan/db';
import { takeDemoProblem } from '@shunkan/db/demo';

/** Problems a guest may try per client address and JST day (DECISIONS.md: "a few problems"). */
export const DEMO_PROBLEMS_PER_DAY = 5;

export class DemoLimitReachedError extends Error {}

/**
 * Takes one demo problem of a guest's daily quota and returns how many remain. The count lives in the
 * database, so the quota holds across API instances; the client address is kept only as a hash.
 */
export async function takeDemoQuota(db: Db, clientIp: string, now: Date, limit = DEMO_PROBLEMS_PER_DAY): Promise<number> {
  const clientKey = createHash('sha256').update(clientIp).digest('base64url');
  const used = await takeDemoProblem(db, { clientKey, day: jstDay(now), limit });
  if (used === null) throw new DemoLimitReachedError();
  return limit - used;
}
