import { randomUUID } from 'node:crypto';
import { ANSWER_TEXT } from '@shunkan/config/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { dataOf, requests, signUp, startTestServer } from './harness.js';

// An answer is stored once, whatever the network does (decision 064): a repeated submission id is
// answered with the first evaluation, nothing stored, counted or graded again. On PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL (where the concurrent repeats really race).
let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MIN: '10000', RATE_LIMIT_AI_PER_MIN: '10000', RATE_LIMIT_AUTH_PER_MIN: '10000' });
});
afterAll(async () => {
  await server?.stop();
});

const { call, post, userIdOf } = requests(() => server);

/** A learner on the trial with a problem served. */
async function learnerWithProblem() {
  const account = await signUp();
  expect((await post('/api/start-trial', account.idToken)).statusCode).toBe(200);
  const served = await call('POST', '/api/trpc/practice.nextProblem', account.idToken, { difficultyLevel: 'toeic' });
  expect(served.status).toBe(200);
  const problem = (served.body.result as { data: { problemId: string; japaneseSentence: string } }).data;
  return { token: account.idToken, userId: await userIdOf(account.localId), problem };
}

/** What the learner's answers left: attempts, the daily summary's count and the review card's reps. */
async function storedFor(userId: string) {
  const db = server.database.db;
  const attempts = await db.selectFrom('attempts').select(['id', 'submission_id']).where('user_id', '=', userId).execute();
  const days = await db.selectFrom('learning_days').select(['attempts', 'rating_sum']).where('user_id', '=', userId).execute();
  const cards = await db.selectFrom('review_cards').select(['reps']).where('user_id', '=', userId).execute();
  return {
    attempts: attempts.length,
    summarised: days.reduce((sum, d) => sum + d.attempts, 0),
    cards: cards.map((c) => c.reps),
  };
}

const evaluate = (token: string, input: object) => post('/api/trpc/practice.evaluate', token, input);

describe(`the same answer sent again (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('is stored once and answered with the same body: one attempt, counted once in the summary and the review card', async () => {
    const { token, userId, problem } = await learnerWithProblem();
    const submissionId = randomUUID();
    // A weak answer: the problem enters the review queue (a card with one review).
    const input = { problemId: problem.problemId, answer: 'I do not know.', durationMs: 4000, submissionId };
    const first = await evaluate(token, input);
    expect(first.statusCode).toBe(200);
    const firstBody = dataOf<{ attemptId: string; rating: number; diff: unknown[] }>(first);
    expect(firstBody.rating).toBeLessThanOrEqual(3);
    const again = await evaluate(token, input);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.body).toBe(first.body);
    expect(await storedFor(userId)).toEqual({ attempts: 1, summarised: 1, cards: [1] });

    // A retry is recognised by its id alone: a changed duration (the client's clock) is the same answer.
    const retried = await evaluate(token, { ...input, durationMs: 9000 });
    expect(dataOf<{ attemptId: string }>(retried).attemptId).toBe(firstBody.attemptId);
    expect(await storedFor(userId)).toEqual({ attempts: 1, summarised: 1, cards: [1] });
  });

  it('sent ten times at once is stored once; every request gets the first evaluation', async () => {
    const { token, userId, problem } = await learnerWithProblem();
    const input = { problemId: problem.problemId, answer: 'I do not know.', submissionId: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => evaluate(token, input)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map((a) => a.json() as unknown);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await storedFor(userId)).toEqual({ attempts: 1, summarised: 1, cards: [1] });
  });

  it('with different ids, or none (an old client), is two answers', async () => {
    const { token, userId, problem } = await learnerWithProblem();
    const answer = { problemId: problem.problemId, answer: 'I do not know.' };
    const a = dataOf<{ attemptId: string }>(await evaluate(token, { ...answer, submissionId: randomUUID() }));
    const b = dataOf<{ attemptId: string }>(await evaluate(token, { ...answer, submissionId: randomUUID() }));
    expect(a.attemptId).not.toBe(b.attemptId);
    expect(await storedFor(userId)).toEqual({ attempts: 2, summarised: 2, cards: [2] });
    await evaluate(token, answer);
    await evaluate(token, answer);
    expect(await storedFor(userId)).toEqual({ attempts: 4, summarised: 4, cards: [4] });
  });

  it('is one submission per learner: another learner may use the same id', async () => {
    const one = await learnerWithProblem();
    const two = await learnerWithProblem();
    const submissionId = randomUUID();
    const mine = dataOf<{ attemptId: string }>(await evaluate(one.token, { problemId: one.problem.problemId, answer: 'I do not know.', submissionId }));
    const theirs = dataOf<{ attemptId: string }>(await evaluate(two.token, { problemId: two.problem.problemId, answer: 'I do not know.', submissionId }));
    expect(mine.attemptId).not.toBe(theirs.attemptId);
    expect((await storedFor(one.userId)).attempts).toBe(1);
    expect((await storedFor(two.userId)).attempts).toBe(1);
  });

  it('over REST (POST /api/evaluate-with-claude with the spec body) is stored once too; a bad id is a 400 in Japanese', async () => {
    const { token, userId, problem } = await learnerWithProblem();
    const body = { japaneseSentence: problem.japaneseSentence, userTranslation: 'I do not know.', difficultyLevel: 'toeic', submissionId: randomUUID() };
    const first = await call('POST', '/api/evaluate-with-claude', token, body);
    expect(first.status).toBe(200);
    const again = await call('POST', '/api/evaluate-with-claude', token, body);
    expect(again).toEqual(first);
    expect(await storedFor(userId)).toEqual({ attempts: 1, summarised: 1, cards: [1] });
    // The tRPC door with the same id is the same submission.
    const trpc = await evaluate(token, { problemId: problem.problemId, answer: 'I do not know.', submissionId: body.submissionId });
    expect(dataOf(trpc)).toEqual(first.body);

    for (const submissionId of ['not-a-uuid', 42, '']) {
      const refused = await call('POST', '/api/evaluate-with-claude', token, { ...body, submissionId });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('入力内容が正しくありません。');
      expect(refused.body.fieldErrors).toEqual([{ path: 'submissionId', message: ANSWER_TEXT.submissionId }]);
    }
    expect((await storedFor(userId)).attempts).toBe(1);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await call('GET', '/api/openapi.json', null)).body as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> } }>> };
    const properties = document.paths['/api/evaluate-with-claude']?.post?.requestBody?.content['application/json']?.schema.properties;
    expect(properties?.submissionId).toMatchObject({ format: 'uuid' });
  });
});
