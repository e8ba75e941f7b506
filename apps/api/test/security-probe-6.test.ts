import { ACCOUNT_DELETE_CONFIRMATION } from '@shunkan/config/account';
import { BILLING_TEXT } from '@shunkan/config/billing';
import { TEXT } from '@shunkan/config/texts';
import { startFakeStripe, type FakeStripeServer } from '@shunkan/api-router/services/billing/fake-stripe-server';
import net from 'node:net';
import { BroadcastChannel } from 'node:worker_threads';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { signUp, startTestServer } from './harness.js';

/**
 * The sixth security and fault probe (decision 066): a grading worker that hangs, a trial taken again by
 * deleting and re-creating the account, and a rate-limit store (Redis) that stops answering.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function poster(server: () => ServerHandle) {
  return (url: string, token: string | null, body: unknown = {}): Promise<InjectResponse> =>
    server().app.inject({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

function messageOf(response: InjectResponse): string {
  const body = response.json() as { message?: string; error?: { message?: string } };
  return body.message ?? body.error?.message ?? '';
}

// The name of worker-hang.fixture.ts's channel (importing the fixture would start a worker's loop here).
const WORKER_HUNG_CHANNEL = 'shunkan-evaluator-worker-hung';

/** Resolves once the hang fixture's worker thread holds the answer "hang the worker". */
function workerHung(): Promise<void> {
  const channel = new BroadcastChannel(WORKER_HUNG_CHANNEL);
  return new Promise<void>((resolve) => {
    channel.onmessage = () => {
      channel.close();
      resolve();
    };
  });
}

describe('a grading worker that hangs under an answer', () => {
  let server: ServerHandle;
  const post = poster(() => server);
  beforeAll(async () => {
    server = await startTestServer(
      { EVALUATOR_WORKER: 'true', EVALUATOR_WORKERS: '1', EVALUATOR_STUCK_MS: '3000' },
      { evaluatorWorkerUrl: new URL('../../../packages/evaluator/src/evaluator/worker-hang.fixture.ts', import.meta.url) },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers it and the answers behind it 503 in Japanese on both doors, keeps serving, and grades the next answer', async () => {
    const learner = await signUp();
    const other = await signUp();
    for (const { idToken } of [learner, other]) expect((await post('/api/start-trial', idToken)).statusCode).toBe(200);
    const served = await post('/api/trpc/practice.nextProblem', learner.idToken, { difficultyLevel: 'toeic' });
    expect(served.statusCode, served.body).toBe(200);
    const { problemId, japaneseSentence } = (served.json() as { result: { data: { problemId: string; japaneseSentence: string } } }).result.data;
    const otherServed = await post('/api/problem', other.idToken, { difficultyLevel: 'toeic' });
    expect(otherServed.statusCode, otherServed.body).toBe(200);
    // The worker has loaded its evaluator (loading is not timed): an ordinary answer is graded.
    expect((await post('/api/trpc/practice.evaluate', learner.idToken, { problemId, answer: 'This is my answer.' })).statusCode).toBe(200);

    // Before: the hung answer and every answer sent after it (anyone's: one worker) waited for ever.
    const started = Date.now();
    const holding = workerHung();
    const hanging = post('/api/trpc/practice.evaluate', learner.idToken, { problemId, answer: 'hang the worker' });
    // The other answer is sent once the hung one holds the worker (on PostgreSQL two requests' reads
    // finish in either order), so it waits behind the hung one. (A fixed 500 ms pause stood for that:
    // on a loaded machine the hung answer could still be on its way, and the other one be graded first.)
    await holding;
    const [hung, behind] = await Promise.all([
      hanging,
      post('/api/evaluate-with-claude', other.idToken, { japaneseSentence: (otherServed.json() as { japaneseSentence: string }).japaneseSentence, userTranslation: 'An answer behind it.', difficultyLevel: 'toeic' }),
      // The main thread serves meanwhile.
      server.app.inject({ method: 'GET', url: '/api/health' }).then((health) => expect(health.statusCode).toBe(200)),
    ]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(hung.statusCode).toBe(503);
    expect(messageOf(hung)).toBe(TEXT.serviceUnavailable);
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable });

    // A new worker took over: the retries are graded; the hung answer was not stored.
    const retry = await post('/api/evaluate-with-claude', learner.idToken, { japaneseSentence, userTranslation: 'This is my second answer.', difficultyLevel: 'toeic' });
    expect(retry.statusCode, retry.body).toBe(200);
    const history = await server.app.inject({ method: 'GET', url: '/api/recent-sessions', headers: bearer(learner.idToken) });
    expect(history.body).not.toContain('hang the worker');
    expect(history.body).toContain('This is my second answer.');
  }, 180_000);
});

describe('a trial taken again by deleting the account and signing up with the same address', () => {
  let server: ServerHandle;
  const post = poster(() => server);
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MIN: '10000', RATE_LIMIT_AUTH_PER_MIN: '10000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const view = async (token: string) => (await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: bearer(token) })).json() as { trialUsed: boolean; subscriptionStatus: string };

  it('is refused on both doors, and the plan screens stop offering it; another address still gets its trial', async () => {
    const first = await signUp();
    expect((await post('/api/start-trial', first.idToken)).statusCode).toBe(200);
    const deleted = await server.app.inject({ method: 'DELETE', url: '/api/account', headers: { ...bearer(first.idToken), 'content-type': 'application/json' }, payload: JSON.stringify({ confirmation: ACCOUNT_DELETE_CONFIRMATION }) });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // The same address, in other letter case, signs up again: a new account, a new uid.
    const again = await signUp({ email: first.email.toUpperCase() });
    expect(again.localId).not.toBe(first.localId);
    expect(await view(again.idToken)).toMatchObject({ trialUsed: false, subscriptionStatus: 'none' });
    // Before: 200, a second 7-day premium trial (and a third, and so on).
    const rest = await post('/api/start-trial', again.idToken);

    expect(rest.statusCode).toBe(409);
    expect(messageOf(rest)).toBe(BILLING_TEXT.trialAlreadyUsed);
    // The web's batch link sends a void input as `{}`.
    const trpc = await post('/api/trpc/billing.startTrial?batch=1', again.idToken);
    expect(trpc.statusCode).toBe(409);
    expect((trpc.json() as Array<{ error: { message: string } }>)[0]?.error.message).toBe(BILLING_TEXT.trialAlreadyUsed);
    expect(await view(again.idToken)).toMatchObject({ trialUsed: true, subscriptionStatus: 'none' });
    expect((await post('/api/trpc/practice.nextProblem', again.idToken, { difficultyLevel: 'toeic' })).statusCode).toBe(403);

    // Only a hash of the address is kept, never the address.
    const claims = await server.database.db.selectFrom('trial_claims').selectAll().execute();
    expect(JSON.stringify(claims)).not.toContain(first.email.split('@')[0]);

    const fresh = await signUp();
    expect((await post('/api/start-trial', fresh.idToken)).statusCode).toBe(200);
    expect(await view(fresh.idToken)).toMatchObject({ trialUsed: true, subscriptionStatus: 'trialing' });
  }, 60_000);
});

/**
 * A TCP proxy in front of a real server (Redis, the Stripe-protocol server) that can freeze: it keeps
 * every connection open but passes nothing on (a server that hangs, or a network that drops packets),
 * until thawed, when what it held is passed on.
 */
async function freezableProxy(target: { host: string; port: number }) {
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const pipe = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const proxy = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as net.AddressInfo).port;
  return {
    host: `127.0.0.1:${port}`,
    url: `redis://127.0.0.1:${port}`,
    freeze: () => (frozen = true),
    thaw: () => {
      frozen = false;
      for (const write of held.splice(0)) write();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

describe('the rate limit store (Redis) stops answering', () => {
  const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `shunkan-test-066-${process.pid}-${Date.now()}:`;
  let proxy: Awaited<ReturnType<typeof freezableProxy>>;
  let server: ServerHandle;
  let direct: Redis;
  beforeAll(async () => {
    proxy = await freezableProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    direct = new Redis(redisUrl.href, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await direct.connect();
    server = await startTestServer({ REDIS_URL: proxy.url, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_PER_MIN: '8' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    if (direct) {
      const keys = await direct.keys(`${prefix}*`);
      if (keys.length > 0) await direct.del(...keys);
      direct.disconnect();
    }
  });

  const plans = () => server.app.inject({ method: 'GET', url: '/api/trpc/plans.list', remoteAddress: '203.0.113.66' });

  it('counts in memory at once (the limit still holds), and in Redis again once it answers', async () => {
    await server.evaluatorReady;
    expect((await plans()).statusCode).toBe(200);
    expect((await plans()).statusCode).toBe(200);
    const counted = await direct.keys(`${prefix}*`);
    expect(counted).toHaveLength(1);
    expect(await direct.get(counted[0] ?? '')).toBe('2');

    proxy.freeze();
    // Before: each request waited for ioredis's command timeout (2 s) and then went through unlimited:
    // ten requests took 20 s and all were served.
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await plans()).statusCode);
    expect(Date.now() - started).toBeLessThan(5_000);
    // This instance's own count starts afresh: 8 a minute here, then 429 in Japanese.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await plans();
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    // Other clients are served meanwhile.
    expect((await server.app.inject({ method: 'GET', url: '/api/trpc/plans.list', remoteAddress: '203.0.113.67' })).statusCode).toBe(200);

    // Redis answers again: after the pause, counts go to Redis again (the shared count, 2 before plus
    // the late first command the thaw delivers).
    proxy.thaw();
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect((await plans()).statusCode).toBe(200);
    expect(Number(await direct.get(counted[0] ?? ''))).toBeGreaterThanOrEqual(4);
  }, 60_000);
});

// On PGlite (one session) any open transaction holds the whole database; the pool only exists on a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the Stripe-protocol server hangs under billing writes (PostgreSQL)', () => {
  const PRICE_STANDARD = 'price_probe6_std';
  let fake: FakeStripeServer;
  let proxy: Awaited<ReturnType<typeof freezableProxy>>;
  let server: ServerHandle;
  const post = poster(() => server);
  beforeAll(async () => {
    fake = await startFakeStripe({ prices: [{ id: PRICE_STANDARD, unit_amount: 780, interval: 'month' }] });
    const [host, port] = fake.host.split(':');
    proxy = await freezableProxy({ host: host ?? '127.0.0.1', port: Number(port) });
    server = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_probe6',
      STRIPE_API_HOST: proxy.host,
      STRIPE_PRICE_STANDARD: PRICE_STANDARD,
      PUBLIC_URL: 'http://localhost:3000',
      RATE_LIMIT_PER_MIN: '10000',
      RATE_LIMIT_AUTH_PER_MIN: '10000',
      RATE_LIMIT_BILLING_PER_MIN: '10000',
    });
  }, 60_000);
  afterAll(async () => {
    proxy?.thaw();
    await server?.stop();
    await proxy?.close();
    await fake?.close();
  });

  it('leaves the database pool to everyone else: reads are served, the writes past the cap get 503 in Japanese, and a retry pays once', async () => {
    // More learners than the test pool's 20 connections.
    const learners = await Promise.all(Array.from({ length: 24 }, () => signUp()));
    for (const learner of learners) expect((await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(learner.idToken) })).statusCode).toBe(200);
    const reader = learners[0]!;

    proxy.freeze();
    const writes = learners.map((learner) => post('/api/trpc/billing.createPaymentIntent', learner.idToken, { planId: 'standard' }));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Before: every connection was held by a write waiting for Stripe; this read waited for the pool's
    // 5 s and got 503 (and so did every other request, the health check's database probe included).
    const started = Date.now();
    const read = await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: bearer(reader.idToken) });
    expect(read.statusCode, read.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);

    // The writes past the cap waited without a connection and were refused: 503 in Japanese, nothing stored.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    proxy.thaw();
    const answers = await Promise.all(writes);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 503), statuses.join(',')).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) expect(messageOf(answer)).toBe(TEXT.serviceUnavailable);

    // A refused learner's retry creates one Stripe subscription; the same call again reuses it.
    const retried = learners[statuses.indexOf(503)]!;
    const subscriptionsBefore = fake.calls('POST', '/v1/subscriptions').length;
    const first = await post('/api/trpc/billing.createPaymentIntent', retried.idToken, { planId: 'standard' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/api/trpc/billing.createPaymentIntent', retried.idToken, { planId: 'standard' });
    expect(again.statusCode, again.body).toBe(200);
    expect(fake.calls('POST', '/v1/subscriptions').length - subscriptionsBefore).toBe(1);
  }, 120_000);
});
