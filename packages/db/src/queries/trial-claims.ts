import { sql } from 'kysely';
import type { Db } from '../index.js';

/**
 * Records that the e-mail address of `userId` starts a trial (decision 066): true when it had not
 * before, false when it had, under an account since deleted (or one that gave the address up). Only
 * the SHA-256 of the lower-cased address is kept, computed here in SQL as migration 0066's backfill
 * does. Run it in the trial's transaction: a trial that fails after it leaves no claim. An account
 * without an address claims nothing (true).
 */
export async function claimTrialForEmail(db: Db, userId: string, now: Date): Promise<boolean> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user?.email) return true;
  const inserted = await sql<{ email_sha256: string }>`
    insert into trial_claims (email_sha256, claimed_at)
    values (encode(sha256(convert_to(lower(${user.email}), 'UTF8')), 'hex'), ${now})
    on conflict do nothing
    returning email_sha256
  `.execute(db);
  return inserted.rows.length > 0;
}
