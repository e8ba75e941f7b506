import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { doctorToken, emulatorAdmin, signUp, startTestServer } from './harness.js';

let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function get(url: string, token?: string) {
  return server.app.inject({ method: 'GET', url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
}

const ADMIN_DOORS = ['/api/trpc/admin.whoami'];

describe('authentication and roles over HTTP (Auth emulator)', () => {
  it('answers 401 with no token, a malformed token, an expired token and an unknown user', async () => {
    const { idToken, localId } = await signUp();
    const now = Math.floor(Date.now() / 1000);
    const expired = doctorToken(idToken, { iat: now - 7200, exp: now - 3600, auth_time: now - 7200 });
    const unknown = await signUp();
    await emulatorAdmin('accounts:delete', { localId: unknown.localId });

    for (const url of [...ADMIN_DOORS, '/api/user-subscription', '/api/auth/user']) {
      expect((await get(url)).statusCode, `${url} without token`).toBe(401);
      expect((await get(url, 'not-a-jwt')).statusCode, `${url} malformed`).toBe(401);
      expect((await get(url, 'a.b.c')).statusCode, `${url} garbage jwt`).toBe(401);
      expect((await get(url, expired)).statusCode, `${url} expired`).toBe(401);
      expect((await get(url, unknown.idToken)).statusCode, `${url} unknown user`).toBe(401);
    }
    expect(localId).toBeTruthy();
  });

  it('answers 403 to a learner on admin procedures, even with a doctored admin claim', async () => {
    const { idToken } = await signUp();
    const doctored = doctorToken(idToken, { admin: true, role: 'admin' });
    for (const url of ADMIN_DOORS) {
      expect((await get(url, idToken)).statusCode).toBe(403);
      expect((await get(url, doctored)).statusCode).toBe(403);
    }
    const view = await get('/api/user-subscription', doctored);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ isAdmin: false });
  });

  it('grants admin from the server-side custom claim', async () => {
    const account = await signUp();
    await emulatorAdmin('accounts:update', { localId: account.localId, customAttributes: JSON.stringify({ admin: true }) });
    const response = await get('/api/trpc/admin.whoami', account.idToken);
    expect(response.statusCode).toBe(200);
    const subscription = await get('/api/user-subscription', account.idToken);
    expect(subscription.json()).toMatchObject({ isAdmin: true, hasAccess: true });
  });

  it('POST /api/emergency-reset is admin-only and issues a reset link, never a password', async () => {
    const learner = await signUp();
    const target = await signUp();
    const post = (token: string | undefined, body: unknown) =>
      server.app.inject({ method: 'POST', url: '/api/emergency-reset', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: JSON.stringify(body) });
    expect((await post(undefined, { email: target.email })).statusCode).toBe(401);
    expect((await post(learner.idToken, { email: target.email })).statusCode).toBe(403);

    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    const issued = await post(admin.idToken, { email: target.email });
    expect(issued.statusCode).toBe(200);
    const body = issued.json() as { success: boolean; solution: { resetPath: string } };
    expect(body.success).toBe(true);
    expect(body.solution.resetPath).toMatch(/^\/reset-password\?mode=resetPassword&oobCode=.+/);
    expect(JSON.stringify(body)).not.toMatch(/password"\s*:/i);
    const unknown = await post(admin.idToken, { email: 'nobody-here@example.com' });
    expect(unknown.json()).toMatchObject({ success: false, solution: null });
    expect((await post(admin.idToken, { email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('serves the REST adapters with the same data as tRPC', async () => {
    const { idToken, email } = await signUp();
    const user = await get('/api/auth/user', idToken);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ user: { email: email.toLowerCase(), emailVerified: true, isAdmin: false } });
    const subscription = await get('/api/user-subscription', idToken);
    expect(subscription.json()).toMatchObject({ isAdmin: false, subscriptionStatus: 'none', subscriptionType: null, trialStart: null, currentPeriodEnd: null, planType: null, interval: null, amount: null });
  });

  it('refuses unverified e-mail addresses on learner procedures but lets them read their own account', async () => {
    const { idToken } = await signUp({ verified: false });
    expect((await get('/api/auth/user', idToken)).statusCode).toBe(200);
    expect((await get('/api/trpc/admin.whoami', idToken)).statusCode).toBe(403);
  });

  it('reports health, authenticates the learner paths, and answers JSON 404 for unknown API paths', async () => {
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', db: { ok: true }, auth: { mode: 'emulator', status: 'ok' } });
    const learner = await signUp();
    // Premium paths authenticate first, then check the plan (this learner has none).
    expect((await get('/api/custom-scenarios')).statusCode).toBe(401);
    expect((await get('/api/custom-scenarios', learner.idToken)).statusCode).toBe(403);
    const missing = await get('/api/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers bad input and oversized bodies with 4xx JSON, never 500', async () => {
    const badJson = await server.app.inject({ method: 'POST', url: '/api/trpc/auth.me', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(badJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(badJson.statusCode).toBeLessThan(500);
    const huge = await server.app.inject({ method: 'POST', url: '/api/problem', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'a'.repeat(200_000) }) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('content security policy', () => {
  it('lets Google sign-in frame the configured auth domain, and only that one beside Firebase defaults', async () => {
    const custom = await startTestServer({ FIREBASE_AUTH_DOMAIN: 'login.shunkan.example' });
    try {
      const csp = String((await custom.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/login\.shunkan\.example/);
    } finally {
      await custom.stop();
    }
    const csp = String((await get('/api/health')).headers['content-security-policy']);
    expect(csp).not.toContain('login.shunkan.example');
    expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.firebaseapp\.com/);
    // It starts a server of its own (migrations, bank seeding): the time a beforeAll hook has for that.
  }, 90_000);
});

describe('readiness', () => {
  it('answers /api/ready 503 while the answer lattices compile and 200 once they are, with health 200 throughout', async () => {
    const early = await get('/api/ready');
    const earlyStatus = (early.json() as { evaluator: { status: string } }).evaluator.status;
    expect(early.statusCode).toBe(earlyStatus === 'preparing' ? 503 : 200);
    expect(early.json()).toMatchObject({ status: early.statusCode === 200 ? 'ready' : 'preparing', db: { ok: true } });
    expect((await get('/api/health')).statusCode).toBe(200);
    await server.evaluatorReady;
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', db: { ok: true }, evaluator: { status: 'ready' } });
    expect((await get('/api/health')).json()).toMatchObject({ status: 'ok', evaluator: { status: 'ready' } });
  }, 180_000);
});
