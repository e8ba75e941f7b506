import { PAID_PAYMENT_STATUSES } from '@shunkan/config/billing';
import { sql } from 'kysely';
import type { Db } from '../index.js';
import type { NewPayment, PaymentRow } from '../schema.js';

/**
 * The revenue one payment leaves (decision 096): the amount charged minus what was refunded and, when
 * a dispute was lost, the disputed amount; never below 0. Counted only for PAID_PAYMENT_STATUSES.
 */
export const NET_PAYMENT_AMOUNT = sql<number>`greatest(0, payments.amount - payments.refunded_amount - case when payments.dispute_status = 'lost' then payments.disputed_amount else 0 end)`;

/** Records a payment once: a repeated id (the same Stripe invoice, the same sandbox renewal) is a no-op. */
export async function insertPayment(db: Db, payment: NewPayment): Promise<boolean> {
  const inserted = await db
    .insertInto('payments')
    .values(payment)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

export async function findPaymentByClientSecret(db: Db, clientSecret: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
}

/**
 * Moves a payment to a new status unless it is already there (and, with `from`, only out of one of
 * those statuses); true only for the caller that moved it, so a double-submitted confirmation applies
 * its effects once and a superseded (canceled) payment cannot be revived.
 */
export async function setPaymentStatus(db: Db, id: string, status: string, from?: readonly string[]): Promise<boolean> {
  let query = db.updateTable('payments').set({ status, updated_at: new Date() }).where('id', '=', id).where('status', '<>', status);
  if (from) query = query.where('status', 'in', from);
  const updated = await query.returning('id').executeTakeFirst();
  return Boolean(updated);
}

/**
 * Cancels every sandbox payment the learner opened and has not completed (pending or declined), except
 * `keepId`: like Stripe voiding the previous incomplete subscription, only the newest checkout can be paid.
 */
export async function cancelOpenSandboxPayments(db: Db, input: { userId: string; keepId: string }): Promise<number> {
  const canceled = await db
    .updateTable('payments')
    .set({ status: 'canceled', updated_at: new Date() })
    .where('user_id', '=', input.userId)
    .where('provider', '=', 'sandbox')
    .where('status', 'in', ['pending', 'failed'])
    .where('client_secret', 'is not', null)
    .where('id', '<>', input.keepId)
    .returning('id')
    .execute();
  return canceled.length;
}

/** A learner's own recent payments (pending and superseded checkouts left out), newest first, with what they net. */
export async function listUserPayments(db: Db, userId: string, limit = 10): Promise<Array<PaymentRow & { net_amount: number }>> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .select(NET_PAYMENT_AMOUNT.as('net_amount'))
    .where('user_id', '=', userId)
    .where('status', 'not in', ['pending', 'canceled'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  // PostgreSQL's integer arithmetic comes back as a number; kept explicit for the pg driver's bigint rules.
  return rows.map((r) => ({ ...r, net_amount: Number(r.net_amount) }));
}

export type PaymentReversal = {
  refundedAmount: number;
  disputeStatus: string | null;
  disputedAmount: number;
  /** The payment's status given its amount (decided in the billing domain). */
  statusFor: (amount: number) => string;
};

/**
 * Stores what Stripe gave back of a paid payment (its refunded total and latest dispute, decision 096).
 * The values are Stripe's current state, not increments, so a replayed or reordered event stores the
 * same thing again. 'missing' when no paid payment has this id (yet).
 */
export async function setPaymentReversal(db: Db, id: string, reversal: PaymentReversal): Promise<'updated' | 'unchanged' | 'missing'> {
  const row = await db
    .selectFrom('payments')
    .select(['amount', 'status', 'refunded_amount', 'dispute_status', 'disputed_amount'])
    .where('id', '=', id)
    .where('status', 'in', PAID_PAYMENT_STATUSES)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return 'missing';
  const status = reversal.statusFor(row.amount);
  if (row.status === status && row.refunded_amount === reversal.refundedAmount && row.dispute_status === reversal.disputeStatus && row.disputed_amount === reversal.disputedAmount) {
    return 'unchanged';
  }
  await db
    .updateTable('payments')
    .set({ status, refunded_amount: reversal.refundedAmount, dispute_status: reversal.disputeStatus, disputed_amount: reversal.disputedAmount, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return 'updated';
}

/**
 * A sandbox payment the learner opened for this plan and has not completed (pending, or declined and
 * retryable) since `since`: reloading the checkout page continues it instead of piling up new ones.
 */
export async function findOpenSandboxPayment(db: Db, input: { userId: string; planId: string; since: Date }): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('plan_id', '=', input.planId)
    .where('provider', '=', 'sandbox')
    .where('status', 'in', ['pending', 'failed'])
    .where('client_secret', 'is not', null)
    .where('created_at', '>=', input.since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
