import { createHash } from 'node:crypto';
import { addDays, jstDay } from '@shunkan/config/time';
import type { Db } from '@shunkan/db';
import { recordDemoServe, takeDemoProblem, wasServedToDemoGuest } from '@shunkan/db/demo';

/** Problems a guest may try per client address and JST day (DECISIONS.md: "a few problems"). */
export const DEMO_PROBLEMS_PER_DAY = 5;

export class DemoLimitReachedError extends Error {}

/** The client address is kept only as a hash: the quota needs a stable key, not the address itself. */
function hashedClientKey(clientIp: string): string {
  return createHash('sha256').update(clientIp).digest('base64url');
}

/**
 * Takes one demo problem of a guest's daily quota and returns how many remain. The count lives in the
 * database, so the quota holds across API instances.
 */
export async function takeDemoQuota(db: Db, clientIp: string, now: Date, limit = DEMO_PROBLEMS_PER_DAY): Promise<number> {
  const used = await takeDemoProblem(db, { clientKey: hashedClientKey(clientIp), day: jstDay(now), limit });
  if (used === null) throw new DemoLimitReachedError();
  return limit - used;
}

/** Remembers a problem served to a guest: the demo grades answers to these problems only. */
export async function recordDemoProblem(db: Db, clientIp: string, problemId: string, now: Date): Promise<void> {
  const day = jstDay(now);
  await recordDemoServe(db, { clientKey: hashedClientKey(clientIp), day, keepFrom: addDays(day, -1), problemId });
}

/**
 * Whether the guest was served this problem today or yesterday (an answer may come after midnight).
 * The grader took any bank problem by id before, which gave every problem's answers away past the
 * quota (decision 051).
 */
export async function isDemoProblemOf(db: Db, clientIp: string, problemId: string, now: Date): Promise<boolean> {
  const day = jstDay(now);
  return wasServedToDemoGuest(db, { clientKey: hashedClientKey(clientIp), days: [day, addDays(day, -1)], problemId });
}
