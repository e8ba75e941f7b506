import { randomUUID } from 'node:crypto';
import { TEXT } from '@shunkan/config/texts';
import { inTransaction, type DbHandle } from '@shunkan/db';
import { BILLING_LOCK_CHANNEL, billingLockNoticesReady, releaseBillingLock, tryTakeBillingLock, waitForBillingLockRelease } from '@shunkan/db/billing-locks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import { assertBillingLease, BILLING_LOCK_RENEW_MS, BILLING_LOCK_TTL_MS, BILLING_WRITE_WAIT_MS, withBillingLock } from '../src/domain/billing-lock.js';
import { openTestDb } from './helpers.js';

// Decision 086: repeats of one write answered from the stored state, a dead holder's lease freed in seconds,
// a working holder's lease kept, a write whose lease was taken over stores nothing. On PGlite by default, on
// a PostgreSQL server with TEST_DATABASE_URL (and then also across two instances).
let handle: DbHandle & { url?: string };

beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => {
  await handle?.close();
});

async function leaseOf(userId: string) {
  return handle.db.selectFrom('billing_locks').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('withBillingLock (decision 086)', () => {
  it('ten repeats of one write run it once: the nine wait for that one alone and answer from what it stored', async () => {
    const userId = randomUUID();
    let stored = 0;
    let works = 0;
    let settledReads = 0;
    const held = gate();
    const write = () =>
      withBillingLock(
        handle.db,
        userId,
        async () => {
          works++;
          await held.opened;
          stored++;
          return 'done' as const;
        },
        {
          intent: 'upgrade:yearly',
          settled: async () => {
            settledReads++;
            return stored > 0 ? { answer: 'already' as const } : undefined;
          },
        },
      );
    const all = Promise.all(Array.from({ length: 10 }, write));
    // Let every repeat arrive while the first one works.
    await new Promise((resolve) => setImmediate(resolve));
    held.open();
    const answers = await all;
    expect(answers.filter((a) => a === 'done')).toHaveLength(1);
    expect(answers.filter((a) => a === 'already')).toHaveLength(9);
    expect(works).toBe(1);
    expect(settledReads).toBe(9);
    expect(await leaseOf(userId)).toBeUndefined();
  });

  it('a repeat whose first try was refused tries itself, in turn', async () => {
    const userId = randomUUID();
    let works = 0;
    const write = (fail: boolean) =>
      withBillingLock(
        handle.db,
        userId,
        async () => {
          works++;
          if (fail) throw new AppError('PAYMENT_REQUIRED', 'declined');
          return 'charged';
        },
        { intent: 'upgrade:premium', settled: async () => undefined },
      );
    const [first, second] = await Promise.allSettled([write(true), write(false)]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: 'charged' });
    expect(works).toBe(2);
  });

  it('a lease left by a holder that stopped renewing (a process that died) frees the learner within its TTL', async () => {
    const userId = randomUUID();
    // Another holder takes the lease and never renews nor releases it.
    expect(await tryTakeBillingLock(handle.db, userId, randomUUID(), BILLING_LOCK_TTL_MS)).toBe(true);
    const started = Date.now();
    const answer = await withBillingLock(handle.db, userId, async () => 'written');
    const waited = Date.now() - started;
    expect(answer).toBe('written');
    // Not minutes: within the lease's TTL (and so within the write's wait, no 503), plus the poll.
    expect(BILLING_LOCK_TTL_MS).toBeLessThan(BILLING_WRITE_WAIT_MS);
    expect(waited).toBeLessThan(BILLING_WRITE_WAIT_MS);
  }, 30_000);

  it('a holder that works longer than the TTL keeps its lease by renewing it', async () => {
    const userId = randomUUID();
    const answer = await withBillingLock(handle.db, userId, async () => {
      await new Promise((resolve) => setTimeout(resolve, BILLING_LOCK_TTL_MS + 2 * BILLING_LOCK_RENEW_MS));
      // Expired by now without the heartbeat: another writer would take it over.
      const stolen = await tryTakeBillingLock(handle.db, userId, randomUUID(), BILLING_LOCK_TTL_MS);
      await inTransaction(handle.db, (trx) => assertBillingLease(trx, userId));
      return stolen;
    });
    expect(answer).toBe(false);
    expect(await leaseOf(userId)).toBeUndefined();
  }, 30_000);

  it('a write whose lease was taken over stores nothing (the fence refuses its transaction with 503)', async () => {
    const userId = randomUUID();
    const other = randomUUID();
    const outcome = withBillingLock(handle.db, userId, async () => {
      // As if the heartbeat had failed past the TTL and another write took the lease.
      await handle.db.updateTable('billing_locks').set({ holder: other }).where('user_id', '=', userId).execute();
      await inTransaction(handle.db, async (trx) => {
        await assertBillingLease(trx, userId);
        throw new Error('stored although the lease was taken over');
      });
    });
    await expect(outcome).rejects.toMatchObject({ message: TEXT.serviceUnavailable });
    // The other write's lease is left to it.
    expect((await leaseOf(userId))?.holder).toBe(other);
    await releaseBillingLock(handle.db, userId, other);
  });
});

// Another instance on the same PostgreSQL server releases the lease: its notice wakes this instance's
// waiters at once instead of at their next poll.
describe.skipIf(!process.env.TEST_DATABASE_URL)('billing lease release across instances (postgres server, decision 086)', () => {
  it('a waiter is woken by another instance\'s release notice, not by its poll', async () => {
    const userId = randomUUID();
    const holder = randomUUID();
    expect(await tryTakeBillingLock(handle.db, userId, holder, BILLING_LOCK_TTL_MS)).toBe(true);
    await billingLockNoticesReady(handle.db);
    // A wait far longer than the test: only the notice can end it early with true.
    const woken = waitForBillingLockRelease(handle.db, userId, 60_000);
    // The other instance releases with the statement releaseBillingLock sends on a server, sent here as
    // plain SQL so that no wake-up of this process's own is involved.
    await sql`
      with gone as (delete from billing_locks where user_id = ${userId} and holder = ${holder} returning user_id)
      select pg_notify(${BILLING_LOCK_CHANNEL}, user_id::text) from gone
    `.execute(handle.db);
    expect(await woken).toBe(true);
    expect(await leaseOf(userId)).toBeUndefined();
  });

  it('another learner\'s release does not wake the waiter', async () => {
    const userId = randomUUID();
    await billingLockNoticesReady(handle.db);
    const woken = waitForBillingLockRelease(handle.db, userId, 1_500);
    await sql`select pg_notify(${BILLING_LOCK_CHANNEL}, ${randomUUID()})`.execute(handle.db);
    expect(await woken).toBe(false);
  });
});
