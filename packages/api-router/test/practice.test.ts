import { TEXT } from '@shunkan/config/texts';
import { jstDay } from '@shunkan/config/time';
import type { DbHandle } from '@shunkan/db';
import { updateSubscription } from '@shunkan/db/subscriptions';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProblemBank, BANK } from '../src/services/problem-bank/index.js';
import type { SessionUser } from '../src/session.js';
import { callerFor, openTestDb, seedUser } from './helpers.js';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDb();
  await seedProblemBank(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

async function subscriber(type: 'standard' | 'premium' = 'standard'): Promise<SessionUser> {
  const user = await seedUser(handle.db);
  await updateSubscription(handle.db, user.id, {
    status: 'active',
    type,
    plan_id: type,
    interval: 'month',
    amount: type === 'standard' ? 780 : 1080,
    current_period_end: new Date(Date.now() + 30 * 86_400_000),
  });
  return user;
}

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
}

describe(`practice (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('serves a problem of the chosen level and reports the day\'s quota', async () => {
    const user = await subscriber();
    const problem = await callerFor(handle.db, user).practice.nextProblem({ difficultyLevel: 'toeic' });
    expect(problem.problemId).toMatch(/^toeic-/);
    expect(problem.japaneseSentence.length).toBeGreaterThan(1);
    expect(problem).toMatchObject({ difficultyLevel: 'toeic', servedToday: 1, dailyLimit: 50, remainingToday: 49 });
    const today = await callerFor(handle.db, user).practice.today();
    expect(today).toEqual({ servedToday: 1, dailyLimit: 50, remainingToday: 49 });
  });

  it('does not repeat a problem until the level\'s bank is exhausted', async () => {
    const admin = await seedUser(handle.db, { isAdmin: true });
    const caller = callerFor(handle.db, admin);
    const size = BANK['middle-school'].length;
    const seen = new Set<string>();
    for (let i = 0; i < size; i += 1) seen.add((await caller.practice.nextProblem({ difficultyLevel: 'middle-school' })).problemId);
    expect(seen.size).toBe(size);
    // After the bank is exhausted a new cycle starts, never with one of the last problems served.
    const next = await caller.practice.nextProblem({ difficultyLevel: 'middle-school' });
    expect(next.problemId).toMatch(/^middle-school-/);
  }, 120_000);

  it('refuses learners without an active subscription or trial', async () => {
    const learner = await seedUser(handle.db);
    const result = await codeOf(callerFor(handle.db, learner).practice.nextProblem({ difficultyLevel: 'toeic' }));
    expect(result).toEqual({ code: 'FORBIDDEN', message: TEXT.subscriptionRequired });
  });

  it('answers 429 with the spec message naming the limit that applied', async () => {
    const user = await subscriber('standard');
    await handle.db.insertInto('daily_usage').values({ user_id: user.id, day: jstDay(new Date()), count: 50 }).execute();
    const result = await codeOf(callerFor(handle.db, user).practice.nextProblem({ difficultyLevel: 'toeic' }));
    expect(result?.code).toBe('TOO_MANY_REQUESTS');
    expect(result?.message).toBe("Today's study complete: the maximum number of questions today (50) has been reached. Please try again tomorrow.");
  });

  it('100 concurrent requests at limit-1 give exactly one success', async () => {
    const user = await subscriber('premium');
    await handle.db.insertInto('daily_usage').values({ user_id: user.id, day: jstDay(new Date()), count: 99 }).execute();
    const caller = callerFor(handle.db, user);
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => caller.practice.nextProblem({ difficultyLevel: 'basic-verbs' })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const limited = results.filter((r) => r.status === 'rejected' && (r.reason as TRPCError).code === 'TOO_MANY_REQUESTS');
    expect(ok).toHaveLength(1);
    expect(limited).toHaveLength(99);
    const usage = await handle.db.selectFrom('daily_usage').select('count').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(usage.count).toBe(100);
  }, 60_000);

  it('a duplicated start (same request id) returns the same problem and counts once', async () => {
    const user = await subscriber();
    const caller = callerFor(handle.db, user);
    const requestId = 'dup-request-0001';
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => caller.practice.nextProblem({ difficultyLevel: 'high-school', requestId })));
    expect(a?.problemId).toBe(b?.problemId);
    expect(b?.problemId).toBe(c?.problemId);
    expect((await caller.practice.today()).servedToday).toBe(1);
  });

  it('rolls the day over at midnight Asia/Tokyo', async () => {
    const user = await subscriber();
    const beforeMidnight = new Date('2026-05-01T14:59:00Z'); // 23:59 JST
    const afterMidnight = new Date('2026-05-01T15:00:00Z'); // 00:00 JST next day
    await handle.db.insertInto('daily_usage').values({ user_id: user.id, day: jstDay(beforeMidnight), count: 50 }).execute();
    const late = await codeOf(callerFor(handle.db, user, { now: () => beforeMidnight }).practice.nextProblem({ difficultyLevel: 'toeic' }));
    expect(late?.code).toBe('TOO_MANY_REQUESTS');
    const next = await callerFor(handle.db, user, { now: () => afterMidnight }).practice.nextProblem({ difficultyLevel: 'toeic' });
    expect(next.servedToday).toBe(1);
  });

  it('grades answers with the built-in evaluator and stores every attempt', async () => {
    const user = await subscriber();
    const caller = callerFor(handle.db, user);
    const served = await caller.practice.nextProblem({ difficultyLevel: 'middle-school' });
    const problem = BANK['middle-school'].find((p) => p.id === served.problemId);
    if (!problem) throw new Error('served problem not in bank');

    const perfect = await caller.practice.evaluate({ problemId: served.problemId, answer: problem.answers[1] ?? '', durationMs: 4200 });
    expect(perfect.rating).toBe(5);
    expect(perfect.isAlternative).toBe(true);
    expect(perfect.provider).toBe('builtin');
    expect(perfect.feedback.length).toBeGreaterThan(0);
    expect(perfect.similarPhrases.length).toBeGreaterThanOrEqual(2);

    const wrong = await caller.practice.evaluate({ problemId: served.problemId, answer: 'Banana is yellow color fruit of many.' });
    expect(wrong.rating).toBeLessThanOrEqual(2);

    const again = await caller.practice.evaluate({ problemId: served.problemId, answer: problem.answers[1] ?? '' });
    expect(again.rating).toBe(perfect.rating);
    expect(again.feedback).toBe(perfect.feedback);

    const attempts = await handle.db.selectFrom('attempts').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(attempts).toHaveLength(3);
    expect(attempts[0]).toMatchObject({ problem_id: served.problemId, level: 'middle-school', rating: 5, provider: 'builtin', duration_ms: 4200 });

    const bookmark = await caller.practice.setBookmark({ attemptId: perfect.attemptId, isBookmarked: true });
    expect(bookmark.isBookmarked).toBe(true);
    const other = await subscriber();
    expect((await codeOf(callerFor(handle.db, other).practice.setBookmark({ attemptId: perfect.attemptId, isBookmarked: true })))?.code).toBe('NOT_FOUND');
  });

  it('finds the problem by its sentence (REST body) and refuses problems never served, blank answers', async () => {
    const user = await subscriber();
    const caller = callerFor(handle.db, user);
    const served = await caller.practice.nextProblem({ difficultyLevel: 'toeic' });
    const bySentence = await caller.practice.evaluate({ japaneseSentence: served.japaneseSentence, difficultyLevel: 'toeic', answer: 'Hello.' });
    expect(bySentence.problemId).toBe(served.problemId);

    const notServed = BANK.toeic.find((p) => p.id !== served.problemId);
    expect((await codeOf(caller.practice.evaluate({ problemId: notServed?.id ?? '', answer: 'Hello.' })))?.code).toBe('NOT_FOUND');
    expect((await codeOf(caller.practice.evaluate({ problemId: served.problemId, answer: '   ' })))?.code).toBe('BAD_REQUEST');
    expect((await codeOf(caller.practice.nextProblem({ difficultyLevel: 'nope' as never })))?.code).toBe('BAD_REQUEST');
  });
});
