import { jstDay } from '@shunkan/config/time';
import { updateSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { requests, signUp, startTestServer } from './harness.js';

let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer({ DAILY_LIMIT_STANDARD: '3' });
});
afterAll(async () => {
  await server?.stop();
});

const { post } = requests(() => server);

/** A verified learner with an active standard subscription (set on the server side). */
async function subscribedLearner(): Promise<{ token: string; userId: string }> {
  const account = await signUp();
  // The first authenticated request creates our user record.
  await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${account.idToken}` } });
  const user = await findUserByFirebaseUid(server.database.db, account.localId);
  if (!user) throw new Error('user record missing');
  // Plan rows (if seeded) carry their own limit; this test uses a plan id outside the catalogue so the configured limit applies.
  await updateSubscription(server.database.db, user.id, { status: 'active', type: 'standard', plan_id: null, interval: 'month', current_period_end: new Date(Date.now() + 86_400_000 * 30) });
  return { token: account.idToken, userId: user.id };
}

describe('practice over REST (spec section 7)', () => {
  it('POST /api/problem and /api/evaluate-with-claude work with the spec bodies', async () => {
    const { token } = await subscribedLearner();
    const problem = await post('/api/problem', token, { difficultyLevel: 'toeic' });
    expect(problem.statusCode).toBe(200);
    const { japaneseSentence } = problem.json() as { japaneseSentence: string };
    expect(japaneseSentence.length).toBeGreaterThan(1);

    const graded = await post('/api/evaluate-with-claude', token, { japaneseSentence, userTranslation: 'This is my answer.', difficultyLevel: 'toeic' });
    expect(graded.statusCode).toBe(200);
    const body = graded.json() as { rating: number; modelAnswer: string; feedback: string; similarPhrases: string[] };
    expect(body.rating).toBeGreaterThanOrEqual(1);
    expect(body.rating).toBeLessThanOrEqual(5);
    expect(body.modelAnswer.length).toBeGreaterThan(0);
    expect(body.feedback.length).toBeGreaterThan(0);
    expect(Array.isArray(body.similarPhrases)).toBe(true);
  });

  it('answers 429 with the message naming the limit once the day is used up', async () => {
    const { token } = await subscribedLearner();
    for (let i = 0; i < 3; i += 1) expect((await post('/api/problem', token, { difficultyLevel: 'middle-school' })).statusCode).toBe(200);
    const limited = await post('/api/problem', token, { difficultyLevel: 'middle-school' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      message: "Today's study complete: the maximum number of questions today (3) has been reached. Please try again tomorrow.",
    });
  });

  it('answers 403 with the subscription-required text to a learner without a plan, 400 to bad input', async () => {
    const account = await signUp();
    const refused = await post('/api/problem', account.idToken, { difficultyLevel: 'toeic' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'AI瞬間英作文チャットをご利用いただくには、アクティブなサブスクリプションが必要です。' });

    const { token, userId } = await subscribedLearner();
    expect((await post('/api/problem', token, { difficultyLevel: 'klingon' })).statusCode).toBe(400);
    expect((await post('/api/evaluate-with-claude', token, { japaneseSentence: 'x', userTranslation: '' })).statusCode).toBe(400);
    const usage = await server.database.db.selectFrom('daily_usage').selectAll().where('user_id', '=', userId).where('day', '=', jstDay(new Date())).executeTakeFirst();
    expect(usage).toBeUndefined();
  });
});
