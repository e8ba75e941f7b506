import { mailboxKey } from '@shunkan/config/email';
import { sql } from 'kysely';
import type { Db } from '../index.js';

/**
 * Records that the e-mail address of `userId` starts a trial (decisions 066, 074): true when its mailbox
 * had not before, false when it had, under an account since deleted (or one that gave the address up),
 * or under another alias of the same mailbox (`mailboxKey`: Gmail's dots and "+tag", "+tag" at providers
 * that document it). Only SHA-256 hashes are kept, computed here in SQL as migration 0066's backfill does.
 * A claim is stored under the mailbox key; a claim stored before decision 074 (of the lower-cased address)
 * is still found by the address's own hash. Run it in the trial's transaction: a trial that fails after it
 * leaves no claim. An account without an address claims nothing (true).
 */
export async function claimTrialForEmail(db: Db, userId: string, now: Date): Promise<boolean> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user?.email) return true;
  const claimedBefore = await sql<{ found: boolean }>`
    select exists (
      select 1 from trial_claims where email_sha256 = encode(sha256(convert_to(lower(${user.email}), 'UTF8')), 'hex')
    ) as found
  `.execute(db);
  const inserted = await sql<{ email_sha256: string }>`
    insert into trial_claims (email_sha256, claimed_at)
    values (encode(sha256(convert_to(${mailboxKey(user.email)}, 'UTF8')), 'hex'), ${now})
    on conflict do nothing
    returning email_sha256
  `.execute(db);
  return inserted.rows.length > 0 && !claimedBefore.rows[0]?.found;
}
