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
}
