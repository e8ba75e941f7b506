import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Billing: a payment remembers which plan it paid for and what kind of charge it was (first payment,
// sandbox renewal, prorated upgrade); a sandbox payment is confirmed through its client secret, the
// way a Stripe PaymentIntent is.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('plan_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('subscription'))
    .addColumn('client_secret', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payments_client_secret_uq').on('payments').column('client_secret').unique().execute();
  await db.schema.createIndex('payments_user_created_idx').on('payments').columns(['user_id', 'created_at']).execute();
}
