import { BILLING_TEXT } from '@shunkan/config/billing';
import { randomUUID } from 'node:crypto';
import { BILLING_LOCK_TTL_MS, BILLING_WRITE_WAIT_MS } from '@shunkan/api-router/domain/billing-lock';
import { tryTakeBillingLock } from '@shunkan/db/billing-locks';
import { describe, expect, it } from 'vitest';
import { requests, signUp, serverForFile } from './harness.js';

// Meaningful on a PostgreSQL server (TEST_DATABASE_URL: many connections, real concurrency); on PGlite
// (one connection) it passes trivially and still pins the answers.
const file = serverForFile();

const { call, userIdOf } = requests(() => file.server);
const post = (url: string, token: string, body: unknown = {}) => call('POST', url, token, body);

/** A learner on the standard monthly plan, paid through the sandbox checkout as the web app does it. */
async function monthlyLearner() {
  const account = await signUp();
  const intent = await post('/api/create-payment-intent', account.idToken, { planId: 'standard' });
  expect(intent.status).toBe(200);
  const paid = await post('/api/trpc/billing.confirmSandboxPayment', account.idToken, { clientSecret: intent.body.clientSecret, cardNumber: '4242424242424242' });
  expect(paid.status).toBe(200);
  return { token: account.idToken, userId: await userIdOf(account.localId) };
}

function count<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

describe('billing writes from one learner at the same time serialise', () => {
  it('10 concurrent upgrades to yearly charge the proration once; the nine repeats are answered, none 503', async () => {
    const { token, userId } = await monthlyLearner();
    // Decision 086: the nine repeats wait for the first upgrade alone and are then refused from the stored
    // plan side by side, instead of queueing one after another for the lease (which, at a load of ~20, kept
    // six of them past the 10 s wait: 503).
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/api/upgrade-subscription', token, { planType: 'yearly' })));
    expect(results.filter((r) => r.status === 503)).toEqual([]);
    expect(count(results.map((r) => r.status))).toEqual(new Map([[200, 1], [400, 9]]));
    for (const r of results.filter((r) => r.status === 400)) expect(r.body.message).toBe(BILLING_TEXT.alreadyYearly);
    const prorations = await file.server.database.db.selectFrom('payments').select(['amount']).where('user_id', '=', userId).where('kind', '=', 'proration').execute();
    expect(prorations).toHaveLength(1);
    const details = (await file.server.app.inject({ method: 'GET', url: '/api/subscription-details', headers: { authorization: `Bearer ${token}` } })).json() as Record<string, unknown>;
    expect(details).toMatchObject({ status: 'active', planId: 'standard-yearly', interval: 'year' });
    expect(await file.server.database.db.selectFrom('billing_locks').select('holder').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('a lease left by a billing write whose process died frees the learner within seconds, not minutes', async () => {
    const { token, userId } = await monthlyLearner();
    // Another holder (a process that died mid-write) took the learner's lease and never renews it.
    expect(await tryTakeBillingLock(file.server.database.db, userId, randomUUID(), BILLING_LOCK_TTL_MS)).toBe(true);
    const started = Date.now();
    const upgrade = await post('/api/upgrade-subscription', token, { planType: 'yearly' });
    // The upgrade waits out the dead holder's lease (BILLING_LOCK_TTL_MS, shorter than the write's wait) and
    // goes through: no 503, charged once.
    expect(upgrade.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(BILLING_WRITE_WAIT_MS);
    const prorations = await file.server.database.db.selectFrom('payments').select(['amount']).where('user_id', '=', userId).where('kind', '=', 'proration').execute();
    expect(prorations).toHaveLength(1);
    // And the next write does not wait at all for a lease.
    const cancel = await post('/api/trpc/billing.cancelAtPeriodEnd?batch=1', token);
    expect(cancel.status).toBe(200);
  });

  it('10 concurrent cancellations are all answered 200 with the cancellation stored once', async () => {
    const { token } = await monthlyLearner();
    // A repeat that waited for the first cancellation finds the flag set and answers the stored view.
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/api/trpc/billing.cancelAtPeriodEnd?batch=1', token)));
    expect(count(results.map((r) => r.status))).toEqual(new Map([[200, 10]]));
    const details = (await file.server.app.inject({ method: 'GET', url: '/api/subscription-details', headers: { authorization: `Bearer ${token}` } })).json() as Record<string, unknown>;
    expect(details).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextBillingDate: null });
  });

  it('10 concurrent trial starts start one trial', async () => {
    const account = await signUp();
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/api/start-trial', account.idToken)));
    expect(count(results.map((r) => r.status))).toEqual(new Map([[200, 1], [409, 9]]));
  });

  it('a trial start racing a payment confirmation never turns the paid plan back into a trial', async () => {
    const account = await signUp();
    const intent = await post('/api/create-payment-intent', account.idToken, { planId: 'premium' });
    const [trial, paid] = await Promise.all([
      post('/api/start-trial', account.idToken),
      post('/api/trpc/billing.confirmSandboxPayment', account.idToken, { clientSecret: intent.body.clientSecret, cardNumber: '4242424242424242' }),
    ]);
    // Either order is fine (trial then payment, or payment then a refused trial); never a trial after payment.
    expect(paid.status).toBe(200);
    expect([200, 409]).toContain(trial.status);
    const view = (await file.server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: { authorization: `Bearer ${account.idToken}` } })).json() as Record<string, unknown>;
    expect(view).toMatchObject({ subscriptionStatus: 'active', planType: 'premium' });
  });

  it('10 concurrent payment intents leave one payable checkout, and paying it charges once', async () => {
    const account = await signUp();
    const intents = await Promise.all(Array.from({ length: 10 }, () => post('/api/create-payment-intent', account.idToken, { planId: 'standard' })));
    expect(intents.every((r) => r.status === 200)).toBe(true);
    const secrets = [...new Set(intents.map((r) => String(r.body.clientSecret)))];
    const confirmations = await Promise.all(
      secrets.map((clientSecret) => post('/api/trpc/billing.confirmSandboxPayment', account.idToken, { clientSecret, cardNumber: '4242424242424242' })),
    );
    expect(confirmations.filter((r) => r.status === 200)).toHaveLength(1);
    const userId = await userIdOf(account.localId);
    const charged = await file.server.database.db.selectFrom('payments').select('id').where('user_id', '=', userId).where('status', '=', 'succeeded').execute();
    expect(charged).toHaveLength(1);
  });
});
