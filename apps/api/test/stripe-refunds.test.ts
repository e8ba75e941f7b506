import { describe, expect, it } from 'vitest';
import { findSubscription } from '@shunkan/db/subscriptions';
import {
  bearer,
  deliverWebhook,
  emulatorAdmin,
  invoiceEvent,
  nowSeconds,
  signUp,
  stripeCheckoutLearner,
  stripeEvent,
  stripeServerForFile,
} from './harness.js';

// Decision 096: refunds and disputes made at Stripe reach the learner's payment history and the admin's
// revenue. Every event is signed as Stripe signs it; the charge's state is read back from the local
// Stripe server, which links the charge to its invoice through an invoice payment as API 2026-10-28 does.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
const file = stripeServerForFile();

const deliver = (event: object, secret?: string) => deliverWebhook(file.server, event, secret ? { secret } : {});

let adminToken: string | undefined;
async function admin(): Promise<string> {
  if (adminToken) return adminToken;
  const account = await signUp();
  await emulatorAdmin('accounts:update', { localId: account.localId, customAttributes: JSON.stringify({ admin: true }) });
  adminToken = account.idToken;
  return adminToken;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await file.server.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

type AdminPayments = { totalRevenue: number; totalTransactions: number; recentPayments: Array<{ id: string; status: string; amount: number; refundedAmount: number; netAmount: number }> };
type LearnerPayment = { id: string; status: string; amount: number; refundedAmount: number; netAmount: number };

/** The admin's revenue figures: payments tab, overview and the current month of the analytics chart. */
async function revenue(): Promise<{ payments: number; stats: number; month: number }> {
  const token = await admin();
  const payments = await getJson<AdminPayments>('/api/admin/payments', token);
  const stats = await getJson<{ totalRevenue: number }>('/api/admin/stats', token);
  const analytics = await getJson<{ monthlyStats: Array<{ revenue: number }> }>('/api/admin/analytics', token);
  return { payments: payments.totalRevenue, stats: stats.totalRevenue, month: analytics.monthlyStats.at(-1)?.revenue ?? 0 };
}

function less(before: { payments: number; stats: number; month: number }, yen: number) {
  return { payments: before.payments - yen, stats: before.stats - yen, month: before.month - yen };
}

async function learnerPayment(token: string, id: string): Promise<LearnerPayment | undefined> {
  const details = await getJson<{ payments: LearnerPayment[] }>('/api/subscription-details', token);
  return details.payments.find((p) => p.id === id);
}

async function adminPayment(id: string) {
  const payments = await getJson<AdminPayments>('/api/admin/payments', await admin());
  return payments.recentPayments.find((p) => p.id === id);
}

async function paymentRow(id: string) {
  return file.server.database.db.selectFrom('payments').select(['status', 'amount', 'refunded_amount', 'dispute_status', 'disputed_amount']).where('id', '=', id).executeTakeFirst();
}

/** A learner whose first standard-monthly invoice (¥780) was paid at Stripe; its invoice.paid not yet delivered. */
async function paidAtStripe() {
  const learner = await stripeCheckoutLearner(file.server);
  const { invoiceId, chargeId } = file.fake.pay(learner.subscription);
  const paid = invoiceEvent('invoice.paid', learner, nowSeconds(), { id: invoiceId });
  return { learner, invoiceId, chargeId, paid };
}

/** The same, with invoice.paid applied: the payment row exists and the plan is active. */
async function payingLearner() {
  const paying = await paidAtStripe();
  expect((await deliver(paying.paid)).json()).toMatchObject({ outcome: 'applied' });
  return paying;
}

describe('refunds made at Stripe', () => {
  it('a full refund marks the payment 返金済み for the learner and takes it out of every revenue figure; the plan runs on as at Stripe', async () => {
    const { learner, invoiceId, chargeId } = await payingLearner();
    const before = await revenue();
    const subscriptionBefore = await findSubscription(file.server.database.db, learner.userId);
    expect(await learnerPayment(learner.token, invoiceId)).toMatchObject({ status: 'succeeded', amount: 780, refundedAmount: 0, netAmount: 780 });

    const { charge } = file.fake.refund(chargeId);
    const refunded = stripeEvent('charge.refunded', nowSeconds(), charge);
    const response = await deliver(refunded);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });

    expect(await paymentRow(invoiceId)).toEqual({ status: 'refunded', amount: 780, refunded_amount: 780, dispute_status: null, disputed_amount: 0 });
    expect(await learnerPayment(learner.token, invoiceId)).toMatchObject({ status: 'refunded', amount: 780, refundedAmount: 780, netAmount: 0 });
    expect(await adminPayment(invoiceId)).toMatchObject({ status: 'refunded', amount: 780, refundedAmount: 780, netAmount: 0 });
    expect(await revenue()).toEqual(less(before, 780));
    // Stripe does not cancel a subscription for a refund: the plan and its period are unchanged.
    expect(await findSubscription(file.server.database.db, learner.userId)).toMatchObject({
      status: 'active',
      current_period_end: subscriptionBefore?.current_period_end,
      cancel_at_period_end: false,
    });

    // The same event again is a no-op; so is another event about the same refund.
    expect((await deliver(refunded)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await deliver(stripeEvent('refund.updated', nowSeconds(), { id: 're_x', object: 'refund', charge: chargeId, amount: 780, status: 'succeeded' }))).json()).toMatchObject({ outcome: 'applied' });
    expect(await paymentRow(invoiceId)).toMatchObject({ status: 'refunded', refunded_amount: 780 });
    expect(await revenue()).toEqual(less(before, 780));
  });

  it('partial refunds show as 一部返金 with the amount returned and count at their net; the rest refunded later makes it 返金済み', async () => {
    const { learner, invoiceId, chargeId } = await payingLearner();
    const before = await revenue();
    const first = file.fake.refund(chargeId, 300);
    expect((await deliver(stripeEvent('refund.created', nowSeconds(), first.refund))).json()).toMatchObject({ outcome: 'applied' });
    expect(await learnerPayment(learner.token, invoiceId)).toMatchObject({ status: 'partially_refunded', amount: 780, refundedAmount: 300, netAmount: 480 });
    expect(await revenue()).toEqual(less(before, 300));

    const second = file.fake.refund(chargeId);
    expect(second.refund.amount).toBe(480);
    // charge.refunded for the second refund, then the first refund's refund.created delivered late: the
    // charge's current total decides, so the late event does not bring the total back to 300.
    expect((await deliver(stripeEvent('charge.refunded', nowSeconds(), second.charge))).json()).toMatchObject({ outcome: 'applied' });
    expect((await deliver(stripeEvent('refund.created', nowSeconds() - 5, first.refund))).json()).toMatchObject({ outcome: 'applied' });
    expect(await paymentRow(invoiceId)).toMatchObject({ status: 'refunded', refunded_amount: 780 });
    expect(await adminPayment(invoiceId)).toMatchObject({ status: 'refunded', refundedAmount: 780, netAmount: 0 });
    expect(await revenue()).toEqual(less(before, 780));
  });

  it('a refund delivered before its invoice.paid is answered 409 and not recorded, so Stripe delivers it again; then it applies', async () => {
    const { learner, invoiceId, chargeId, paid } = await paidAtStripe();
    const { charge } = file.fake.refund(chargeId);
    const early = stripeEvent('charge.refunded', nowSeconds(), charge);
    const response = await deliver(early);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await file.server.database.db.selectFrom('billing_events').select('id').where('id', '=', early.id).executeTakeFirst()).toBeUndefined();

    expect((await deliver(paid)).json()).toMatchObject({ outcome: 'applied' });
    expect(await paymentRow(invoiceId)).toMatchObject({ status: 'succeeded', refunded_amount: 0 });
    // Stripe's retry of the same event.
    expect((await deliver(early)).json()).toMatchObject({ outcome: 'applied' });
    expect(await learnerPayment(learner.token, invoiceId)).toMatchObject({ status: 'refunded', refundedAmount: 780, netAmount: 0 });
  });

  it('ignores a refund of a charge Stripe does not know or that paid no invoice of ours, and refuses a forged one', async () => {
    expect((await deliver(stripeEvent('charge.refunded', nowSeconds(), { id: 'ch_unknown', object: 'charge' }))).json()).toEqual({ received: true, outcome: 'ignored' });
    const { invoiceId, chargeId } = await payingLearner();
    const { charge } = file.fake.refund(chargeId);
    const forged = await deliver(stripeEvent('charge.refunded', nowSeconds(), charge), 'whsec_attacker');
    expect(forged.statusCode).toBe(400);
    expect(await paymentRow(invoiceId)).toMatchObject({ status: 'succeeded', refunded_amount: 0 });
  });
});

describe('disputes (不審請求) opened by the card holder', () => {
  it('an open dispute is shown but still counted; won, it is a plain payment again', async () => {
    const { learner, invoiceId, chargeId } = await payingLearner();
    const before = await revenue();
    const opened = file.fake.dispute(chargeId, 'needs_response');
    expect((await deliver(stripeEvent('charge.dispute.created', nowSeconds(), opened))).json()).toMatchObject({ outcome: 'applied' });
    expect(await paymentRow(invoiceId)).toEqual({ status: 'disputed', amount: 780, refunded_amount: 0, dispute_status: 'needs_response', disputed_amount: 780 });
    expect(await learnerPayment(learner.token, invoiceId)).toMatchObject({ status: 'disputed', netAmount: 780 });
    expect(await revenue()).toEqual(before);

    const won = file.fake.dispute(chargeId, 'won');
    expect((await deliver(stripeEvent('charge.dispute.closed', nowSeconds(), won))).json()).toMatchObject({ outcome: 'applied' });
    expect(await paymentRow(invoiceId)).toMatchObject({ status: 'succeeded', dispute_status: 'won' });
    expect(await revenue()).toEqual(before);
    expect(await findSubscription(file.server.database.db, learner.userId)).toMatchObject({ status: 'active' });
  });

  it('a lost dispute takes the payment out of the revenue; its created event delivered after the close changes nothing', async () => {
    const { learner, invoiceId, chargeId } = await payingLearner();
    const before = await revenue();
    const opened = file.fake.dispute(chargeId, 'needs_response');
    const created = stripeEvent('charge.dispute.created', nowSeconds() - 10, opened);
    const lost = file.fake.dispute(chargeId, 'lost');
    const closed = stripeEvent('charge.dispute.closed', nowSeconds(), lost);
    expect((await deliver(closed)).json()).toMatchObject({ outcome: 'applied' });
    expect((await deliver(created)).json()).toMatchObject({ outcome: 'applied' });
    expect(await paymentRow(invoiceId)).toEqual({ status: 'dispute_lost', amount: 780, refunded_amount: 0, dispute_status: 'lost', disputed_amount: 780 });
    expect(await learnerPayment(learner.token, invoiceId)).toMatchObject({ status: 'dispute_lost', netAmount: 0 });
    expect(await adminPayment(invoiceId)).toMatchObject({ status: 'dispute_lost', netAmount: 0 });
    expect(await revenue()).toEqual(less(before, 780));
    expect((await deliver(closed)).json()).toMatchObject({ outcome: 'duplicate' });
    // Stripe keeps the subscription running after a lost dispute; so do we (its own events would say otherwise).
    expect(await findSubscription(file.server.database.db, learner.userId)).toMatchObject({ status: 'active' });
  });
});
