import { ACCOUNT_DELETE_CONFIRMATION, ACCOUNT_TEXT } from '@shunkan/config/account';
import { BILLING_TEXT } from '@shunkan/config/billing';
import { findSubscription, updateSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  deliverWebhook,
  nowSeconds,
  requests,
  signUp,
  stripeServerForFile,
  stripeCheckoutLearner,
  stripePayingLearner,
  subscriptionEvent,
  type StripeLearner,
} from './harness.js';

/**
 * Billing writes call Stripe with no database transaction open (decision 074). Before, each held its
 * transaction (and the learner's row lock) across the Stripe call: on PGlite, one session for the whole
 * process, a Stripe that hung stopped every other learner's request until Stripe's timeout. Run on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL).
 */
const file = stripeServerForFile();

const { call, post } = requests(() => file.server);
type Learner = StripeLearner & { token: string; localId: string };

const payingLearner = (): Promise<Learner> => stripePayingLearner(file.server, file.fake);

/** Stripe's plan changes of one subscription (an update that switches its price: a prorated charge). */
const planChanges = (subscription: string) => file.fake.calls('POST', `/v1/subscriptions/${subscription}`).filter((r) => r.params['items[0][price]']);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a Stripe that hangs', () => {
  it('holds nothing other learners need: their reads and practice answer at once while upgrades, checkouts, a deletion and a webhook wait for Stripe', async () => {
    const upgrading = await payingLearner();
    const deleting = await payingLearner();
    const webhooked = await payingLearner();
    const checkingOut = await signUp();
    const reader = await signUp();
    expect((await post('/api/start-trial', reader.idToken)).statusCode).toBe(200);
    // The webhook's tie-break asks Stripe for the subscription when an event has the second of the last one.
    const second = nowSeconds() + 5;
    expect((await deliverWebhook(file.server, subscriptionEvent('customer.subscription.updated', webhooked, second))).json()).toMatchObject({ outcome: 'applied' });

    file.fake.hang();
    const before = file.fake.requests.length;
    const writes = {
      upgrade: post('/api/upgrade-subscription', upgrading.token, { planType: 'yearly' }),
      checkout: post('/api/create-payment-intent', checkingOut.idToken, { planId: 'standard' }),
      deletion: call('DELETE', '/api/account', deleting.token, { confirmation: ACCOUNT_DELETE_CONFIRMATION }),
      webhook: deliverWebhook(file.server, subscriptionEvent('customer.subscription.updated', webhooked, second, { cancel_at_period_end: true })),
    };
    await until(() => file.fake.held >= 1);

    // Before: on PGlite each of these waited for Stripe (until its 80 s timeout); the first write's open
    // transaction held the one database session.
    const read = await timed(() => file.server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: bearer(reader.idToken) }));
    expect(read.value.statusCode, read.value.body).toBe(200);
    expect(read.ms).toBeLessThan(2_000);
    const served = await timed(() => post('/api/problem', reader.idToken, { difficultyLevel: 'toeic' }));
    expect(served.value.statusCode, served.value.body).toBe(200);
    expect(served.ms).toBeLessThan(2_000);
    const details = await timed(() => file.server.app.inject({ method: 'GET', url: '/api/subscription-details', headers: bearer(upgrading.token) }));
    expect(details.value.statusCode).toBe(200);
    expect(details.ms).toBeLessThan(2_000);
    // The hung upgrade stored nothing yet.
    expect(details.value.json()).toMatchObject({ planId: 'standard', interval: 'month' });
    // All four wait for Stripe side by side: none holds what the others need.
    await until(() => file.fake.held >= 4);
    expect(file.fake.requests.length - before).toBeGreaterThanOrEqual(4);

    file.fake.answer();
    const upgrade = await writes.upgrade;
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    expect(upgrade.json()).toMatchObject({ subscription: { planType: 'standard-yearly' } });
    expect((await writes.checkout).statusCode).toBe(200);
    expect(await writes.deletion).toEqual({ status: 200, body: { deleted: true, message: ACCOUNT_TEXT.deleted } });
    expect(file.fake.subscriptions.get(deleting.subscription)).toMatchObject({ status: 'canceled' });
    expect(await findUserByFirebaseUid(file.server.database.db, deleting.localId)).toBeUndefined();
    const webhook = await writes.webhook;
    expect(webhook.statusCode, webhook.body).toBe(200);
    // The tie-break applied Stripe's own state (the fake's subscription has no cancellation), not the snapshot.
    expect(webhook.json()).toMatchObject({ outcome: 'applied' });
    expect(file.fake.calls('GET', `/v1/subscriptions/${webhooked.subscription}`).length).toBeGreaterThanOrEqual(1);
    expect(await findSubscription(file.server.database.db, webhooked.userId)).toMatchObject({ status: 'active', cancel_at_period_end: false });
  }, 60_000);
});

describe('one learner\'s billing writes', () => {
  it('ten upgrades at once change the plan at Stripe once: one prorated charge, the others refused', async () => {
    const learner = await payingLearner();
    const results = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/upgrade-subscription', learner.token, { planType: 'yearly' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of results.filter((r) => r.status === 400)) expect(refused.body.message).toBe(BILLING_TEXT.alreadyYearly);
    expect(planChanges(learner.subscription)).toHaveLength(1);
    expect(await findSubscription(file.server.database.db, learner.userId)).toMatchObject({ plan_id: 'standard-yearly', interval: 'year' });
  }, 60_000);

  it('an upgrade charged at Stripe but never stored is not charged again by its retry', async () => {
    const learner = await payingLearner();
    const stored = await findSubscription(file.server.database.db, learner.userId);
    expect((await call('POST', '/api/upgrade-subscription', learner.token, { planType: 'yearly' })).status).toBe(200);
    const charged = file.fake.subscriptions.get(learner.subscription)?.latest_invoice;
    // As if the answer had been lost after Stripe's charge and the store had failed (the database went
    // away): the row is what it was before the upgrade.
    await updateSubscription(file.server.database.db, learner.userId, {
      plan_id: stored?.plan_id ?? null,
      interval: stored?.interval ?? null,
      amount: stored?.amount ?? null,
      current_period_end: stored?.current_period_end ?? null,
    });
    const retry = await call('POST', '/api/upgrade-subscription', learner.token, { planType: 'yearly' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    // The same idempotency key: Stripe answered the first change again, and no second invoice was made.
    const changes = planChanges(learner.subscription);
    expect(changes).toHaveLength(2);
    expect(changes[0]?.headers['idempotency-key']).toBeDefined();
    expect(changes[1]?.headers['idempotency-key']).toBe(changes[0]?.headers['idempotency-key']);
    expect(file.fake.subscriptions.get(learner.subscription)?.latest_invoice).toBe(charged);
    expect(await findSubscription(file.server.database.db, learner.userId)).toMatchObject({ plan_id: 'standard-yearly', interval: 'year' });
  }, 60_000);

  it('a checkout whose subscription was created at Stripe but never stored gets the same subscription back on retry', async () => {
    const learner = await stripeCheckoutLearner(file.server);
    const created = file.fake.calls('POST', '/v1/subscriptions').length;
    // As if the store of the subscription id had failed after Stripe created it.
    await updateSubscription(file.server.database.db, learner.userId, { stripe_subscription_id: null });
    const retry = await post('/api/create-payment-intent', learner.token, { planId: 'standard' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(file.fake.calls('POST', '/v1/subscriptions').length).toBe(created + 1);
    // Stripe replayed the first create: one subscription for the learner at Stripe, and it is stored.
    const mine = [...file.fake.subscriptions.values()].filter((s) => (s.metadata as { user_id?: string }).user_id === learner.userId);
    expect(mine.map((s) => s.id)).toEqual([learner.subscription]);
    expect((await findSubscription(file.server.database.db, learner.userId))?.stripe_subscription_id).toBe(learner.subscription);
  }, 60_000);

  it('a refused Stripe call stores nothing, and the learner\'s next write is not held up', async () => {
    const learner = await payingLearner();
    file.fake.failNextMatching('POST', `/v1/subscriptions/${learner.subscription}`, (params) => Boolean(params['items[0][price]']), 402, 'Your card was declined.');
    const refused = await call('POST', '/api/upgrade-subscription', learner.token, { planType: 'yearly' });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(BILLING_TEXT.providerUnavailable);
    expect(await findSubscription(file.server.database.db, learner.userId)).toMatchObject({ plan_id: 'standard', interval: 'month' });
    // The lease was given up with the refusal.
    expect(await file.server.database.db.selectFrom('billing_locks').selectAll().where('user_id', '=', learner.userId).execute()).toEqual([]);
    const cancel = await timed(() => call('POST', '/api/trpc/billing.cancelAtPeriodEnd?batch=1', learner.token, {}));
    expect(cancel.value.status).toBe(200);
    expect(cancel.ms).toBeLessThan(2_000);
    const user = await findUserByFirebaseUid(file.server.database.db, learner.localId);
    expect(user?.id).toBe(learner.userId);
  }, 60_000);
});
