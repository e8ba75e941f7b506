import { inTransaction } from '@shunkan/db';
import { sql } from 'kysely';
import { findSubscription, lockSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import type { FakeStripeServer } from '@shunkan/api-router/services/billing/fake-stripe-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import {
  deliverWebhook,
  invoiceEvent as invoice,
  nowSeconds,
  signUp,
  startStripeTestServer,
  stripeCheckoutLearner,
  stripeClientOf,
  stripeEvent as event,
  STRIPE_PRICE_STANDARD as PRICE_STANDARD,
  STRIPE_PRICE_STANDARD_YEARLY as PRICE_STANDARD_YEARLY,
  STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET,
  subscriptionEvent,
  type StripeLearner as Learner,
} from './harness.js';

let server: ServerHandle;
let fake: FakeStripeServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ server, fake, stop } = await startStripeTestServer());
});
afterAll(async () => {
  await stop?.();
});

/** Posts an event exactly as Stripe would: raw JSON body, signed with the endpoint secret. */
const deliver = (event: object, secret = WEBHOOK_SECRET, tamper?: (payload: string) => string) => deliverWebhook(server, event, { secret, tamper });

/** A learner who opened the checkout page in Stripe mode: customer and incomplete subscription exist. */
const checkoutLearner = () => stripeCheckoutLearner(server);

async function subscriptionOf(learner: Learner) {
  return findSubscription(server.database.db, learner.userId);
}

async function paymentCount(learner: Learner) {
  const rows = await server.database.db.selectFrom('payments').select('id').where('user_id', '=', learner.userId).execute();
  return rows.length;
}

/**
 * Until `count` deliveries wait for the subscription row a test's transaction holds. On PostgreSQL: the
 * server says so (a fixed 300 ms pause stood for it, and on a loaded machine the newer event could
 * still be on its way when the older one was sent, which then took the row first). On PGlite the
 * held transaction has the one session, so nothing can be asked meanwhile: there the pause stays (a
 * delivery reaches its first statement without network I/O, and queues there in arrival order).
 */
async function untilWaitingOnTheRow(count: number): Promise<void> {
  if (server.database.kind !== 'postgres') return void (await new Promise((resolve) => setTimeout(resolve, 300)));
  for (;;) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(server.database.db);
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /api/stripe/webhook (signed test events)', () => {
  it('activates the subscription on invoice.paid, records the payment, and keeps other routes on JSON', async () => {
    const learner = await checkoutLearner();
    const created = nowSeconds();
    const response = await deliver(invoice('invoice.paid', learner, created));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    const row = await subscriptionOf(learner);
    expect(row).toMatchObject({ status: 'active', plan_id: 'standard', type: 'standard', interval: 'month', provider: 'stripe' });
    expect(row?.current_period_end?.getTime()).toBe((created + 30 * 86_400) * 1000);
    expect(await paymentCount(learner)).toBe(1);
    const view = await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: { authorization: `Bearer ${learner.token}` } });
    expect(view.json()).toMatchObject({ subscriptionStatus: 'active', hasAccess: true, planType: 'standard' });
    // invoice.payment_succeeded for the same invoice adds no second payment row.
    const paidEvent = invoice('invoice.payment_succeeded', learner, created);
    (paidEvent.data.object as { id: string }).id = (await server.database.db.selectFrom('payments').select('id').where('user_id', '=', learner.userId).executeTakeFirstOrThrow()).id;
    expect((await deliver(paidEvent)).statusCode).toBe(200);
    expect(await paymentCount(learner)).toBe(1);
  });

  it('refuses a forged or tampered signature with 400 and changes nothing', async () => {
    const learner = await checkoutLearner();
    const before = await subscriptionOf(learner);
    const forged = invoice('invoice.paid', learner, nowSeconds());
    const wrongSecret = await deliver(forged, 'whsec_attacker');
    expect(wrongSecret.statusCode).toBe(400);
    const tampered = await deliver(invoice('invoice.paid', learner, nowSeconds()), WEBHOOK_SECRET, (payload) => payload.replace('"amount_paid":780', '"amount_paid":1'));
    expect(tampered.statusCode).toBe(400);
    const unsigned = await server.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(forged) });
    expect(unsigned.statusCode).toBe(400);
    expect(await subscriptionOf(learner)).toEqual(before);
    expect(await paymentCount(learner)).toBe(0);
    const stored = await server.database.db.selectFrom('billing_events').select('id').where('id', '=', forged.id).executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('refuses a correctly signed delivery whose signature is older than five minutes (a captured request replayed later)', async () => {
    const learner = await checkoutLearner();
    const before = await subscriptionOf(learner);
    const late = await deliverWebhook(server, invoice('invoice.paid', learner, nowSeconds()), { timestamp: nowSeconds() - 10 * 60 });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await subscriptionOf(learner)).toEqual(before);
    expect(await paymentCount(learner)).toBe(0);
  });

  it('treats a replayed event as a no-op', async () => {
    const learner = await checkoutLearner();
    const t = nowSeconds();
    const paid = invoice('invoice.paid', learner, t);
    expect((await deliver(paid)).json()).toMatchObject({ outcome: 'applied' });
    // The learner cancels in the portal; then the old event is delivered again.
    expect((await deliver(subscriptionEvent('customer.subscription.deleted', learner, t + 10, { status: 'canceled' }))).json()).toMatchObject({ outcome: 'applied' });
    const replay = await deliver(paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await subscriptionOf(learner)).toMatchObject({ status: 'canceled' });
    expect(await paymentCount(learner)).toBe(1);
  });

  it('ignores an event older than the last one applied (out-of-order delivery)', async () => {
    const learner = await checkoutLearner();
    const t = nowSeconds();
    await deliver(invoice('invoice.paid', learner, t - 100));
    const deleted = await deliver(subscriptionEvent('customer.subscription.deleted', learner, t, { status: 'canceled' }));
    expect(deleted.json()).toMatchObject({ outcome: 'applied' });
    // An update that happened before the deletion arrives late: it must not bring the subscription back.
    const late = await deliver(subscriptionEvent('customer.subscription.updated', learner, t - 50, { status: 'active' }));
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ outcome: 'ignored' });
    expect(await subscriptionOf(learner)).toMatchObject({ status: 'canceled' });
  });

  it('applies two events about one learner delivered at once one after the other: the older does not overwrite the newer (decision 060)', async () => {
    const learner = await checkoutLearner();
    const t = nowSeconds();
    expect((await deliver(invoice('invoice.paid', learner, t - 100))).statusCode).toBe(200);
    let newer: Promise<Awaited<ReturnType<typeof deliver>>> | null = null;
    let older: Promise<Awaited<ReturnType<typeof deliver>>> | null = null;
    // A billing write of the learner's holds the row while both deliveries arrive (on PostgreSQL they
    // then run side by side; PGlite runs one transaction at a time).
    await inTransaction(server.database.db, async (trx) => {
      await lockSubscription(trx, learner.userId);
      newer = deliver(subscriptionEvent('customer.subscription.deleted', learner, t, { status: 'canceled' }));
      await untilWaitingOnTheRow(1);
      older = deliver(subscriptionEvent('customer.subscription.updated', learner, t - 50, { status: 'active' }));
      await untilWaitingOnTheRow(2);
    });
    const [first, second] = await Promise.all([newer as unknown as ReturnType<typeof deliver>, older as unknown as ReturnType<typeof deliver>]);
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    expect(second.json()).toMatchObject({ outcome: 'ignored' });
    expect(await subscriptionOf(learner)).toMatchObject({ status: 'canceled' });
  });

  it('applies one event delivered five times at once exactly once (held, decision 060)', async () => {
    const learner = await checkoutLearner();
    const paid = invoice('invoice.paid', learner, nowSeconds());
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => deliver(paid)));
    expect(outcomes.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(outcomes.map((r) => (r.json() as { outcome: string }).outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await paymentCount(learner)).toBe(1);
    expect(await subscriptionOf(learner)).toMatchObject({ status: 'active', provider: 'stripe' });
  });

  it('follows subscription updates and failed renewals', async () => {
    const learner = await checkoutLearner();
    const t = nowSeconds();
    await deliver(invoice('invoice.paid', learner, t));
    await deliver(subscriptionEvent('customer.subscription.updated', learner, t + 1, { cancel_at_period_end: true }));
    expect(await subscriptionOf(learner)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await deliver(subscriptionEvent('customer.subscription.updated', learner, t + 2, { items: { object: 'list', data: [{ id: 'si_1', current_period_end: t + 365 * 86_400, price: { id: PRICE_STANDARD_YEARLY } }] } }));
    expect(await subscriptionOf(learner)).toMatchObject({ plan_id: 'standard-yearly', interval: 'year', amount: 7800, cancel_at_period_end: false });
    const failed = await deliver(invoice('invoice.payment_failed', learner, t + 3));
    expect(failed.json()).toMatchObject({ outcome: 'applied' });
    const view = await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: { authorization: `Bearer ${learner.token}` } });
    expect(view.json()).toMatchObject({ subscriptionStatus: 'past_due', hasAccess: false });
  });

  it('does not end a running trial when the first payment is declined', async () => {
    const learner = await checkoutLearner();
    await server.app.inject({ method: 'POST', url: '/api/start-trial', headers: { authorization: `Bearer ${learner.token}` } });
    const failed = await deliver(invoice('invoice.payment_failed', learner, nowSeconds(), { billing_reason: 'subscription_create' }));
    expect(failed.json()).toMatchObject({ outcome: 'ignored' });
    const created = await deliver(subscriptionEvent('customer.subscription.created', learner, nowSeconds(), { status: 'incomplete' }));
    expect(created.json()).toMatchObject({ outcome: 'ignored' });
    expect(await subscriptionOf(learner)).toMatchObject({ status: 'trialing' });
  });

  it('links and activates on checkout.session.completed', async () => {
    const account = await signUp();
    const checkout = await server.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ priceId: PRICE_STANDARD, successUrl: '/payment-success?plan=standard', cancelUrl: '/payment-cancelled' }),
    });
    expect(checkout.statusCode).toBe(200);
    expect((checkout.json() as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const user = await findUserByFirebaseUid(server.database.db, account.localId);
    if (!user) throw new Error('no user');
    const customer = (await findSubscription(server.database.db, user.id))?.stripe_customer_id;
    const completed = await deliver(
      event('checkout.session.completed', nowSeconds(), {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.id,
        customer,
        subscription: 'sub_from_checkout',
        payment_status: 'paid',
        metadata: { user_id: user.id, plan_id: 'standard' },
      }),
    );
    expect(completed.json()).toMatchObject({ outcome: 'applied' });
    expect(await findSubscription(server.database.db, user.id)).toMatchObject({ status: 'active', plan_id: 'standard', stripe_subscription_id: 'sub_from_checkout', provider: 'stripe' });
  });

  it('keeps only the newest of two paid subscriptions, cancelling the older through Stripe', async () => {
    // Two payment forms of one learner, both paid on Stripe's side (the older form was open in another tab).
    const learner = await checkoutLearner();
    const other = await stripeClientOf(fake).subscriptions.create({
      customer: learner.customer,
      items: [{ price: PRICE_STANDARD_YEARLY }],
      payment_behavior: 'default_incomplete',
      metadata: { user_id: learner.userId, plan_id: 'standard-yearly' },
    });
    fake.pay(learner.subscription);
    fake.pay(other.id);
    const t = nowSeconds();
    expect((await deliver(invoice('invoice.paid', learner, t))).json()).toMatchObject({ outcome: 'applied' });
    const newer = { ...learner, subscription: other.id };
    const yearlyLine = { object: 'list', data: [{ id: 'il_y', period: { start: t + 1, end: t + 365 * 86_400 }, pricing: { type: 'price_details', price_details: { price: PRICE_STANDARD_YEARLY, product: 'prod_x' } } }] };
    const response = await deliver(invoice('invoice.paid', newer, t + 1, { amount_paid: 7800, lines: yearlyLine }));
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(fake.calls('DELETE', `/v1/subscriptions/${learner.subscription}`).map((r) => r.params)).toEqual([{ prorate: 'true', invoice_now: 'true' }]);
    expect(fake.subscriptions.get(learner.subscription)?.status).toBe('canceled');
    expect(fake.subscriptions.get(other.id)?.status).toBe('active');
    expect(await subscriptionOf(learner)).toMatchObject({ status: 'active', plan_id: 'standard-yearly', stripe_subscription_id: other.id });
    // Stripe then reports the older one deleted: the learner keeps the newer plan.
    const deleted = await deliver(subscriptionEvent('customer.subscription.deleted', learner, t + 2, { status: 'canceled' }));
    expect(deleted.json()).toMatchObject({ outcome: 'ignored' });
    expect(await subscriptionOf(learner)).toMatchObject({ status: 'active', stripe_subscription_id: other.id });
  });

  it('reports billing mode stripe and ignores unrelated event types', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(config.json()).toMatchObject({ billingMode: 'stripe', stripePublishableKey: 'pk_test_fake' });
    const other = await deliver(event('charge.refunded', nowSeconds(), { id: 'ch_1', object: 'charge' }));
    expect(other.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
