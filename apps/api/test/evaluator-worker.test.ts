/**
 * Grading in the evaluator's worker thread (decision 033, on by default in production): the server is
 * ready once the worker has compiled the lattices, and an answer gets the in-process verdict.
 */
import { gradedProblem } from '@shunkan/api-router/domain/practice';
import { createEvaluatorLoader } from '@shunkan/api-router/services/practice-services';
import { findProblem } from '@shunkan/db/problems';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { signUp, startTestServer } from './harness.js';

let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer({ EVALUATOR_WORKER: 'true', DAILY_LIMIT_TRIAL: '100' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('evaluator worker', () => {
  it('is ready once the worker prepared, and grades answers as the in-process evaluator does', async () => {
    await server.evaluatorReady;
    expect((await server.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const { idToken } = await signUp();
    const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
    await server.app.inject({ method: 'GET', url: '/api/auth/user', headers });
    expect((await server.app.inject({ method: 'POST', url: '/api/start-trial', headers })).statusCode).toBe(200);
    const served = await server.app.inject({ method: 'POST', url: '/api/problem', headers, payload: JSON.stringify({ difficultyLevel: 'middle-school' }) });
    expect(served.statusCode).toBe(200);
    const { problemId } = served.json() as { problemId: string };
    const row = await findProblem(server.database.db, { problemId });
    if (!row) throw new Error('served problem missing');
    const local = (await createEvaluatorLoader()()).evaluate(await gradedProblem(server.database.db, row), 'I think this is a good answer.');
    const graded = await server.app.inject({ method: 'POST', url: '/api/evaluate-with-claude', headers, payload: JSON.stringify({ problemId, userTranslation: 'I think this is a good answer.' }) });
    expect(graded.statusCode).toBe(200);
    const body = graded.json() as { rating: number; modelAnswer: string; feedback: string; errors: unknown[] };
    expect({ rating: body.rating, modelAnswer: body.modelAnswer, feedback: body.feedback, errors: body.errors }).toEqual({
      rating: local.rating,
      modelAnswer: local.modelAnswer,
      feedback: local.feedback,
      errors: local.errors,
    });
  }, 180_000);
});
