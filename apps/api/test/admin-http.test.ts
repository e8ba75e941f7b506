import { appRouter } from '@shunkan/api-router';
import { jsonReply, startFakeGemini, type FakeGeminiServer } from '@shunkan/api-router/services/ai/fake-gemini-server';
import { createAppeal } from '@shunkan/db/appeals';
import { insertAttempt } from '@shunkan/db/attempts';
import { seedPlans } from '@shunkan/db/plans';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { emulatorAdmin, signUp, startTestServer } from './harness.js';

let gemini: FakeGeminiServer;
let server: ServerHandle;
let learnerToken: string;
let adminToken: string;
let targetUserId: string;
let otherUserId: string;
let appealId: string;
const doomedUserIds: string[] = [];

async function userIdOf(localId: string, token: string): Promise<string> {
  await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
  const row = await findUserByFirebaseUid(server.database.db, localId);
  if (!row) throw new Error('user record missing');
  return row.id;
}

beforeAll(async () => {
  // Gemini configured (a local protocol server), so that problem generation answers 200 for an admin.
  gemini = await startFakeGemini();
  gemini.setReply(jsonReply({ problems: [] }));
  server = await startTestServer({ GEMINI_API_KEY: 'fake-test-key', GEMINI_BASE_URL: gemini.baseUrl });
  await seedPlans(server.database.db);
  const learner = await signUp();
  learnerToken = learner.idToken;
  const admin = await signUp();
  await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
  adminToken = admin.idToken;
  await userIdOf(admin.localId, adminToken);
  const target = await signUp();
  targetUserId = await userIdOf(target.localId, target.idToken);
  const other = await signUp();
  otherUserId = await userIdOf(other.localId, other.idToken);
  // Two learners the account deletion doors delete (decision 059): one through tRPC, one through REST.
  for (const doomed of [await signUp(), await signUp()]) doomedUserIds.push(await userIdOf(doomed.localId, doomed.idToken));
  // A pending appeal of the learner's, so that an admin's decision is a real one (200).
  const learnerId = await userIdOf(learner.localId, learnerToken);
  const answer = 'An answer the learner appealed.';
  const attempt = await insertAttempt(server.database.db, {
    userId: learnerId,
    problemId: 'toeic-003',
    level: 'toeic',
    answer,
    normalizedAnswer: answer.toLowerCase(),
    rating: 2,
    modelAnswer: 'A model answer.',
    feedback: 'フィードバック',
    errors: [],
    similarPhrases: [],
    provider: 'builtin',
    isFallback: false,
    durationMs: null,
    createdAt: new Date(),
  });
  const { appeal } = await createAppeal(server.database.db, { attemptId: attempt.id, userId: learnerId, normalizedAnswer: answer.toLowerCase(), now: new Date() });
  appealId = appeal.id;
});
afterAll(async () => {
  await server?.stop();
  await gemini?.close();
});

type Door = { name: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; body?: () => unknown };

const trpcQuery = (path: string, input?: unknown): Door => ({
  name: path,
  method: 'GET',
  url: () => `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
});
const trpcMutation = (path: string, body: () => unknown): Door => ({ name: path, method: 'POST', url: () => `/api/trpc/${path}`, body });

/** Every admin procedure (tRPC door) and every admin REST path, with an input an admin may send. */
const PROCEDURES: Door[] = [
  trpcQuery('admin.whoami'),
  trpcQuery('admin.stats'),
  trpcQuery('admin.analytics'),
  trpcQuery('admin.payments'),
  trpcQuery('admin.content'),
  trpcQuery('admin.exportFile', { kind: 'users' }),
  trpcQuery('admin.users.list', { search: 'example', page: 1 }),
  trpcMutation('admin.users.setSubscriptionType', () => ({ userId: targetUserId, subscriptionType: 'premium' })),
  trpcMutation('admin.users.setAdmin', () => ({ userId: otherUserId, isAdmin: true })),
  trpcMutation('admin.users.delete', () => ({ userId: doomedUserIds[0] })),
  trpcMutation('admin.generateProblems', () => ({ difficultyLevel: 'toeic', count: 1 })),
  trpcMutation('admin.setupAdmin', () => ({ email: `setup-${Date.now()}@example.com` })),
  trpcMutation('admin.passwordResetLink', () => ({ email: 'nobody@example.com' })),
  trpcMutation('admin.tools.priceInfo', () => ({ priceId: ' price_sandbox_standard_monthly ' })),
  trpcQuery('admin.tools.prices'),
  trpcQuery('admin.tools.priceConfiguration'),
  trpcMutation('admin.tools.savePriceConfiguration', () => ({ mode: 'test', priceIds: { standard_monthly: 'price_sandbox_standard_monthly' } })),
  trpcMutation('admin.tools.savePlanConfiguration', () => ({
    plans: { premium_monthly: { priceId: 'price_sandbox_premium_monthly', name: 'プレミアム', stripeAmount: 1080, currency: 'jpy', period: 'month' } },
  })),
  trpcQuery('admin.problems.list', { level: 'toeic', search: 'a' }),
  trpcQuery('admin.problems.get', { id: 'toeic-001' }),
  trpcMutation('admin.problems.save', () => ({
    problem: { level: 'toeic', japanese: `管理者の問題${Date.now()}${Math.random()}`, answers: ['An admin problem.'], grammarPoint: '名詞', explanation: 'テスト用の問題です。' },
  })),
  trpcMutation('admin.problems.setActive', () => ({ id: 'toeic-002', isActive: true })),
  trpcQuery('admin.tools.health'),
  trpcQuery('admin.tools.paymentDebug', { paymentId: 'none' }),
  trpcQuery('admin.appeals.list', { status: 'pending' }),
  trpcMutation('admin.appeals.decide', () => ({ appealId, decision: 'reject' })),
];

const REST: Door[] = [
  { name: 'GET /api/admin/stats', method: 'GET', url: () => '/api/admin/stats' },
  { name: 'GET /api/admin/users', method: 'GET', url: () => '/api/admin/users?search=example&page=1' },
  { name: 'GET /api/admin/analytics', method: 'GET', url: () => '/api/admin/analytics' },
  { name: 'GET /api/admin/payments', method: 'GET', url: () => '/api/admin/payments' },
  { name: 'GET /api/admin/content', method: 'GET', url: () => '/api/admin/content' },
  { name: 'PUT /api/admin/users/{userId}/subscription', method: 'PUT', url: () => `/api/admin/users/${targetUserId}/subscription`, body: () => ({ subscriptionType: 'standard' }) },
  { name: 'DELETE /api/admin/users/{userId}', method: 'DELETE', url: () => `/api/admin/users/${doomedUserIds[1]}` },
  { name: 'GET /api/admin/export/users', method: 'GET', url: () => '/api/admin/export/users' },
  { name: 'GET /api/admin/export/sessions', method: 'GET', url: () => '/api/admin/export/sessions' },
  { name: 'POST /api/emergency-reset', method: 'POST', url: () => '/api/emergency-reset', body: () => ({ email: 'nobody@example.com' }) },
  { name: 'POST /api/stripe/price-info', method: 'POST', url: () => '/api/stripe/price-info', body: () => ({ priceId: 'price_sandbox_standard_yearly' }) },
  { name: 'GET /api/stripe-prices', method: 'GET', url: () => '/api/stripe-prices' },
  { name: 'GET /api/stripe/prices', method: 'GET', url: () => '/api/stripe/prices' },
  {
    name: 'POST /api/plan-configuration',
    method: 'POST',
    url: () => '/api/plan-configuration',
    body: () => ({ plans: { standard_yearly: { priceId: 'price_sandbox_standard_yearly', name: 'スタンダード年間', displayPrice: '¥7,800', stripeAmount: 7800, currency: 'jpy', period: 'year' } } }),
  },
  {
    name: 'POST /api/save-price-configuration',
    method: 'POST',
    url: () => '/api/save-price-configuration',
    body: () => ({ mode: 'test', standard_monthly: 'price_sandbox_standard_monthly', premium_monthly: '' }),
  },
];

async function call(door: Door, token: string | null) {
  const body = door.body?.();
  return server.app.inject({
    method: door.method,
    url: door.url(),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

describe('admin doors: guest 401, learner 403, admin 200', () => {
  it('lists every admin procedure of the router in the table', () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith('admin.'));
    expect(procedures.sort()).toEqual(PROCEDURES.map((d) => d.name).sort());
  });

  for (const door of [...PROCEDURES, ...REST]) {
    it(door.name, async () => {
      expect((await call(door, null)).statusCode, 'guest').toBe(401);
      expect((await call(door, learnerToken)).statusCode, 'learner').toBe(403);
      const asAdmin = await call(door, adminToken);
      expect(asAdmin.statusCode, `admin: ${asAdmin.body.slice(0, 300)}`).toBe(200);
    });
  }
});

describe('admin REST details', () => {
  it('CSV export: file name by JST date, UTF-8 BOM, Japanese header; an unknown kind is a 400 in Japanese', async () => {
    const users = await call({ name: 'users', method: 'GET', url: () => '/api/admin/export/users' }, adminToken);
    expect(users.statusCode).toBe(200);
    expect(users.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    expect(users.headers['content-disposition']).toBe(`attachment; filename="users-export-${today}.csv"`);
    expect(users.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(users.body).toContain('メールアドレス');
    const sessions = await call({ name: 'sessions', method: 'GET', url: () => '/api/admin/export/sessions' }, adminToken);
    expect(sessions.headers['content-disposition']).toBe(`attachment; filename="sessions-export-${today}.csv"`);
    const unknown = await call({ name: 'x', method: 'GET', url: () => '/api/admin/export/payments' }, adminToken);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: '入力内容が正しくありません。' });
    const unknownAsLearner = await call({ name: 'x', method: 'GET', url: () => '/api/admin/export/payments' }, learnerToken);
    expect(unknownAsLearner.statusCode).toBe(403);
  });

  it('PUT /api/admin/users/{userId}/subscription changes what the learner gets', async () => {
    const learner = await signUp();
    const id = await userIdOf(learner.localId, learner.idToken);
    const view = async () => (await server.app.inject({ method: 'GET', url: '/api/user-subscription', headers: { authorization: `Bearer ${learner.idToken}` } })).json();
    expect(await view()).toMatchObject({ hasAccess: false });
    const put = (type: string) => call({ name: 'put', method: 'PUT', url: () => `/api/admin/users/${id}/subscription`, body: () => ({ subscriptionType: type }) }, adminToken);
    expect((await put('premium')).statusCode).toBe(200);
    expect(await view()).toMatchObject({ hasAccess: true, isPremium: true, subscriptionType: 'premium' });
    expect((await put('standard')).statusCode).toBe(200);
    expect(await view()).toMatchObject({ hasAccess: true, isPremium: false, subscriptionType: 'standard' });
    expect((await put('gold')).statusCode).toBe(400);
    const bad = await call({ name: 'put', method: 'PUT', url: () => '/api/admin/users/not-a-uuid/subscription', body: () => ({ subscriptionType: 'premium' }) }, adminToken);
    expect(bad.statusCode).toBe(400);
  });

  it('admin setup: a password outside 8-128 characters is refused with a Japanese message', async () => {
    const setup = (password: string) =>
      call({ name: 'setup', method: 'POST', url: () => '/api/trpc/admin.setupAdmin', body: () => ({ email: `limits-${Date.now()}@example.com`, password }) }, adminToken);
    const long = await setup('a'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('パスワードは128文字以内で設定してください');
    const short = await setup('short');
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('パスワードは8文字以上で設定してください');
  });

  it('price check over REST: trimmed, prod_ refused with the spec message, price info fields', async () => {
    const post = (priceId: unknown) => call({ name: 'p', method: 'POST', url: () => '/api/stripe/price-info', body: () => ({ priceId }) }, adminToken);
    const ok = await post('  price_sandbox_premium_monthly  ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: 'price_sandbox_premium_monthly', unit_amount: 1080, currency: 'jpy', type: 'recurring', recurring: { interval: 'month' }, source: 'sandbox' });
    const prod = await post('prod_123');
    expect(prod.statusCode).toBe(400);
    expect(prod.json()).toEqual({ message: 'prod_ で始まるのは商品IDです。price_ で始まる価格IDを入力してください', code: 'BAD_REQUEST' });
    expect((await post('  ')).json()).toMatchObject({ message: '価格IDを入力してください' });
    const missing = await post('price_missing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'サンドボックスのカタログにこの価格IDはありません。' });
  });
});
