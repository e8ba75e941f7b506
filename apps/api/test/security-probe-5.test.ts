import { ADMIN_TEXT } from '@shunkan/config/admin';
import { BILLING_TEXT, SANDBOX_CARDS, SANDBOX_PAYMENT_INTENT_TTL_MS } from '@shunkan/config/billing';
import { TEXT } from '@shunkan/config/texts';
import { inTransaction } from '@shunkan/db';
import { lockSubscription, updateSubscription } from '@shunkan/db/subscriptions';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { bearer, dataOf, emulatorAdmin, messageOf, requests, signIn, signUp, startTestServer } from './harness.js';

/**
 * The fifth security probe (decision 060): the leftovers of decision 055 and the newest code. The
 * concurrency cases mean something on a PostgreSQL server (TEST_DATABASE_URL); on PGlite (one session,
 * one statement at a time) they pass trivially and still pin the answers.
 */

let server: ServerHandle;
let adminToken: string;
beforeAll(async () => {
  server = await startServer();
  const admin = await signUp();
  await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
  adminToken = admin.idToken;
  // The first request records the admin role from the claim.
  expect((await get('/api/trpc/admin.whoami', adminToken)).statusCode).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

function startServer(): Promise<ServerHandle> {
  return startTestServer({ RATE_LIMIT_PER_MIN: '10000', RATE_LIMIT_AUTH_PER_MIN: '10000', RATE_LIMIT_AI_PER_MIN: '10000', RATE_LIMIT_BILLING_PER_MIN: '10000' });
}

const { post, get, userIdOf } = requests(() => server);

async function newLearner(): Promise<{ idToken: string; localId: string; email: string; userId: string }> {
  const learner = await signUp();
  expect((await get('/api/trpc/auth.me', learner.idToken)).statusCode).toBe(200);
  return { ...learner, userId: await userIdOf(learner.localId) };
}

async function subscriptionOf(userId: string) {
  return server.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

async function paymentsOf(userId: string) {
  return server.database.db.selectFrom('payments').selectAll().where('user_id', '=', userId).execute();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the admin's plan switch and the learner's billing writes", () => {
  it('waits for a billing write in flight and switches the type of the plan it stored (it used to overwrite a just-paid plan with a free grant)', async () => {
    const learner = await newLearner();
    let switched: Promise<InjectResponse> | null = null;
    // A sandbox confirmation in flight: the learner's row locked, the paid plan stored, not yet committed.
    await inTransaction(server.database.db, async (trx) => {
      await lockSubscription(trx, learner.userId);
      const now = new Date();
      await updateSubscription(trx, learner.userId, {
        status: 'active',
        type: 'standard',
        plan_id: 'standard',
        interval: 'month',
        amount: 980,
        provider: 'sandbox',
        current_period_end: new Date(now.getTime() + 30 * 86_400_000),
        cancel_at_period_end: false,
      });
      await trx
        .insertInto('payments')
        .values({ id: `sandbox_pi_probe5_${Date.now()}`, user_id: learner.userId, amount: 980, status: 'succeeded', description: 'スタンダードプラン', provider: 'sandbox', plan_id: 'standard', kind: 'subscription', created_at: now })
        .execute();
      // Sent now (inject dispatches when its answer is first awaited: Promise.resolve does that).
      switched = Promise.resolve(
        server.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${learner.userId}/subscription`,
          headers: { ...bearer(adminToken), 'content-type': 'application/json' },
          payload: JSON.stringify({ subscriptionType: 'premium' }),
        }),
      );
      await sleep(400);
    });
    const response = await (switched as unknown as Promise<InjectResponse>);
    expect(response.statusCode, response.body).toBe(200);
    const row = await subscriptionOf(learner.userId);
    // The paid plan keeps its billing and becomes premium; it is not replaced by a free grant.
    expect(row).toMatchObject({ status: 'active', type: 'premium', plan_id: 'premium', provider: 'sandbox', interval: 'month', amount: 980 });
    expect(row.current_period_end).not.toBeNull();
  });

  it('an upgrade and an admin switch sent together leave one consistent plan, charged at most once', async () => {
    const learner = await newLearner();
    expect((await post('/api/trpc/billing.createPaymentIntent', learner.idToken, { planId: 'standard' })).statusCode).toBe(200);
    const intent = await server.database.db.selectFrom('payments').select('client_secret').where('user_id', '=', learner.userId).where('status', '=', 'pending').executeTakeFirstOrThrow();
    const confirmed = await post('/api/trpc/billing.confirmSandboxPayment', learner.idToken, { clientSecret: intent.client_secret, cardNumber: SANDBOX_CARDS.success });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [upgrade, adminSwitch] = await Promise.all([
      post('/api/upgrade-subscription', learner.idToken, { planType: 'premium' }),
      server.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${learner.userId}/subscription`,
        headers: { ...bearer(adminToken), 'content-type': 'application/json' },
        payload: JSON.stringify({ subscriptionType: 'premium' }),
      }),
    ]);
    expect(adminSwitch.statusCode, adminSwitch.body).toBe(200);
    expect([200, 400], upgrade.body).toContain(upgrade.statusCode);
    const row = await subscriptionOf(learner.userId);
    expect(row).toMatchObject({ status: 'active', type: 'premium', plan_id: 'premium', provider: 'sandbox' });
    const prorations = (await paymentsOf(learner.userId)).filter((p) => p.kind === 'proration');
    // Charged for the premium change only when the upgrade ran first.
    expect(prorations).toHaveLength(upgrade.statusCode === 200 ? 1 : 0);
    if (upgrade.statusCode === 400) expect(messageOf(upgrade)).toBe(BILLING_TEXT.alreadyPremium);
  });
});

describe('a plan granted by an admin', () => {
  it('is not offered upgrades nor charged for them, nor cancelled or managed as a paid plan; a trial after it is refused', async () => {
    const learner = await newLearner();
    const granted = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${learner.userId}/subscription`,
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ subscriptionType: 'standard' }),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const details = await get('/api/subscription-details', learner.idToken);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ status: 'active', grantedByAdmin: true, canUpgradeToYearly: false, canUpgradeToPremium: false, canManageBilling: false });
    // The view every screen reads says so too (plan selection no longer points to a premium change).
    expect((await get('/api/user-subscription', learner.idToken)).json()).toMatchObject({ subscriptionStatus: 'active', grantedByAdmin: true, hasAccess: true });

    for (const planType of ['premium', 'yearly']) {
      const rest = await post('/api/upgrade-subscription', learner.idToken, { planType });
      expect(rest.statusCode, rest.body).toBe(400);
      expect(messageOf(rest)).toBe(BILLING_TEXT.adminGrantedPlan);
      const trpc = await post('/api/trpc/billing.upgradeToYearly', learner.idToken, { planType });
      expect(trpc.statusCode).toBe(400);
      expect(messageOf(trpc)).toBe(BILLING_TEXT.adminGrantedPlan);
    }
    // As the web's batch link sends it (the procedure takes no input).
    const cancel = await post('/api/trpc/billing.cancelAtPeriodEnd?batch=1', learner.idToken, {});
    expect(cancel.statusCode).toBe(400);
    expect((cancel.json() as { error: { message: string } }[])[0]?.error.message).toBe(BILLING_TEXT.adminGrantedPlan);
    // Nothing charged, the grant as the admin left it.
    expect(await paymentsOf(learner.userId)).toEqual([]);
    expect(await subscriptionOf(learner.userId)).toMatchObject({ status: 'active', type: 'standard', provider: 'admin', amount: 0, cancel_at_period_end: false });
    // A checkout is refused too (one plan at a time, decision 006).
    const checkout = await post('/api/trpc/billing.createPaymentIntent', learner.idToken, { planId: 'premium' });
    expect(checkout.statusCode).toBe(409);
    expect(messageOf(checkout)).toBe(BILLING_TEXT.alreadySubscribed);
    const trial = await post('/api/start-trial', learner.idToken);
    expect(trial.statusCode).toBe(409);
    expect(messageOf(trial)).toBe(BILLING_TEXT.alreadySubscribed);
  });
});

describe('sandbox payment intents', () => {
  it(`expire after ${SANDBOX_PAYMENT_INTENT_TTL_MS / 60_000} minutes: confirming is refused in Japanese, nothing is activated, a new checkout makes a new intent`, async () => {
    const learner = await newLearner();
    const first = dataOf<{ clientSecret: string }>(await post('/api/trpc/billing.createPaymentIntent', learner.idToken, { planId: 'standard' }));
    // Opened 31 minutes ago.
    await server.database.db
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - SANDBOX_PAYMENT_INTENT_TTL_MS - 60_000) })
      .where('client_secret', '=', first.clientSecret)
      .execute();
    const late = await post('/api/trpc/billing.confirmSandboxPayment', learner.idToken, { clientSecret: first.clientSecret, cardNumber: SANDBOX_CARDS.success });
    expect(late.statusCode, late.body).toBe(409);
    expect(messageOf(late)).toBe(BILLING_TEXT.paymentExpired);
    expect((await subscriptionOf(learner.userId)).status).toBe('none');
    // A reload of the checkout page gets a new intent, which can be paid.
    const second = dataOf<{ clientSecret: string }>(await post('/api/trpc/billing.createPaymentIntent', learner.idToken, { planId: 'standard' }));
    expect(second.clientSecret).not.toBe(first.clientSecret);
    const paid = await post('/api/trpc/billing.confirmSandboxPayment', learner.idToken, { clientSecret: second.clientSecret, cardNumber: SANDBOX_CARDS.success });
    expect(paid.statusCode, paid.body).toBe(200);
    // The expired one stays unpayable.
    expect((await post('/api/trpc/billing.confirmSandboxPayment', learner.idToken, { clientSecret: first.clientSecret, cardNumber: SANDBOX_CARDS.success })).statusCode).toBe(409);
    expect((await paymentsOf(learner.userId)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });
});

describe('the admin setup tool (admin.setupAdmin)', () => {
  async function lookup(email: string): Promise<{ customAttributes?: string; emailVerified?: boolean } | undefined> {
    const found = (await emulatorAdmin('accounts:lookup', { email: [email] })) as { users?: { customAttributes?: string; emailVerified?: boolean }[] };
    return found.users?.[0];
  }

  it('never replaces the password of an existing account, nor promotes an address its holder has not verified', async () => {
    const learner = await newLearner();
    const takeover = await post('/api/trpc/admin.setupAdmin', adminToken, { email: learner.email, password: 'attacker-chosen-1' });
    expect(takeover.statusCode, takeover.body).toBe(409);
    expect(messageOf(takeover)).toBe(ADMIN_TEXT.setupExistingPassword);
    // The learner's own password still works, and the account is not an admin.
    await expect(signIn(learner.email)).resolves.toMatchObject({ localId: learner.localId });
    expect((await lookup(learner.email))?.customAttributes ?? '').not.toContain('admin');

    const squatter = await signUp({ verified: false });
    const unverified = await post('/api/trpc/admin.setupAdmin', adminToken, { email: squatter.email });
    expect(unverified.statusCode).toBe(409);
    expect(messageOf(unverified)).toBe(ADMIN_TEXT.setupUnverified);
    expect(await lookup(squatter.email)).toMatchObject({ emailVerified: false });
    expect((await lookup(squatter.email))?.customAttributes ?? '').not.toContain('admin');
  });

  it('promotes a verified existing account without a password, and creates a new one with a password', async () => {
    const learner = await newLearner();
    const promoted = await post('/api/trpc/admin.setupAdmin', adminToken, { email: learner.email });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(dataOf(promoted)).toEqual({ created: false, email: learner.email });
    // A token issued in a later second (the verifier keeps an account's record per token issue time).
    await sleep(1100);
    const fresh = await signIn(learner.email);
    expect((await get('/api/trpc/admin.whoami', fresh.idToken)).statusCode).toBe(200);

    const email = `probe5-new-${Date.now()}@example.com`;
    const created = await post('/api/trpc/admin.setupAdmin', adminToken, { email, password: 'choose-8+chars' });
    expect(created.statusCode).toBe(200);
    expect(dataOf(created)).toEqual({ created: true, email });
  });

  it('is closed to everyone but an admin, on both doors', async () => {
    const learner = await newLearner();
    expect((await post('/api/trpc/admin.setupAdmin', learner.idToken, { email: learner.email, password: 'attacker-chosen-1' })).statusCode).toBe(403);
    expect((await post('/api/trpc/admin.setupAdmin', null, { email: learner.email, password: 'attacker-chosen-1' })).statusCode).toBe(401);
    await expect(signIn(learner.email)).resolves.toMatchObject({ localId: learner.localId });
  });
});

describe('a disabled account', () => {
  async function disable(localId: string): Promise<void> {
    await emulatorAdmin('accounts:update', { localId, disableUser: true });
  }

  it('is refused at once by billing writes, not after the token check cache (10 s) runs out', async () => {
    const learner = await newLearner();
    // The verifier has just read the account record (cached for this token).
    expect((await get('/api/subscription-details', learner.idToken)).statusCode).toBe(200);
    await disable(learner.localId);
    for (const [url, body] of [
      ['/api/start-trial', {}],
      ['/api/trpc/billing.startTrial', {}],
      ['/api/trpc/billing.createPaymentIntent', { planId: 'standard' }],
      ['/api/create-checkout-session', { planId: 'standard' }],
      ['/api/upgrade-subscription', { planType: 'yearly' }],
    ] as const) {
      const response = await post(url, learner.idToken, body);
      expect(response.statusCode, `${url} ${response.body}`).toBe(401);
      expect(messageOf(response)).toBe(TEXT.unauthorized);
    }
    const row = await server.database.db.selectFrom('subscriptions').select('status').where('user_id', '=', learner.userId).executeTakeFirst();
    expect(row?.status ?? 'none').toBe('none');
  });

  it('is refused at once by admin procedures on both doors (the CSV export included)', async () => {
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    const token = (await signIn(admin.email)).idToken;
    expect((await get('/api/trpc/admin.stats', token)).statusCode).toBe(200);
    await disable(admin.localId);
    for (const url of ['/api/trpc/admin.stats', '/api/admin/stats', '/api/admin/export/users', `/api/trpc/admin.users.list?input=${encodeURIComponent('{}')}`]) {
      const response = await get(url, token);
      expect(response.statusCode, `${url} ${response.body}`).toBe(401);
    }
    // A tRPC batch of admin reads: refused whole, one record read for the batch.
    const batch = await get(`/api/trpc/admin.stats,admin.whoami?batch=1&input=${encodeURIComponent('{}')}`, token);
    expect(batch.statusCode).toBe(401);
  });

});
