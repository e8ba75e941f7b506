import { findSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../src/log-serializers.js';
import type { ServerHandle } from '../src/server.js';
import {
  bearer,
  deliverWebhook,
  emulatorAdmin,
  messageOf,
  nowSeconds,
  requests,
  signUp,
  startStripeTestServer,
  startTestServer,
  stripeCheckoutLearner,
  subscriptionEvent,
  type StripeLearner,
} from './harness.js';

/**
 * The third security probe (decision 051): what the first two (026, 045) did not cover, kept as tests.
 */

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('behind a load balancer (TRUST_PROXY)', () => {
  const AUTH_LIMIT = 3;
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_MIN: String(AUTH_LIMIT) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // A load balancer appends the address it saw to whatever X-Forwarded-For the client sent: the
  // entries left of the last one are the client's own words.
  const throughBalancer = (claimed: string) => ({ 'x-forwarded-for': `${claimed}, 203.0.113.7` });

  it('counts a client by the address the balancer saw, not by an X-Forwarded-For it wrote itself', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 2; i++) {
      const response = await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: throughBalancer(`198.51.100.${i + 1}`) });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(messageOf(response)).toMatch(JAPANESE);
    }
    expect(statuses.slice(0, AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(401));
    expect(statuses.slice(AUTH_LIMIT)).toEqual([429, 429]);
    // Another client behind the same balancer has its own allowance.
    const other = await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(other.statusCode).toBe(401);
  });
});

describe('clients on IPv6', () => {
  const AUTH_LIMIT = 8;
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_AUTH_PER_MIN: String(AUTH_LIMIT), RATE_LIMIT_BILLING_PER_MIN: '10000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // Anyone on IPv6 holds a /64 and may take a fresh address for every request.
  const inNetwork = (network: string, i: number) => `${network}:${(i + 1).toString(16)}:${(i * 7 + 3).toString(16)}:0:${i + 1}`;

  it('are limited by their /64 network, not per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 2; i++) {
      const response = await server.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress: inNetwork('2001:db8:aa:1', i) });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429, 429]);
    // The next network is another client.
    const neighbour = await server.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress: '2001:db8:aa:2::1' });
    expect(neighbour.statusCode).toBe(401);
  });

  it("get the demo's daily quota once per /64 network", async () => {
    const demo = (i: number) =>
      server.app.inject({
        method: 'POST',
        url: '/api/trpc/demo.nextProblem',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ difficultyLevel: 'middle-school' }),
        remoteAddress: inNetwork('2001:db8:bb:1', i),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await demo(i)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await demo(7);
    expect(messageOf(refused)).toMatch(/デモでお試しいただけるのは1日5問まで/);
  });
});

describe('hand-written inputs that reached the database', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a history cursor of year 0000 (a 500 on PGlite) and other times no cursor carries, on both doors', async () => {
    const { idToken } = await signUp();
    const auth = { authorization: `Bearer ${idToken}` };
    for (const cursor of ['0000-01-01T00:00:00.000Z_1', '2024-02-30T00:00:00.000Z_1']) {
      const rest = await server.app.inject({ method: 'GET', url: `/api/recent-sessions?cursor=${encodeURIComponent(cursor)}`, headers: auth });
      expect(rest.statusCode, cursor).toBe(400);
      expect(messageOf(rest)).toMatch(JAPANESE);
      const trpc = await server.app.inject({ method: 'GET', url: `/api/trpc/learning.bookmarkedSessions?input=${encodeURIComponent(JSON.stringify({ cursor }))}`, headers: auth });
      expect(trpc.statusCode, cursor).toBe(400);
      expect(messageOf(trpc)).toBe('ページの指定が正しくありません。');
    }
    const valid = await server.app.inject({ method: 'GET', url: `/api/recent-sessions?cursor=${encodeURIComponent('2026-11-24T10:00:00.000Z_1')}`, headers: auth });
    expect(valid.statusCode).toBe(200);
  });

  it('logs errors without the request bodies they carry (an unsigned 1 MB webhook body was logged in full)', () => {
    const serializers = (server.app.log as unknown as Record<symbol, Record<string, unknown> | undefined>)[pino.symbols.serializersSym];
    expect(serializers?.err).toBe(serializeError);
    const child = server.app.log.child({ reqId: 'req-x' }) as unknown as Record<symbol, Record<string, unknown> | undefined>;
    expect(child[pino.symbols.serializersSym]?.err).toBe(serializeError);
  });

  it("grades a demo answer only for a problem this guest was served (not every bank problem's answers past the quota)", async () => {
    const demo = (procedure: string, input: object, remoteAddress: string) =>
      server.app.inject({ method: 'POST', url: `/api/trpc/demo.${procedure}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(input), remoteAddress });
    const guest = '198.51.100.20';
    // Bank ids are `<level>-NNN`: a guest asked for the model answer of one never served.
    for (const problemId of ['toeic-001', 'middle-school-042', 'basic-verbs-210']) {
      const refused = await demo('evaluate', { problemId, answer: 'I think so.' }, guest);
      expect(refused.statusCode, problemId).toBe(404);
      expect(messageOf(refused)).toBe('問題が見つかりません。');
      expect(refused.body).not.toContain('modelAnswer');
    }
    const served = await demo('nextProblem', { difficultyLevel: 'toeic' }, guest);
    expect(served.statusCode).toBe(200);
    const { problemId } = (served.json() as { result: { data: { problemId: string } } }).result.data;
    const graded = await demo('evaluate', { problemId, answer: 'I think so.' }, guest);
    expect(graded.statusCode).toBe(200);
    expect((graded.json() as { result: { data: { modelAnswer: string } } }).result.data.modelAnswer).not.toBe('');
    // The same problem is not another guest's to grade.
    expect((await demo('evaluate', { problemId, answer: 'I think so.' }, '198.51.100.21')).statusCode).toBe(404);
  });
});

describe('Stripe webhook: the end of a subscription that was never paid', () => {
  let server: ServerHandle;
  let stop: () => Promise<void>;
  let seq = 0;
  beforeAll(async () => {
    ({ server, stop } = await startStripeTestServer());
  });
  afterAll(async () => {
    await stop?.();
  });

  const deliver = (event: object) => deliverWebhook(server, event);

  /** A learner who opened the checkout page (an incomplete Stripe subscription linked to them) and left it unpaid. */
  const leftCheckout = () => stripeCheckoutLearner(server);

  const ended = (learner: StripeLearner, status: string, type = 'customer.subscription.deleted') => subscriptionEvent(type, learner, nowSeconds() + ++seq, { status });

  it('does not end a running trial or a plan an admin granted (deleted, or updated to canceled)', async () => {
    const trial = await leftCheckout();
    expect((await server.app.inject({ method: 'POST', url: '/api/start-trial', headers: bearer(trial.token) })).statusCode).toBe(200);
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted']) {
      expect((await deliver(ended(trial, 'canceled', type))).json(), type).toMatchObject({ outcome: 'ignored' });
      expect(await findSubscription(server.database.db, trial.userId)).toMatchObject({ status: 'trialing' });
    }

    const granted = await leftCheckout();
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    const grant = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${granted.userId}/subscription`,
      headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ subscriptionType: 'premium' }),
    });
    expect(grant.statusCode).toBe(200);
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted']) {
      expect((await deliver(ended(granted, 'canceled', type))).json(), type).toMatchObject({ outcome: 'ignored' });
    }
    expect(await findSubscription(server.database.db, granted.userId)).toMatchObject({ status: 'active', provider: 'admin', type: 'premium' });
  });
});

describe('one learner, many writes at once (meaningful on PostgreSQL: TEST_DATABASE_URL)', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MIN: '10000', RATE_LIMIT_AUTH_PER_MIN: '10000', RATE_LIMIT_AI_PER_MIN: '10000', RATE_LIMIT_BILLING_PER_MIN: '10000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const { call } = requests(() => server);
  const post = (url: string, token: string, body: unknown = {}) => call('POST', url, token, body);

  it('cancellation, its withdrawal and upgrades at once: one proration, a state one order of them explains', async () => {
    const account = await signUp();
    const intent = await post('/api/create-payment-intent', account.idToken, { planId: 'standard' });
    expect((await post('/api/trpc/billing.confirmSandboxPayment', account.idToken, { clientSecret: intent.body.clientSecret, cardNumber: '4242424242424242' })).status).toBe(200);
    const calls = [
      () => post('/api/trpc/billing.cancelAtPeriodEnd?batch=1', account.idToken),
      () => post('/api/upgrade-subscription', account.idToken, { planType: 'yearly' }),
      () => post('/api/trpc/billing.resume?batch=1', account.idToken),
      () => post('/api/upgrade-subscription', account.idToken, { planType: 'premium' }),
      () => post('/api/trpc/billing.cancelAtPeriodEnd?batch=1', account.idToken),
      () => post('/api/upgrade-subscription', account.idToken, { planType: 'yearly' }),
    ];
    const results = await Promise.all(calls.map((call) => call()));
    for (const result of results) expect(result.status).toBeLessThan(500);
    const user = await findUserByFirebaseUid(server.database.db, account.localId);
    const payments = await server.database.db.selectFrom('payments').select(['kind', 'plan_id', 'status']).where('user_id', '=', user?.id ?? '').execute();
    const prorations = payments.filter((p) => p.kind === 'proration');
    // Each kind of upgrade is charged at most once, and only when it was answered 200.
    const upgraded = results.filter((r, i) => i % 2 === 1 && r.status === 200).length;
    expect(prorations).toHaveLength(upgraded);
    expect(new Set(prorations.map((p) => p.plan_id)).size).toBe(prorations.length);
    const row = await findSubscription(server.database.db, user?.id ?? '');
    expect(row?.status).toBe('active');
    const yearly = results.some((r, i) => (i === 1 || i === 5) && r.status === 200);
    const premium = results[3]?.status === 200;
    expect(row?.plan_id).toBe(`${premium ? 'premium' : 'standard'}${yearly ? '-yearly' : ''}`);
  });

  it('an appeal submitted and decided many times at once: one appeal, one decision, the attempt regraded once', async () => {
    const learner = await signUp();
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    expect((await post('/api/trpc/billing.startTrial?batch=1', learner.idToken)).status).toBe(200);
    const served = await post('/api/trpc/practice.nextProblem', learner.idToken, { difficultyLevel: 'toeic' });
    const problemId = (served.body as { result: { data: { problemId: string } } }).result.data.problemId;
    const graded = await post('/api/trpc/practice.evaluate', learner.idToken, { problemId, answer: 'Probe three answer that is surely not accepted.' });
    const attemptId = (graded.body as { result: { data: { attemptId: string } } }).result.data.attemptId;

    const submits = await Promise.all(Array.from({ length: 5 }, () => post('/api/trpc/appeals.submit', learner.idToken, { attemptId })));
    expect(submits.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const appealIds = new Set(submits.map((r) => (r.body as { result: { data: { appeal: { id: string } } } }).result.data.appeal.id));
    expect(appealIds.size).toBe(1);
    const [appealId] = [...appealIds];
    const rechecks = submits.filter((r) => (r.body as { result: { data: { recheck: unknown } } }).result.data.recheck !== null);
    expect(rechecks).toHaveLength(1);

    const decisions = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('/api/trpc/admin.appeals.decide', admin.idToken, { appealId, decision: i % 2 === 0 ? 'accept' : 'reject' })),
    );
    expect(decisions.filter((r) => r.status === 200)).toHaveLength(1);
    expect(decisions.filter((r) => r.status === 409)).toHaveLength(5);
    const db = server.database.db;
    const accepted = await db.selectFrom('accepted_answers').select('sentence').where('problem_id', '=', problemId).execute();
    const appeal = await db.selectFrom('appeals').select(['status']).where('id', '=', appealId ?? '').executeTakeFirstOrThrow();
    expect(accepted).toHaveLength(appeal.status === 'accepted' ? 1 : 0);
    // The day's summary still sums the attempts it summarises (a double regrade would add its delta twice).
    const user = await findUserByFirebaseUid(db, learner.localId);
    const attempts = await db.selectFrom('attempts').select('rating').where('user_id', '=', user?.id ?? '').execute();
    const days = await db.selectFrom('learning_days').select('rating_sum').where('user_id', '=', user?.id ?? '').execute();
    expect(days.reduce((sum, d) => sum + Number(d.rating_sum), 0)).toBe(attempts.reduce((sum, a) => sum + a.rating, 0));
  });
});
