import { googleErrorReply, jsonReply, startFakeGemini, type FakeGeminiServer } from '@shunkan/api-router/services/ai/fake-gemini-server';
import { AI_EVALUATION } from '@shunkan/api-router/services/ai/test-fixtures';
import { updateSubscription } from '@shunkan/db/subscriptions';
import { findUserByFirebaseUid } from '@shunkan/db/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { requests, signUp, startTestServer } from './harness.js';

// The whole server with GEMINI_API_KEY set, its SDK pointed at a local server speaking the Gemini REST
// protocol: a Gemini failure must reach the learner as a built-in grade with a visible notice.
let gemini: FakeGeminiServer;
let server: ServerHandle;
beforeAll(async () => {
  gemini = await startFakeGemini();
  server = await startTestServer({ GEMINI_API_KEY: 'fake-test-key', GEMINI_BASE_URL: gemini.baseUrl, GEMINI_TIMEOUT_MS: '3000' });
});
afterAll(async () => {
  await server?.stop();
  await gemini?.close();
});

const { post } = requests(() => server);

type Graded = { rating: number; modelAnswer: string; provider: string; isFallback: boolean; fallbackNotice: string | null };

describe('Gemini grading over HTTP', () => {
  it('falls back to the built-in evaluator with a notice when Gemini fails, and uses Gemini when it answers', async () => {
    const account = await signUp();
    await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${account.idToken}` } });
    const user = await findUserByFirebaseUid(server.database.db, account.localId);
    if (!user) throw new Error('user record missing');
    await updateSubscription(server.database.db, user.id, { status: 'active', type: 'standard', interval: 'month', current_period_end: new Date(Date.now() + 30 * 86_400_000) });

    const problem = await post('/api/problem', account.idToken, { difficultyLevel: 'middle-school' });
    expect(problem.statusCode).toBe(200);
    const { japaneseSentence } = problem.json() as { japaneseSentence: string };

    gemini.setReply(googleErrorReply(500, 'INTERNAL', 'simulated outage'));
    const fallback = await post('/api/evaluate-with-claude', account.idToken, { japaneseSentence, userTranslation: 'I am a teacher of English.', difficultyLevel: 'middle-school' });
    expect(fallback.statusCode).toBe(200);
    const fallbackBody = fallback.json() as Graded;
    expect(fallbackBody).toMatchObject({ provider: 'builtin', isFallback: true });
    expect(fallbackBody.fallbackNotice).toMatch(/標準の採点/);
    expect(gemini.requests).toHaveLength(1);

    gemini.setReply(jsonReply(AI_EVALUATION));
    const graded = await post('/api/evaluate-with-claude', account.idToken, { japaneseSentence, userTranslation: 'I am an English teacher, I think.', difficultyLevel: 'middle-school' });
    expect(graded.statusCode).toBe(200);
    expect(graded.json()).toMatchObject({ provider: 'gemini', isFallback: false, fallbackNotice: null, rating: AI_EVALUATION.rating });
    expect(gemini.requests).toHaveLength(2);
    expect(JSON.stringify(gemini.requests[1]?.body)).toContain('I am an English teacher, I think.');
  });
});
