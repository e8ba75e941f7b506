import { dailyLimitMessage, SCENARIO_TEXT, TEXT } from '@shunkan/config/texts';
import { jstDay } from '@shunkan/config/time';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { bearer, messageOf, requests, signUp, startTestServer } from './harness.js';

/**
 * The fourth security probe (decision 055): what the first three (026, 045, 051) did not cover or left
 * open, kept as tests. The concurrency cases mean something on a PostgreSQL server (TEST_DATABASE_URL);
 * on PGlite (one session, one statement at a time) they pass trivially and still pin the answers.
 */

let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MIN: '10000', RATE_LIMIT_AUTH_PER_MIN: '10000', RATE_LIMIT_AI_PER_MIN: '10000', RATE_LIMIT_BILLING_PER_MIN: '10000' });
});
afterAll(async () => {
  await server?.stop();
});

const { post, userIdOf } = requests(() => server);

describe('browser caches and authenticated answers', () => {
  it('every API answer about a signed-in learner says Cache-Control: no-store, on both doors', async () => {
    const learner = await signUp();
    expect((await post('/api/start-trial', learner.idToken)).statusCode).toBe(200);
    const answers: [string, InjectResponse][] = [
      ['GET /api/auth/user', await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(learner.idToken) })],
      ['GET /api/subscription-details', await server.app.inject({ method: 'GET', url: '/api/subscription-details', headers: bearer(learner.idToken) })],
      ['GET /api/recent-sessions', await server.app.inject({ method: 'GET', url: '/api/recent-sessions', headers: bearer(learner.idToken) })],
      ['tRPC auth.me', await server.app.inject({ method: 'GET', url: '/api/trpc/auth.me', headers: bearer(learner.idToken) })],
      [
        'tRPC batch',
        await server.app.inject({ method: 'GET', url: `/api/trpc/auth.me,billing.details?batch=1&input=${encodeURIComponent('{}')}`, headers: bearer(learner.idToken) }),
      ],
      ['tRPC mutation', await post('/api/trpc/practice.nextProblem', learner.idToken, { difficultyLevel: 'toeic' })],
      // Refusals too: a 401, a 403 of an admin path, a 400 of bad input.
      ['401', await server.app.inject({ method: 'GET', url: '/api/trpc/auth.me', headers: bearer('not.a.token') })],
      ['403', await server.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(learner.idToken) })],
      ['400', await post('/api/trpc/practice.nextProblem', learner.idToken, { difficultyLevel: 'nope' })],
    ];
    for (const [name, response] of answers) {
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
    // The two public documents keep what they had: the configuration every page preloads, and the
    // OpenAPI document (public, an hour).
    const config = await server.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(config.headers['cache-control']).toBeUndefined();
    const openapi = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(openapi.headers['cache-control']).toContain('public');
  });
});

describe('the 50-scenario limit under concurrent creates', () => {
  it('thirty creates sent at once with 49 scenarios stored make exactly one more (counted outside a lock, most went through on PostgreSQL)', async () => {
    const learner = await signUp();
    expect((await post('/api/start-trial', learner.idToken)).statusCode).toBe(200);
    const userId = await userIdOf(learner.localId);
    const now = new Date();
    await server.database.db
      .insertInto('custom_scenarios')
      .values(Array.from({ length: 49 }, (_, i) => ({ user_id: userId, title: `場面${i}`, description: '空港で使う英語', created_at: now, updated_at: now })))
      .execute();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/api/trpc/scenarios.create', learner.idToken, { title: `同時${i}`, description: 'ホテルのチェックイン' })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    const unexpected = results.filter((r) => r.statusCode !== 200 && r.statusCode !== 400).map((r) => `${r.statusCode} ${r.body}`);
    expect(statuses, unexpected.join('\n')).toEqual([200, ...Array<number>(29).fill(400)]);
    for (const r of results.filter((r) => r.statusCode === 400)) expect(messageOf(r)).toBe(SCENARIO_TEXT.limit);
    const stored = await server.database.db.selectFrom('custom_scenarios').select('id').where('user_id', '=', userId).execute();
    expect(stored).toHaveLength(50);
    // Deleting one makes room for one again.
    const list = await server.app.inject({ method: 'GET', url: '/api/trpc/scenarios.list', headers: bearer(learner.idToken) });
    const first = (list.json() as { result: { data: { id: string }[] } }).result.data[0];
    expect((await post('/api/trpc/scenarios.delete', learner.idToken, { id: first?.id })).statusCode).toBe(200);
    expect((await post('/api/trpc/scenarios.create', learner.idToken, { title: '再作成', description: 'ホテルのチェックイン' })).statusCode).toBe(200);
    expect((await post('/api/trpc/scenarios.create', learner.idToken, { title: '超過', description: 'ホテルのチェックイン' })).statusCode).toBe(400);
  });
});

describe('a learner whose plan ended', () => {
  it('cannot have old answers re-checked by appeal (a grading call, with Gemini a paid one); the history stays readable', async () => {
    const learner = await signUp();
    expect((await post('/api/start-trial', learner.idToken)).statusCode).toBe(200);
    const served = await post('/api/trpc/practice.nextProblem', learner.idToken, { difficultyLevel: 'toeic' });
    const problemId = (served.json() as { result: { data: { problemId: string } } }).result.data.problemId;
    const graded = await post('/api/trpc/practice.evaluate', learner.idToken, { problemId, answer: 'An answer the grader surely does not accept.' });
    expect(graded.statusCode).toBe(200);
    const attemptId = (graded.json() as { result: { data: { attemptId: string } } }).result.data.attemptId;

    // The 7-day trial ended.
    const userId = await userIdOf(learner.localId);
    await server.database.db
      .updateTable('subscriptions')
      .set({ trial_start: new Date(Date.now() - 8 * 86_400_000) })
      .where('user_id', '=', userId)
      .execute();
    expect((await post('/api/trpc/practice.nextProblem', learner.idToken, { difficultyLevel: 'toeic' })).statusCode).toBe(403);

    const appeal = await post('/api/trpc/appeals.submit', learner.idToken, { attemptId });
    expect(appeal.statusCode).toBe(403);
    expect(messageOf(appeal)).toBe(TEXT.subscriptionRequired);
    const stored = await server.database.db.selectFrom('appeals').select('id').where('user_id', '=', userId).execute();
    expect(stored).toHaveLength(0);
    // What the learner did stays theirs to read.
    const history = await server.app.inject({ method: 'GET', url: '/api/recent-sessions', headers: bearer(learner.idToken) });
    expect(history.statusCode).toBe(200);
    const statuses = await server.app.inject({
      method: 'GET',
      url: `/api/trpc/appeals.statuses?input=${encodeURIComponent(JSON.stringify({ attemptIds: [attemptId] }))}`,
      headers: bearer(learner.idToken),
    });
    expect(statuses.statusCode).toBe(200);
  });
});

describe('the daily problem limit through every door (held)', () => {
  it('at one below the limit, a batch of 20 serves, the REST path, review and a scenario give exactly one more problem', async () => {
    const learner = await signUp();
    expect((await post('/api/start-trial', learner.idToken)).statusCode).toBe(200);
    const scenario = await post('/api/trpc/scenarios.create', learner.idToken, { title: '空港', description: '空港のチェックインで使う英語' });
    const scenarioId = (scenario.json() as { result: { data: { id: string } } }).result.data.id;
    const userId = await userIdOf(learner.localId);
    // The trial's limit is 100: 99 served today already.
    await server.database.db.insertInto('daily_usage').values({ user_id: userId, day: jstDay(new Date()), count: 99 }).execute();

    const calls = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'practice.nextProblem' : 'review.next'));
    const input = Object.fromEntries(calls.map((_, i) => [String(i), { difficultyLevel: 'toeic', requestId: `batch-request-${i}` }]));
    const batch = await post(`/api/trpc/${calls.join(',')}?batch=1`, learner.idToken, input);
    const results = batch.json() as Array<{ result?: unknown; error?: { message: string; data: { httpStatus: number } } }>;
    expect(results).toHaveLength(20);
    expect(results.filter((r) => r.result !== undefined)).toHaveLength(1);
    for (const r of results.filter((r) => r.error)) {
      expect(r.error?.data.httpStatus).toBe(429);
      expect(r.error?.message).toBe(dailyLimitMessage(100));
    }
    const others = [
      await post('/api/problem', learner.idToken, { difficultyLevel: 'toeic' }),
      await post('/api/trpc/practice.nextProblem', learner.idToken, { difficultyLevel: 'toeic' }),
      await post('/api/trpc/review.next', learner.idToken, { difficultyLevel: 'toeic' }),
      await post('/api/trpc/scenarios.nextProblem', learner.idToken, { scenarioId }),
    ];
    for (const r of others) {
      expect(r.statusCode).toBe(429);
      expect(messageOf(r)).toBe(dailyLimitMessage(100));
    }
    const usage = await server.database.db.selectFrom('daily_usage').select('count').where('user_id', '=', userId).executeTakeFirst();
    expect(usage?.count).toBe(100);
  });
});
