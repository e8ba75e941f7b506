import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeStripe, type FakeStripeServer } from '@shunkan/api-router/services/billing/fake-stripe-server';
import type { DbHandle } from '@shunkan/db';
import { createTestDatabase } from '@shunkan/db/testing';
import { findSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { loadEnv } from '../src/env.js';
import { createServer, type ServerHandle } from '../src/server.js';

export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan-test';

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run these tests through `pnpm test`, which starts the Auth emulator.');
  return host;
}

/**
 * A server on a fresh test database, talking to the Auth emulator started by the test script.
 * `database`: one the test opened itself (PGlite on a data directory); the server closes it.
 */
export async function startTestServer(extraEnv: Record<string, string> = {}, overrides: { evaluatorWorkerUrl?: URL; database?: DbHandle } = {}): Promise<ServerHandle> {
  const database = overrides.database ?? (await createTestDatabase());
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shunkan-api-')),
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    WEB_DIST: '/nonexistent',
    ...extraEnv,
  });
  const server = await createServer(env, { database, ...overrides });
  const originalStop = server.stop;
  server.stop = async () => {
    await originalStop();
    await database.close();
  };
  return server;
}

/**
 * Rate limits out of the way of a file that sends many requests from one address (each limit has
 * tests of its own).
 */
export const NO_RATE_LIMITS = { RATE_LIMIT_PER_MIN: '10000', RATE_LIMIT_AUTH_PER_MIN: '10000', RATE_LIMIT_AI_PER_MIN: '10000', RATE_LIMIT_BILLING_PER_MIN: '10000' } as const;

/** A test file's server (rate limits out of the way): started before its tests, stopped after them. */
export function serverForFile(extraEnv: Record<string, string> = {}): { readonly server: ServerHandle } {
  let server: ServerHandle | undefined;
  beforeAll(async () => {
    server = await startTestServer({ ...NO_RATE_LIMITS, ...extraEnv });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the test file\'s server has not started');
      return server;
    },
  };
}

type SignUpResult = { idToken: string; localId: string; email: string };

/**
 * fetch for the Auth emulator: once more when the socket it was handed had been closed by the emulator
 * ("other side closed", UND_ERR_SOCKET): Node keeps idle connections to it, and the emulator may close
 * one just as the next request is written on it (a CI run failed so in signUp); the request never
 * reached it.
 */
async function emulatorFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** Creates an account through the emulator's REST API (as the web SDK would) and returns its ID token. */
export async function signUp(options: { verified?: boolean; email?: string } = {}): Promise<SignUpResult> {
  const email = options.email ?? `u-${randomUUID()}@example.com`;
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const response = await emulatorFetch(`${base}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123', returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string; localId: string };
  if (!response.ok) throw new Error(`signUp failed: ${JSON.stringify(body)}`);
  if (options.verified ?? true) {
    await emulatorAdmin(`accounts:update`, { localId: body.localId, emailVerified: true });
    return { ...(await signIn(email)), email };
  }
  return { ...body, email };
}

export async function signIn(email: string, password = 'password123'): Promise<{ idToken: string; localId: string }> {
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const response = await emulatorFetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string; localId: string };
  if (!response.ok) throw new Error(`signIn failed: ${JSON.stringify(body)}`);
  return body;
}

/** Privileged emulator calls (the emulator accepts `Bearer owner` as an admin credential). */
export async function emulatorAdmin(operation: string, body: object, method = 'POST'): Promise<unknown> {
  const url = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${operation}`;
  const response = await emulatorFetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${operation} failed: ${JSON.stringify(json)}`);
  return json;
}

/** Re-encodes an (unsigned, emulator) ID token with a changed payload: what an attacker could send. */
export function doctorToken(token: string, patch: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), ...patch };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

/** A JSON answer: the status and the parsed body. */
export type JsonAnswer = { status: number; body: Record<string, unknown> };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Requests to a test server through Fastify's inject, with a learner's token and a JSON body. The server
 * is read when a request is made (test files start theirs in beforeAll): `requests(() => server)`.
 */
export function requests(serverOf: () => ServerHandle) {
  /** Any method; the body (when given) as JSON; the answer parsed. */
  async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string | null, body?: unknown): Promise<JsonAnswer> {
    const response = await serverOf().app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }
  /** POST with a JSON body (`{}` unless given); the raw inject answer (headers, status, body). */
  function post(url: string, token: string | null, body: unknown = {}): Promise<InjectResponse> {
    return serverOf().app.inject({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }
  function get(url: string, token: string | null = null): Promise<InjectResponse> {
    return serverOf().app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  }
  /** Our user id of a Firebase account (its first authenticated request created the row). */
  async function userIdOf(localId: string): Promise<string> {
    const user = await findUserByFirebaseUid(serverOf().database.db, localId);
    if (!user) throw new Error('user record missing');
    return user.id;
  }
  return { call, post, get, userIdOf };
}

/** A tRPC answer's data. */
export function dataOf<T>(response: InjectResponse): T {
  return (response.json() as { result: { data: T } }).result.data;
}

/** The message of an error answer, from either door (REST `message`, tRPC `error.message`, a batch's first). */
export function messageOf(response: InjectResponse): string {
  const body = response.json() as { message?: string; error?: { message?: string } } | Array<{ error?: { message?: string } }>;
  const item = Array.isArray(body) ? body[0] : body;
  return (item as { message?: string } | undefined)?.message ?? item?.error?.message ?? '';
}

/** Whether the Auth emulator still has the account. */
export async function firebaseUserExists(localId: string): Promise<boolean> {
  const found = (await emulatorAdmin('accounts:lookup', { localId: [localId] })) as { users?: unknown[] };
  return (found.users ?? []).length > 0;
}

// Stripe mode: the real Stripe SDK against the local server speaking Stripe's protocol
// (fake-stripe-server.ts), and webhook events signed as Stripe signs them.

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_shunkan';
export const STRIPE_PRICE_STANDARD = 'price_std_month';
export const STRIPE_PRICE_STANDARD_YEARLY = 'price_std_year';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A server in Stripe mode with the standard plan's monthly and yearly prices, and its local Stripe server. */
export async function startStripeTestServer(extraEnv: Record<string, string> = {}): Promise<{ server: ServerHandle; fake: FakeStripeServer; stop: () => Promise<void> }> {
  const fake = await startFakeStripe({
    prices: [
      { id: STRIPE_PRICE_STANDARD, unit_amount: 780, interval: 'month' },
      { id: STRIPE_PRICE_STANDARD_YEARLY, unit_amount: 7800, interval: 'year' },
    ],
  });
  const server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_HOST: fake.host,
    STRIPE_PRICE_STANDARD,
    STRIPE_PRICE_STANDARD_YEARLY,
    PUBLIC_URL: 'http://localhost:3000',
    ...extraEnv,
  });
  return {
    server,
    fake,
    stop: async () => {
      await server.stop();
      await fake.close();
    },
  };
}

/**
 * A test file's server in Stripe mode and its local Stripe server (rate limits out of the way), started
 * before its tests and stopped after them; a Stripe left hanging by a test answers first.
 */
export function stripeServerForFile(extraEnv: Record<string, string> = {}): { readonly server: ServerHandle; readonly fake: FakeStripeServer } {
  let started: Awaited<ReturnType<typeof startStripeTestServer>> | undefined;
  beforeAll(async () => {
    started = await startStripeTestServer({ ...NO_RATE_LIMITS, ...extraEnv });
  }, 120_000);
  afterAll(async () => {
    started?.fake.answer();
    await started?.stop();
  });
  const get = () => {
    if (!started) throw new Error('the test file\'s server has not started');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get fake() {
      return get().fake;
    },
  };
}

/** The real Stripe SDK pointed at the local Stripe server (what a test does "at Stripe", outside our API). */
export function stripeClientOf(fake: FakeStripeServer): Stripe {
  const [host, port] = fake.host.split(':');
  return new Stripe('sk_test_fake', { host, port: Number(port), protocol: 'http' });
}

/**
 * Posts an event exactly as Stripe would: the raw JSON body signed with the endpoint secret (another
 * secret, an older signature time or a body changed after signing when asked).
 */
export function deliverWebhook(
  server: ServerHandle,
  event: object,
  options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {},
): Promise<InjectResponse> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STRIPE_WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  return server.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: options.tamper ? options.tamper(payload) : payload,
  });
}

let eventSeq = 0;

/** A Stripe event around an object, with an id of its own. */
export function stripeEvent(type: string, created: number, object: object) {
  eventSeq += 1;
  return { id: `evt_test_${eventSeq}_${created}`, object: 'event', api_version: Stripe.API_VERSION, type, created, livemode: false, pending_webhooks: 1, data: { object } };
}

/** A learner as Stripe's events name them: our user id, their customer and subscription. */
export type StripeLearner = { userId: string; customer: string; subscription: string };

/** An invoice event of a learner's subscription (standard monthly, 780 yen unless it failed); `extra` overrides fields. */
export function invoiceEvent(type: 'invoice.paid' | 'invoice.payment_succeeded' | 'invoice.payment_failed', learner: StripeLearner, created: number, extra: object = {}) {
  return stripeEvent(type, created, {
    id: `in_test_${eventSeq + 1}`,
    object: 'invoice',
    customer: learner.customer,
    amount_paid: type === 'invoice.payment_failed' ? 0 : 780,
    currency: 'jpy',
    billing_reason: 'subscription_cycle',
    status_transitions: { paid_at: created },
    parent: { type: 'subscription_details', subscription_details: { subscription: learner.subscription, metadata: { user_id: learner.userId } } },
    lines: {
      object: 'list',
      data: [{ id: 'il_1', period: { start: created, end: created + 30 * 86_400 }, pricing: { type: 'price_details', price_details: { price: STRIPE_PRICE_STANDARD, product: 'prod_x' } } }],
    },
    ...extra,
  });
}

/** A subscription event of a learner's standard monthly subscription; `patch` overrides fields. */
export function subscriptionEvent(type: string, learner: StripeLearner, created: number, patch: object = {}) {
  return stripeEvent(type, created, {
    id: learner.subscription,
    object: 'subscription',
    customer: learner.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { user_id: learner.userId, plan_id: 'standard' },
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: created + 30 * 86_400, price: { id: STRIPE_PRICE_STANDARD, object: 'price' } }] },
    ...patch,
  });
}

/**
 * A new learner who opened the checkout page in Stripe mode (standard monthly): the customer and the
 * incomplete subscription exist at Stripe and are linked to the learner.
 */
export async function stripeCheckoutLearner(server: ServerHandle): Promise<StripeLearner & { token: string; localId: string; email: string }> {
  const account = await signUp();
  const intent = await requests(() => server).post('/api/create-payment-intent', account.idToken, { planId: 'standard' });
  if (intent.statusCode !== 200) throw new Error(`checkout failed: ${intent.body}`);
  if (!(intent.json() as { clientSecret: string }).clientSecret.includes('_secret_')) throw new Error('checkout gave no client secret');
  const user = await findUserByFirebaseUid(server.database.db, account.localId);
  const row = user ? await findSubscription(server.database.db, user.id) : undefined;
  if (!user || !row?.stripe_customer_id || !row.stripe_subscription_id) throw new Error('checkout did not link Stripe ids');
  return { token: account.idToken, localId: account.localId, email: account.email, userId: user.id, customer: row.stripe_customer_id, subscription: row.stripe_subscription_id };
}

/** A learner paying standard monthly through Stripe: checkout, first invoice paid at Stripe, its webhook applied. */
export async function stripePayingLearner(server: ServerHandle, fake: FakeStripeServer): Promise<StripeLearner & { token: string; localId: string; email: string }> {
  const learner = await stripeCheckoutLearner(server);
  fake.pay(learner.subscription);
  const applied = await deliverWebhook(server, invoiceEvent('invoice.paid', learner, nowSeconds()));
  if (!applied.body.includes('"applied"')) throw new Error(`invoice.paid not applied: ${applied.body}`);
  const row = await findSubscription(server.database.db, learner.userId);
  if (row?.status !== 'active' || row.provider !== 'stripe') throw new Error('the paid invoice did not activate the plan');
  return learner;
}
