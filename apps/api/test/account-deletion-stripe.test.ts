import { ACCOUNT_DELETE_CONFIRMATION, ACCOUNT_TEXT } from '@shunkan/config/account';
import { findSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import { describe, expect, it } from 'vitest';
import {
  deliverWebhook,
  emulatorAdmin,
  firebaseUserExists,
  invoiceEvent,
  nowSeconds,
  requests,
  signUp,
  stripeServerForFile,
  stripeClientOf,
  stripeEvent as event,
  stripePayingLearner,
  STRIPE_PRICE_STANDARD_YEARLY as PRICE_STANDARD_YEARLY,
  subscriptionEvent,
  type StripeLearner,
} from './harness.js';

// Account deletion with Stripe billing (decision 059): the real Stripe SDK against the local fake
// Stripe server. On PostgreSQL (TEST_DATABASE_URL) the race with an upgrade is a real one.
const file = stripeServerForFile();

const { call } = requests(() => file.server);
const deliver = (event: object) => deliverWebhook(file.server, event);

type Learner = StripeLearner & { token: string; localId: string };

const invoicePaid = (learner: Learner, created: number, id?: string) => invoiceEvent('invoice.paid', learner, created, id ? { id } : {});

const payingLearner = (): Promise<Learner> => stripePayingLearner(file.server, file.fake);

const deleteOwn = (token: string) => call('DELETE', '/api/account', token, { confirmation: ACCOUNT_DELETE_CONFIRMATION });

describe('account deletion with Stripe', () => {
  it('cancels the subscription at Stripe at once, without proration credit, and deletes the account', async () => {
    const learner = await payingLearner();
    const deleted = await deleteOwn(learner.token);
    expect(deleted).toEqual({ status: 200, body: { deleted: true, message: ACCOUNT_TEXT.deleted } });
    expect(file.fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    const cancels = file.fake.calls('DELETE', `/v1/subscriptions/${learner.subscription}`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.params.prorate).toBeUndefined();
    expect(await findUserByFirebaseUid(file.server.database.db, learner.localId)).toBeUndefined();
    expect(await file.server.database.db.selectFrom('subscriptions').select('user_id').where('stripe_customer_id', '=', learner.customer).execute()).toEqual([]);
    expect(await firebaseUserExists(learner.localId)).toBe(false);
    // The first payment stays, detached.
    const kept = await file.server.database.db.selectFrom('payments').select(['user_id', 'amount']).where('provider', '=', 'stripe').where('user_id', 'is', null).execute();
    expect(kept.length).toBeGreaterThanOrEqual(1);
  });

  it('Stripe events arriving afterwards for the deleted learner are acknowledged and recreate nothing', async () => {
    const learner = await payingLearner();
    expect((await deleteOwn(learner.token)).status).toBe(200);
    const users = async () => (await file.server.database.db.selectFrom('users').select('id').execute()).length;
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
    expect(await file.server.database.db.selectFrom('users').select('id').where('id', '=', learner.userId).executeTakeFirst()).toBeUndefined();
    expect(await file.server.database.db.selectFrom('subscriptions').select('user_id').where('user_id', '=', learner.userId).execute()).toEqual([]);
    expect(await file.server.database.db.selectFrom('payments').select('id').where('id', '=', lateInvoiceId).execute()).toEqual([]);
  });

  it('deletes the Stripe customer too: a subscription paid at Stripe whose webhook had not arrived is cancelled, its late events ignored (decision 064)', async () => {
    const learner = await payingLearner();
    // A second checkout completed at Stripe just before the deletion: Stripe made a subscription we never stored.
    const stripe = stripeClientOf(file.fake);
    const unstored = await stripe.subscriptions.create({ customer: learner.customer, items: [{ price: PRICE_STANDARD_YEARLY }], metadata: { user_id: learner.userId } });
    expect(unstored.status).toBe('active');

    expect((await deleteOwn(learner.token)).status).toBe(200);
    expect(file.fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    expect(file.fake.subscriptions.get(unstored.id)).toMatchObject({ status: 'canceled' });
    expect(file.fake.calls('DELETE', `/v1/customers/${learner.customer}`)).toHaveLength(1);
    expect(await stripe.customers.retrieve(learner.customer)).toMatchObject({ id: learner.customer, deleted: true });

    // Stripe's events about the unstored subscription, arriving afterwards: acknowledged, nothing recreated.
    const late = { ...learner, subscription: unstored.id };
    const t = nowSeconds() + 5;
    const lateInvoiceId = `in_late_${unstored.id}`;
    for (const e of [
      event('checkout.session.completed', t, {
        id: 'cs_late_unstored',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        customer: learner.customer,
        subscription: unstored.id,
        client_reference_id: learner.userId,
        metadata: { user_id: learner.userId, plan_id: 'standard-yearly' },
      }),
      subscriptionEvent('customer.subscription.created', late, t + 1),
      invoicePaid(late, t + 2, lateInvoiceId),
      subscriptionEvent('customer.subscription.deleted', late, t + 3, { status: 'canceled' }),
      event('customer.deleted', t + 4, { id: learner.customer, object: 'customer', metadata: { user_id: learner.userId } }),
    ]) {
      const response = await deliver(e);
      expect(response.statusCode, `${e.type}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({ received: true });
      expect((response.json() as { outcome?: string }).outcome, e.type).not.toBe('applied');
    }
    expect(await file.server.database.db.selectFrom('users').select('id').where('id', '=', learner.userId).executeTakeFirst()).toBeUndefined();
    expect(await file.server.database.db.selectFrom('subscriptions').select('user_id').where('stripe_customer_id', '=', learner.customer).execute()).toEqual([]);
    expect(await file.server.database.db.selectFrom('payments').select('id').where('id', '=', lateInvoiceId).execute()).toEqual([]);
  });

  it('a customer already deleted at Stripe (a retry, or the dashboard) does not stop the deletion; a refused customer deletion deletes nothing and a retry completes', async () => {
    const stripe = stripeClientOf(file.fake);
    const gone = await payingLearner();
    await stripe.customers.del(gone.customer);
    expect((await deleteOwn(gone.token)).status).toBe(200);
    expect(await findUserByFirebaseUid(file.server.database.db, gone.localId)).toBeUndefined();

    const learner = await payingLearner();
    file.fake.failNextMatching('DELETE', `/v1/customers/${learner.customer}`, () => true, 500);
    const failed = await deleteOwn(learner.token);
    expect(failed).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: ACCOUNT_TEXT.cancelFailed } });
    expect(file.fake.customers.get(learner.customer)?.deleted).toBeUndefined();
    expect(await findUserByFirebaseUid(file.server.database.db, learner.localId)).toBeDefined();
    const retried = await deleteOwn(learner.token);
    expect(retried.status).toBe(200);
    expect(file.fake.customers.get(learner.customer)).toMatchObject({ deleted: true });
    expect(await findUserByFirebaseUid(file.server.database.db, learner.localId)).toBeUndefined();
  });

  it('stops with a Japanese 503 and deletes nothing when Stripe refuses the cancellation; a retry completes', async () => {
    const learner = await payingLearner();
    file.fake.failNextMatching('DELETE', `/v1/subscriptions/${learner.subscription}`, () => true, 500);
    const failed = await deleteOwn(learner.token);
    expect(failed).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: ACCOUNT_TEXT.cancelFailed } });
    expect(file.fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'active' });
    expect(await findSubscription(file.server.database.db, learner.userId)).toMatchObject({ status: 'active', stripe_subscription_id: learner.subscription });
    expect(await findUserByFirebaseUid(file.server.database.db, learner.localId)).toBeDefined();
    expect(await firebaseUserExists(learner.localId)).toBe(true);
    expect((await call('GET', '/api/user-subscription', learner.token)).body).toMatchObject({ subscriptionStatus: 'active' });

    const retried = await deleteOwn(learner.token);
    expect(retried.status).toBe(200);
    expect(file.fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    expect(await findUserByFirebaseUid(file.server.database.db, learner.localId)).toBeUndefined();
  });

  it('an upgrade racing the deletion charges nothing after the cancellation', async () => {
    const learner = await payingLearner();
    const [deleted, upgraded] = await Promise.all([deleteOwn(learner.token), call('POST', '/api/upgrade-subscription', learner.token, { planType: 'yearly' })]);
    expect(deleted.status).toBe(200);
    // Either the upgrade ran wholly first (and its subscription was then cancelled), or it found no
    // account: never a server error, never a plan change at Stripe after the cancellation.
    expect([200, 401]).toContain(upgraded.status);
    const requests = file.fake.requests.filter((r) => r.path === `/v1/subscriptions/${learner.subscription}`);
    const cancelAt = requests.findIndex((r) => r.method === 'DELETE');
    expect(cancelAt).toBeGreaterThanOrEqual(0);
    expect(requests.slice(cancelAt + 1).filter((r) => r.method === 'POST')).toEqual([]);
    const changes = requests.filter((r) => r.method === 'POST' && r.params['items[0][price]']);
    expect(changes).toHaveLength(upgraded.status === 200 ? 1 : 0);
    expect(file.fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    expect(await file.server.database.db.selectFrom('users').select('id').where('id', '=', learner.userId).executeTakeFirst()).toBeUndefined();
  });

  it('an administrator\'s deletion cancels the learner\'s Stripe subscription and deletes the customer too', async () => {
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    expect((await call('GET', '/api/auth/user', admin.idToken)).body).toMatchObject({ user: { isAdmin: true } });
    const learner = await payingLearner();
    const deleted = await call('DELETE', `/api/admin/users/${learner.userId}`, admin.idToken);
    expect(deleted).toEqual({ status: 200, body: { deleted: true, message: ACCOUNT_TEXT.adminDeleted } });
    expect(file.fake.subscriptions.get(learner.subscription)).toMatchObject({ status: 'canceled' });
    expect(file.fake.customers.get(learner.customer)).toMatchObject({ deleted: true });
    expect(await firebaseUserExists(learner.localId)).toBe(false);
  });
});
