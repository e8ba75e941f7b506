import { sql } from 'kysely';
import type { Db } from '../index.js';
import type { NoticeHub, NoticeListener } from '../notice-listener.js';
import { isServerDatabase } from '../server-db.js';

/** Channel on which a released lease is announced (payload: the learner's id), decision 086. */
export const BILLING_LOCK_CHANNEL = 'billing_lock_released';

/**
 * Takes the learner's billing lease for `holder` (a random uuid of one write) for `ttlMs`, unless another
 * write holds an unexpired one: true when taken. One statement, no transaction: nothing is held on the
 * database while the lease is (decision 074). Expiry is by the database's clock, which every instance
 * shares.
 */
export async function tryTakeBillingLock(db: Db, userId: string, holder: string, ttlMs: number): Promise<boolean> {
  const taken = await sql<{ holder: string }>`
    insert into billing_locks (user_id, holder, expires_at)
    values (${userId}, ${holder}, clock_timestamp() + ${ttlMs}::integer * interval '1 millisecond')
    on conflict (user_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where billing_locks.expires_at < clock_timestamp()
    returning holder
  `.execute(db);
  return taken.rows.length > 0;
}

/**
 * Extends the lease of `holder` by `ttlMs` from now (the heartbeat of a write that is still working,
 * decision 086): true while the lease is still this holder's. False once another write took it over after
 * it expired; an expired lease nobody took is still renewed. Run inside the transaction that stores a
 * write's outcome, it is the fence: the row stays locked until that transaction ends, so no other write
 * can take the lease between the check and the commit.
 */
export async function renewBillingLock(db: Db, userId: string, holder: string, ttlMs: number): Promise<boolean> {
  const renewed = await sql<{ holder: string }>`
    update billing_locks set expires_at = clock_timestamp() + ${ttlMs}::integer * interval '1 millisecond'
    where user_id = ${userId} and holder = ${holder}
    returning holder
  `.execute(db);
  return renewed.rows.length > 0;
}

/**
 * Gives the lease up; a lease taken over by another write after expiring is left to it. On a PostgreSQL
 * server the release is announced on BILLING_LOCK_CHANNEL in the same statement, so that writes of the
 * learner waiting on other instances try again at once instead of at their next poll.
 */
export async function releaseBillingLock(db: Db, userId: string, holder: string): Promise<void> {
  if (isServerDatabase(db)) {
    await sql`
      with gone as (delete from billing_locks where user_id = ${userId} and holder = ${holder} returning user_id)
      select pg_notify(${BILLING_LOCK_CHANNEL}, user_id::text) from gone
    `.execute(db);
  } else {
    await db.deleteFrom('billing_locks').where('user_id', '=', userId).where('holder', '=', holder).execute();
  }
  wake(userId);
}

/** Waiters of this process per learner, woken by a release here or by the server's notice of one elsewhere. */
const waiters = new Map<string, Set<(released: boolean) => void>>();
const hubs = new WeakMap<object, NoticeHub>();
const listeners = new WeakMap<NoticeHub, NoticeListener>();

function wake(userId: string): void {
  const set = waiters.get(userId);
  if (!set) return;
  waiters.delete(userId);
  for (const resolve of set) resolve(true);
}

/** createDatabase hands a PostgreSQL handle's listening connection here (notice-listener.ts). */
export function attachBillingLockNotices(db: object, hub: NoticeHub): void {
  hubs.set(db, hub);
}

/** Listens for releases on the handle's listening connection (PostgreSQL only), once per connection. */
function listenOnce(db: Db): NoticeListener | undefined {
  const hub = hubs.get(db);
  if (!hub) return undefined;
  const known = listeners.get(hub);
  if (known) return known;
  const listener = hub.subscribe(BILLING_LOCK_CHANNEL, {
    onNotice: (payload) => {
      if (payload) wake(payload);
    },
    onLive: () => undefined,
    // Notices missed while the connection is down are covered by the waiters' own poll.
    onLost: () => undefined,
  });
  listeners.set(hub, listener);
  return listener;
}

/** Resolves once releases announced by other instances reach this handle (at once on PGlite: none to hear). */
export async function billingLockNoticesReady(db: Db): Promise<void> {
  await listenOnce(db)?.ready;
}

/**
 * Resolves when a lease of the learner is released (in this process, or on another instance of the same
 * PostgreSQL server) or after `ms`, whichever comes first: true when woken by a release. A lease that
 * expired is not announced: the timeout is the waiter's poll for it.
 */
export function waitForBillingLockRelease(db: Db, userId: string, ms: number): Promise<boolean> {
  listenOnce(db);
  return new Promise<boolean>((resolve) => {
    let set = waiters.get(userId);
    if (!set) waiters.set(userId, (set = new Set()));
    const mine = set;
    const done = (released: boolean) => {
      clearTimeout(timer);
      mine.delete(done);
      if (mine.size === 0 && waiters.get(userId) === mine) waiters.delete(userId);
      resolve(released);
    };
    const timer = setTimeout(() => done(false), Math.max(0, ms));
    mine.add(done);
  });
}
