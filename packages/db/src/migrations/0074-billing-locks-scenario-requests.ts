import { mailboxKey } from '@shunkan/config/email';
import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * docs/decisions/074.
 * - `billing_locks`: one learner's billing writes run one at a time without holding a database session
 *   while the payment provider is called. A write takes the learner's row here (a lease: `holder` is the
 *   write's random id, `expires_at` by the database's clock) in a statement of its own, calls Stripe with
 *   no transaction open, stores the outcome in a short transaction and deletes the row. A lease left by a
 *   process that died is taken over once it has expired. No foreign key: a deletion of the account may
 *   run under the lease, and a lease of a deleted account is harmless.
 * - `custom_scenarios.request_id`: the client names each scenario it creates with a random id and sends
 *   the same id again when it retries; the unique index makes a repeat find the scenario already stored
 *   instead of making a second one. Scenarios of old clients have null; nulls never conflict.
 * - `trial_claims`: a claim is now kept under the hash of the address's mailbox (`mailboxKey`: Gmail's
 *   dots and "+tag", "+tag" at providers that document it), so that an alias does not give a second trial.
 *   The accounts that still exist and had a trial get that claim too (the claims of deleted accounts are
 *   hashes and cannot be folded; the query still finds them by the address's own hash).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_locks')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('holder', 'uuid', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('custom_scenarios').addColumn('request_id', 'uuid').execute();
  await sql`create unique index custom_scenarios_user_request_idx on custom_scenarios (user_id, request_id)`.execute(db);
  const tried = await sql<{ email: string; claimed_at: Date | null }>`
    select u.email, s.trial_start as claimed_at
    from users u join subscriptions s on s.user_id = u.id
    where s.trial_used and u.email is not null and u.email <> ''
  `.execute(db);
  for (const row of tried.rows) {
    await sql`
      insert into trial_claims (email_sha256, claimed_at)
      values (encode(sha256(convert_to(${mailboxKey(row.email)}, 'UTF8')), 'hex'), coalesce(${row.claimed_at}::timestamptz, now()))
      on conflict do nothing
    `.execute(db);
  }
}
