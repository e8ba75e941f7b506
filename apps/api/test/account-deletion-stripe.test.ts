import { startFakeStripe, type FakeStripeServer } from '@shunkan/api-router/services/billing/fake-stripe-server';
import { ACCOUNT_DELETE_CONFIRMATION, ACCOUNT_TEXT } from '@shunkan/config/account';
import { findSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { emulatorAdmin, signUp, startTestServer } from './harness.js';

// Account deletion with Stripe billing (decision 059): the real Stripe SDK against the local fake
// Stripe server. On PostgreSQL (TEST_DATABASE_URL) the race with an upgrade is a real one.
const WEBHOOK_SECRET = 'whsec_test_shunkan';
const PRICE_STANDARD = 'price_std_month';
const PRICE_STANDARD_YEARLY = 'price_std_year';

let server: ServerHandle;
let fake: FakeStripeServer;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeStripe({
    prices: [
      { id: PRICE_STANDARD, unit_amount: 780, interval: 'month' },
      { id: PRICE_STANDARD_YEARLY, unit_amount: 7800, interval: 'year' },
    ],
  });
  server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: fake.host,
    STRIPE_PRICE_STANDARD: PRICE_STANDARD,
    STRIPE_PRICE_STANDARD_YEARLY: PRICE_STANDARD_YEARLY,
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MIN: '10000',
    RATE_LIMIT_AUTH_PER_MIN: '10000',
    RATE_LIMIT_BILLING_PER_MIN: '10000',
  });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) {
  const response = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return server.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
}

function event(type: string, created: number, object: object) {
  seq += 1;
  return { id: `evt_del_${seq}_${created}`, object: 'event', api_version: Stripe.API_VERSION, type, created, livemode: false, pending_webhooks: 1, data: { object } };
}

type Learner = { token: string; localId: string; userId: string; customer: string; subscription: string };

function invoicePaid(learner: Learner, created: number, id = `in_del_${seq + 1}`) {
  return event('invoice.paid', created, {
    id,
    object: 'invoice',
    customer: learner.customer,
    amount_paid: 780,
    currency: 'jpy',
    billing_reason: 'subscription_cycle',
    status_transitions: { paid_at: created },
    parent: { type: 'subscription_details', subscription_details: { subscription: learner.subscription, metadata: { user_id: learner.userId } } },
    lines: { object: 'list', data: [{ id: 'il_1', period: { start: created, end: created + 30 * 86_400 }, pricing: { type: 'price_details', price_details: { price: PRICE_STANDARD, product: 'prod_x' } } }] },
  });
}

function subscriptionEvent(type: string, learner: Learner, created: number, patch: object = {}) {
  return event(type, created, {
    id: learner.subscription,
    object: 'subscription',
    customer: learner.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { user_id: learner.userId, plan_id: 'standard' },
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: created + 30 * 86_400, price: { id: PRICE_STANDARD, object: 'price' } }] },
    ...patch,
  });
}

/** A learner paying standard monthly through Stripe: checkout, first invoice paid, webhook applied. */
async function payingLearner(): Promise<Learner> {
  const account = await signUp();
  const intent = await call('POST', '/api/create-payment-intent', account.idToken, { planId: 'standard' });
  expect(intent.status).toBe(200);
  const user = await findUserByFirebaseUid(server.database.db, account.localId);
  const row = user ? await findSubscription(server.database.db, user.id) : undefined;
  if (!user || !row?.stripe_customer_id || !row.stripe_subscription_id) throw new Error('checkout did not link Stripe ids');
  const learner = { token: account.idToken, localId: account.localId, userId: user.id, customer: row.stripe_customer_id, subscription: row.stripe_subscription_id };
  fake.pay(learner.subscription);
  expect((await deliver(invoicePaid(learner, nowSeconds()))).json()).toMatchObject({ outcome: 'applied' });
  expect(await findSubscription(server.database.db, user.id)).toMatchObject({ status: 'active', provider: 'stripe' });
  return learner;
}

const deleteOwn = (token: string) => call('DELETE', '/api/account', token, { confirmation: ACCOUNT_DELETE_CONFIRMATION });

async function firebaseUserExists(localId: string): Promise<boolean> {
  const found = (await emulatorAdmin('accounts:lookup', { localId: [localId] })) as { users?: unknown[] };
  return (found.users ?? []).length > 0;
}

describe('account deletion with Stripe', () => {
  it('cancels the subscription at Stripe at once, without proration credit, and deletes the account', async () => {
    const learner = await payingLearner();
    const deleted = await deleteOwn(learner.token);
    expect(deleted).toEqual({ status: 200, body: { deleted: true, message: ACCOUNT_TEXT.deleted } });
    expect(fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    const cancels = fake.calls('DELETE', `/v1/subscriptions/${learner.subscription}`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.params.prorate).toBeUndefined();
    expect(await findUserByFirebaseUid(server.database.db, learner.localId)).toBeUndefined();
    expect(await server.database.db.selectFrom('subscriptions').select('user_id').where('stripe_customer_id', '=', learner.customer).execute()).toEqual([]);
    expect(await firebaseUserExists(learner.localId)).toBe(false);
    // The first payment stays, detached.
    const kept = await server.database.db.selectFrom('payments').select(['user_id', 'amount']).where('provider', '=', 'stripe').where('user_id', 'is', null).execute();
    expect(kept.length).toBeGreaterThanOrEqual(1);
  });

  it('Stripe events arriving afterwards for the deleted learner are acknowledged and recreate nothing', async () => {
    const learner = await payingLearner();
    expect((await deleteOwn(learner.token)).status).toBe(200);
    const users = async () => (await server.database.db.selectFrom('users').select('id').execute()).length;
    const before = await users();
    const t = nowSeconds() + 5;
    const lateInvoiceId = `in_late_${learner.subscription}`;
    const events = [
      subscriptionEvent('customer.subscription.deleted', learner, t, { status: 'canceled' }),
      subscriptionEvent('customer.subscription.updated', learner, t + 1, { status: 'active' }),
      subscriptionEvent('customer.subscription.created', learner, t + 2),
      invoicePaid(learner, t + 3, lateInvoiceId),
      event('invoice.payment_failed', t + 4, { ...invoicePaid(learner, t + 4).data.object, amount_paid: 0 }),
      event('checkout.session.completed', t + 5, {
        id: 'cs_late',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        customer: learner.customer,
        subscription: learner.subscription,
        client_reference_id: learner.userId,
        metadata: { user_id: learner.userId, plan_id: 'standard' },
      }),
    ];
    for (const e of events) {
      const response = await deliver(e);
      expect(response.statusCode, `${e.type}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({ received: true, outcome: 'ignored' });
    }
    expect(await users()).toBe(before);
    expect(await server.database.db.selectFrom('users').select('id').where('id', '=', learner.userId).executeTakeFirst()).toBeUndefined();
    expect(await server.database.db.selectFrom('subscriptions').select('user_id').where('user_id', '=', learner.userId).execute()).toEqual([]);
    expect(await server.database.db.selectFrom('payments').select('id').where('id', '=', lateInvoiceId).execute()).toEqual([]);
  });

  it('stops with a Japanese 503 and deletes nothing when Stripe refuses the cancellation; a retry completes', async () => {
    const learner = await payingLearner();
    fake.failNextMatching('DELETE', `/v1/subscriptions/${learner.subscription}`, () => true, 500);
    const failed = await deleteOwn(learner.token);
    expect(failed).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: ACCOUNT_TEXT.cancelFailed } });
    expect(fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'active' });
    expect(await findSubscription(server.database.db, learner.userId)).toMatchObject({ status: 'active', stripe_subscription_id: learner.subscription });
    expect(await findUserByFirebaseUid(server.database.db, learner.localId)).toBeDefined();
    expect(await firebaseUserExists(learner.localId)).toBe(true);
    expect((await call('GET', '/api/user-subscription', learner.token)).body).toMatchObject({ subscriptionStatus: 'active' });

    const retried = await deleteOwn(learner.token);
    expect(retried.status).toBe(200);
    expect(fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    expect(await findUserByFirebaseUid(server.database.db, learner.localId)).toBeUndefined();
  });

  it('an upgrade racing the deletion charges nothing after the cancellation', async () => {
    const learner = await payingLearner();
    const [deleted, upgraded] = await Promise.all([deleteOwn(learner.token), call('POST', '/api/upgrade-subscription', learner.token, { planType: 'yearly' })]);
    expect(deleted.status).toBe(200);
    // Either the upgrade ran wholly first (and its subscription was then cancelled), or it found no
    // account: never a server error, never a plan change at Stripe after the cancellation.
    expect([200, 401]).toContain(upgraded.status);
    const requests = fake.requests.filter((r) => r.path === `/v1/subscriptions/${learner.subscription}`);
    const cancelAt = requests.findIndex((r) => r.method === 'DELETE');
    expect(cancelAt).toBeGreaterThanOrEqual(0);
    expect(requests.slice(cancelAt + 1).filter((r) => r.method === 'POST')).toEqual([]);
    const changes = requests.filter((r) => r.method === 'POST' && r.params['items[0][price]']);
    expect(changes).toHaveLength(upgraded.status === 200 ? 1 : 0);
    expect(fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    expect(await server.database.db.selectFrom('users').select('id').where('id', '=', learner.userId).executeTakeFirst()).toBeUndefined();
  });

  it('an administrator\'s deletion cancels the learner\'s Stripe subscription too', async () => {
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    expect((await call('GET', '/api/auth/user', admin.idToken)).body).toMatchObject({ user: { isAdmin: true } });
    const learner = await payingLearner();
    const deleted = await call('DELETE', `/api/admin/users/${learner.userId}`, admin.idToken);
    expect(deleted).toEqual({ status: 200, body: { deleted: true, message: ACCOUNT_TEXT.adminDeleted } });
    expect(fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    expect(await firebaseUserExists(learner.localId)).toBe(false);
  });
});
