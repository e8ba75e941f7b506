import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
/**
 * Trials per e-mail address (docs/decisions/066). `subscriptions.trial_used` is per account, and account
 * deletion (0059) removes the account's rows: deleting the account and signing up again with the same
 * address gave a second 7-day trial, as often as one liked. `trial_claims` keeps, for every address that
 * started a trial, the SHA-256 of the lower-cased address (hex) and when: no account, no uid, nothing
 * else. Computed in SQL only (`trialClaimHash`), so that this backfill and the queries agree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trial_claims')
    .addColumn('email_sha256', 'text', (c) => c.primaryKey())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`
    insert into trial_claims (email_sha256, claimed_at)
    select encode(sha256(convert_to(lower(u.email), 'UTF8')), 'hex'), coalesce(min(s.trial_start), now())
    from users u join subscriptions s on s.user_id = u.id
    where s.trial_used and u.email is not null and u.email <> ''
    group by 1
    on conflict do nothing
  `.execute(db);
}
