import { updateSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { emulatorAdmin, requests, signUp, startTestServer } from './harness.js';

let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const { get, post } = requests(() => server);

async function learner(type: 'standard' | 'premium'): Promise<string> {
  const account = await signUp();
  await get('/api/auth/user', account.idToken);
  const user = await findUserByFirebaseUid(server.database.db, account.localId);
  if (!user) throw new Error('user record missing');
  await updateSubscription(server.database.db, user.id, { status: 'active', type, plan_id: null, interval: 'month', current_period_end: new Date(Date.now() + 86_400_000 * 30) });
  return account.idToken;
}

const LEARNING_PATHS = ['/api/monthly-stats', '/api/streak', '/api/difficulty-stats', '/api/recent-sessions', '/api/bookmarked-sessions', '/api/daily-count-removed', '/api/progress-report'];

describe('learning record over REST (spec section 7)', () => {
  it('refuses guests on every path with 401', async () => {
    for (const url of LEARNING_PATHS) expect((await get(url)).statusCode, url).toBe(401);
  });

  it('serves my page\'s data sets after an answer, history paged by query string', async () => {
    const token = await learner('premium');
    const problem = (await post('/api/problem', token, { difficultyLevel: 'toeic' })).json() as { japaneseSentence: string };
    const graded = await post('/api/evaluate-with-claude', token, { japaneseSentence: problem.japaneseSentence, userTranslation: 'I think so.', difficultyLevel: 'toeic' });
    const { rating } = graded.json() as { rating: number };

    expect((await get('/api/monthly-stats', token)).json()).toMatchObject({ totalProblems: 1, averageRating: rating });
    expect((await get('/api/streak', token)).json()).toMatchObject({ currentStreak: 1, isTodayDone: true, longestStreak: 1 });
    const levels = (await get('/api/difficulty-stats', token)).json() as { levels: { difficultyLevel: string; attempts: number }[] };
    expect(levels.levels.find((l) => l.difficultyLevel === 'toeic')?.attempts).toBe(1);
    const history = (await get('/api/recent-sessions?limit=1', token)).json() as { items: { japaneseSentence: string; userTranslation: string }[] };
    expect(history.items).toEqual([expect.objectContaining({ japaneseSentence: problem.japaneseSentence, userTranslation: 'I think so.' })]);
    expect((await get('/api/bookmarked-sessions', token)).json()).toEqual({ items: [], nextCursor: null });
    expect((await get('/api/daily-count-removed', token)).json()).toMatchObject({ servedToday: 1 });
    expect((await get('/api/progress-report', token)).statusCode).toBe(200);
  });

  it('answers my page\'s whole tRPC batch (a path longer than Fastify\'s default parameter limit)', async () => {
    const token = await learner('standard');
    const names = ['monthlyStats', 'streak', 'difficultyStats', 'dailyGoal', 'recentSessions', 'bookmarkedSessions'].map((n) => `learning.${n}`);
    const paths = [...names, 'subscription.current', 'plans.list', 'billing.details'].join(',');
    const input = encodeURIComponent(JSON.stringify({ 4: { limit: 10, cursor: null, direction: 'forward' }, 5: { limit: 10, cursor: null, direction: 'forward' } }));
    const response = await get(`/api/trpc/${paths}?batch=1&input=${input}`, token);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<{ result?: unknown }>;
    expect(body).toHaveLength(9);
    expect(body.every((item) => item.result)).toBe(true);
  });

  it('answers bad paging with 400 in Japanese and the premium report to standard with 403 in Japanese', async () => {
    const token = await learner('standard');
    const bad = await get('/api/recent-sessions?limit=500', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: '入力内容が正しくありません。' });
    const badCursor = await get('/api/recent-sessions?cursor=nope', token);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ message: 'ページの指定が正しくありません。' });
    const report = await get('/api/progress-report', token);
    expect(report.statusCode).toBe(403);
    expect(report.json()).toMatchObject({ message: 'この機能はプレミアムプランでご利用いただけます。' });
  });

  it('custom scenarios: GET, POST, PUT and DELETE (JSON content type, empty body) on the spec\'s paths; 404 for another learner, 403 for standard', async () => {
    const token = await learner('premium');
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, as: string, body?: unknown) =>
      server.app.inject({ method, url, headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' }, payload: body === undefined ? '' : JSON.stringify(body) });
    const created = await send('POST', '/api/custom-scenarios', token, { title: 'ホテル', description: 'チェックインの会話' });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: string };
    expect((await get('/api/custom-scenarios', token)).json()).toEqual([expect.objectContaining({ id, title: 'ホテル', description: 'チェックインの会話' })]);
    const updated = await send('PUT', `/api/custom-scenarios/${id}`, token, { title: 'ホテルで', description: 'チェックアウト' });
    expect(updated.json()).toMatchObject({ id, title: 'ホテルで' });

    const intruder = await learner('premium');
    const stolen = await send('DELETE', `/api/custom-scenarios/${id}`, intruder);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ message: 'シナリオが見つかりません。' });
    expect((await send('PUT', `/api/custom-scenarios/${id}`, intruder, { title: 'x', description: 'y' })).statusCode).toBe(404);
    expect((await send('PUT', '/api/custom-scenarios/not-a-uuid', token, { title: 'x', description: 'y' })).statusCode).toBe(400);
    expect((await send('POST', '/api/custom-scenarios', token, { title: '', description: 'y' })).json()).toMatchObject({ message: '入力内容が正しくありません。' });

    const deleted = await send('DELETE', `/api/custom-scenarios/${id}`, token);
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/custom-scenarios', token)).json()).toEqual([]);

    const standard = await learner('standard');
    const refused = await send('POST', '/api/custom-scenarios', standard, { title: 't', description: 'd' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'この機能はプレミアムプランでご利用いただけます。' });
  });
});

describe('the appeal loop over HTTP keeps the grade the learner appealed (issue 12, item 6)', () => {
  it('an accepted appeal shows the learner and the admin queue both the original and the regraded grade', async () => {
    const token = await learner('premium');
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    await get('/api/auth/user', admin.idToken);

    const problem = (await post('/api/problem', token, { difficultyLevel: 'middle-school' })).json() as { japaneseSentence: string };
    const answer = 'A silver tram hums past the quiet bakery at dawn.';
    const graded = (await post('/api/evaluate-with-claude', token, { japaneseSentence: problem.japaneseSentence, userTranslation: answer, difficultyLevel: 'middle-school' })).json() as {
      attemptId: string;
      rating: number;
      feedback: string;
      modelAnswer: string;
    };
    expect(graded.rating).toBeLessThan(5);
    const submitted = await post('/api/trpc/appeals.submit', token, { attemptId: graded.attemptId });
    expect(submitted.statusCode).toBe(200);
    const appealId = (submitted.json() as { result: { data: { appeal: { id: string } } } }).result.data.appeal.id;
    expect((await post('/api/trpc/admin.appeals.decide', admin.idToken, { appealId, decision: 'accept' })).statusCode).toBe(200);

    type Verdict = { rating: number; feedback: string; closestAnswer: string };
    type Appeal = { id: string; status: string; originalRating: number; original: Verdict | null; regraded: Verdict | null };
    const statuses = await get(`/api/trpc/appeals.statuses?input=${encodeURIComponent(JSON.stringify({ attemptIds: [graded.attemptId] }))}`, token);
    expect(statuses.statusCode).toBe(200);
    const [state] = (statuses.json() as { result: { data: Appeal[] } }).result.data;
    expect(state).toMatchObject({ id: appealId, status: 'accepted', originalRating: graded.rating, original: { rating: graded.rating, closestAnswer: graded.modelAnswer }, regraded: { rating: 5 } });
    expect(graded.feedback).toContain(state?.original?.feedback.split('\n')[0] ?? '—');

    const queue = await get(`/api/trpc/admin.appeals.list?input=${encodeURIComponent(JSON.stringify({ status: 'accepted' }))}`, admin.idToken);
    const item = (queue.json() as { result: { data: { items: Appeal[] } } }).result.data.items.find((a) => a.id === appealId);
    expect(item).toMatchObject({ original: { rating: graded.rating, closestAnswer: graded.modelAnswer }, regraded: { rating: 5 } });
    // History shows the regraded attempt.
    const history = (await get('/api/recent-sessions?limit=1', token)).json() as { items: { rating: number }[] };
    expect(history.items[0]?.rating).toBe(5);
  });
});
