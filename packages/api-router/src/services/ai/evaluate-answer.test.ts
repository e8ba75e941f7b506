import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '@shunkan/db/testing';
import type { DbHandle } from '@shunkan/db';
import type { TEvaluation } from '@shunkan/evaluator/types';
import type { TBankProblem } from '@shunkan/evaluator/bank';
import { createDbEvaluationCache, evaluateAnswer, type EvaluationCache, type EvaluateAnswerInput } from './evaluate-answer';
import { googleErrorReply, jsonReply, startFakeGemini, type FakeGeminiServer } from './fake-gemini-server';
import { createGeminiProvider } from './gemini';
import { AI_EVALUATION, BUILTIN_EVALUATION, BUILTIN_EXACT_MATCH, SAMPLE_PROBLEM, insertProblemRow } from './test-fixtures';
import type { AiEvaluator } from './types';

let handle: DbHandle;
let server: FakeGeminiServer;
let ai: AiEvaluator;
let cache: EvaluationCache;

/** Test double for the built-in evaluator: 5 stars for an accepted answer, a fixed verdict otherwise. */
const builtin = {
  evaluate: vi.fn((problem: TBankProblem, answer: string): TEvaluation =>
    problem.answers.some((a) => normalize(a) === normalize(answer)) ? BUILTIN_EXACT_MATCH : BUILTIN_EVALUATION,
  ),
};

function normalize(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.!?]+$/, '');
}

function makeLog() {
  return { warn: vi.fn<(obj: object, msg: string) => void>() };
}

function input(answer: string, overrides: Partial<EvaluateAnswerInput> = {}): EvaluateAnswerInput {
  return { problem: SAMPLE_PROBLEM, answer, builtin, normalize, ai, cache, log: makeLog(), ...overrides };
}

async function cacheRows(normalizedAnswer: string) {
  return handle.db
    .selectFrom('evaluation_cache')
    .selectAll()
    .where('problem_id', '=', SAMPLE_PROBLEM.id)
    .where('normalized_answer', '=', normalizedAnswer)
    .execute();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertProblemRow(handle.db, SAMPLE_PROBLEM);
  server = await startFakeGemini();
  ai = createGeminiProvider({ apiKey: 'fake-key', model: 'gemini-2.5-flash', baseUrl: server.baseUrl, timeoutMs: 2000 }); // a deadline a loaded 2-core CI machine meets
  cache = createDbEvaluationCache(handle.db);
});

afterAll(async () => {
  await server?.close();
  await handle?.close();
});

beforeEach(() => {
  server.requests.length = 0;
  builtin.evaluate.mockClear();
});

describe('evaluateAnswer', () => {
  it('uses the built-in evaluator alone when no AI is configured', async () => {
    const result = await evaluateAnswer(input('I live here for three years.', { ai: null }));
    expect(result).toEqual({ evaluation: BUILTIN_EVALUATION, provider: 'builtin', isFallback: false, fallbackReason: null, isCached: false, normalizedAnswer: 'i live here for three years' });
    expect(server.requests).toHaveLength(0);
  });

  it('skips the AI for an exact match with an accepted answer', async () => {
    server.setReply(jsonReply(AI_EVALUATION));
    const result = await evaluateAnswer(input('I have been living here for three years.'));
    expect(result.provider).toBe('builtin');
    expect(result.evaluation.rating).toBe(5);
    expect(result.isFallback).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('asks the AI once per normalised answer and then serves the cached verdict', async () => {
    server.setReply(jsonReply(AI_EVALUATION));
    const first = await evaluateAnswer(input('I live here for three years.'));
    expect(first).toEqual({ evaluation: AI_EVALUATION, provider: 'gemini', isFallback: false, fallbackReason: null, isCached: false, normalizedAnswer: 'i live here for three years' });
    expect(server.requests).toHaveLength(1);
    expect(await cacheRows('i live here for three years')).toHaveLength(1);

    // The same answer typed differently: same stars, no second AI call.
    const second = await evaluateAnswer(input('  I live here for THREE years '));
    expect(second).toEqual({ evaluation: AI_EVALUATION, provider: 'gemini', isFallback: false, fallbackReason: null, isCached: true, normalizedAnswer: 'i live here for three years' });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['server-error', googleErrorReply(500, 'INTERNAL', 'boom')],
    ['rate-limited', googleErrorReply(429, 'RESOURCE_EXHAUSTED', 'quota exceeded')],
    ['invalid-response', jsonReply({ rating: 'great' })],
    ['timeout', { hang: true } as const],
  ])('falls back to the built-in verdict on %s, logs it and caches nothing', async (reason, reply) => {
    server.setReply(reply);
    const log = makeLog();
    const answer = `I live here since three years (${reason}).`;
    const result = await evaluateAnswer(input(answer, { log }));
    expect(result).toEqual({ evaluation: BUILTIN_EVALUATION, provider: 'builtin', isFallback: true, fallbackReason: reason, isCached: false, normalizedAnswer: normalize(answer) });
    expect(server.requests).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ problemId: SAMPLE_PROBLEM.id, provider: 'gemini', reason });
    expect(await cacheRows(normalize(answer))).toHaveLength(0);

    // Once the AI is back, the same answer gets a real AI verdict.
    server.setReply(jsonReply(AI_EVALUATION));
    const retry = await evaluateAnswer(input(answer));
    expect(retry.provider).toBe('gemini');
    expect(retry.isFallback).toBe(false);
    expect(server.requests).toHaveLength(2);
  });

  it("takes the answer's normalisation from a grader that gives it (no second normalisation) and keys the cache by it", async () => {
    server.setReply(jsonReply(AI_EVALUATION));
    const normalizeSpy = vi.fn(normalize);
    const grading = {
      evaluate: builtin.evaluate,
      grade: vi.fn((problem: TBankProblem, answer: string) => ({ evaluation: builtin.evaluate(problem, answer), normalizedAnswer: `graded ${normalize(answer)}` })),
    };
    const result = await evaluateAnswer(input('I live here for four years.', { builtin: grading, normalize: normalizeSpy }));
    expect(result).toMatchObject({ evaluation: AI_EVALUATION, provider: 'gemini', normalizedAnswer: 'graded i live here for four years' });
    expect(grading.grade).toHaveBeenCalledTimes(1);
    expect(builtin.evaluate).toHaveBeenCalledTimes(1);
    expect(normalizeSpy).not.toHaveBeenCalled();
    expect(await cacheRows('graded i live here for four years')).toHaveLength(1);
  });

  it('reports an unexpected provider exception as a fallback too', async () => {
    const log = makeLog();
    const broken: AiEvaluator = { name: 'gemini', evaluate: () => Promise.reject(new Error('bug')) };
    const result = await evaluateAnswer(input('I live here for two years.', { ai: broken, log }));
    expect(result.isFallback).toBe(true);
    expect(result.fallbackReason).toBe('unexpected-error');
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('keeps grading when the cache is unavailable', async () => {
    server.setReply(jsonReply(AI_EVALUATION));
    const log = makeLog();
    const failing: EvaluationCache = {
      get: () => Promise.reject(new Error('db down')),
      set: () => Promise.reject(new Error('db down')),
    };
    const result = await evaluateAnswer(input('I live here for four years.', { cache: failing, log }));
    expect(result.provider).toBe('gemini');
    expect(result.evaluation).toEqual(AI_EVALUATION);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('returns the first stored verdict when two identical answers race', async () => {
    const stored: TEvaluation = { ...AI_EVALUATION, rating: 4 };
    await cache.set(SAMPLE_PROBLEM.id, 'race answer', 'gemini', stored);
    // A verdict computed concurrently loses to the stored one.
    await cache.set(SAMPLE_PROBLEM.id, 'race answer', 'gemini', AI_EVALUATION);
    expect(await cache.get(SAMPLE_PROBLEM.id, 'race answer', 'gemini')).toEqual(stored);
  });
});

describe('createDbEvaluationCache', () => {
  it('keys verdicts by provider as well', async () => {
    await cache.set(SAMPLE_PROBLEM.id, 'provider key', 'gemini', AI_EVALUATION);
    expect(await cache.get(SAMPLE_PROBLEM.id, 'provider key', 'gemini')).toEqual(AI_EVALUATION);
    expect(await cache.get(SAMPLE_PROBLEM.id, 'provider key', 'builtin')).toBeUndefined();
  });

  it('ignores and removes a row that is not a valid evaluation', async () => {
    await sql`insert into evaluation_cache (problem_id, normalized_answer, provider, result)
      values (${SAMPLE_PROBLEM.id}, 'broken row', 'gemini', ${JSON.stringify({ rating: 9 })}::jsonb)`.execute(handle.db);
    expect(await cache.get(SAMPLE_PROBLEM.id, 'broken row', 'gemini')).toBeUndefined();
    expect(await cacheRows('broken row')).toHaveLength(0);
    await cache.set(SAMPLE_PROBLEM.id, 'broken row', 'gemini', AI_EVALUATION);
    expect(await cache.get(SAMPLE_PROBLEM.id, 'broken row', 'gemini')).toEqual(AI_EVALUATION);
  });
});
