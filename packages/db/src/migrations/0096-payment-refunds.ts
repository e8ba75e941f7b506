import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Refunds and disputes (decision 096): what Stripe gave back of a payment. refunded_amount is the
// charge's refunded total as Stripe reports it; dispute_status and disputed_amount are the latest
// dispute of the charge (a lost one takes its amount out of the revenue). The payment's own amount
// stays what was charged.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dispute_status', 'text')
    .addColumn('disputed_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
