import { sql } from 'kysely';
import type { Db } from '../index.js';

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

/** Gives the lease up; a lease taken over by another write after expiring is left to it. */
export async function releaseBillingLock(db: Db, userId: string, holder: string): Promise<void> {
  await db.deleteFrom('billing_locks').where('user_id', '=', userId).where('holder', '=', holder).execute();
}
