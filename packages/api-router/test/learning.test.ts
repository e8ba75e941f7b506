import type { LevelKey } from '@shunkan/config/levels';
import type { DbHandle } from '@shunkan/db';
import { insertAttempt } from '@shunkan/db/attempts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/session.js';
import { streakFromRuns } from '../src/domain/learning.js';
import { BANK, seedProblemBank } from '../src/services/problem-bank/index.js';
import { callerFor, errorOf, openTestDb, seedSubscriber, seedUser } from './helpers.js';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDb();
  await seedProblemBank(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

function problemOf(level: LevelKey, index = 0): string {
  const problem = BANK[level][index];
  if (!problem) throw new Error(`no bank problem ${level} ${index}`);
  return problem.id;
}

/** Stores an attempt answered at an instant (ISO, UTC) with a number of stars. */
async function attempt(user: SessionUser, at: string, rating: number, options: { level?: LevelKey; index?: number; answer?: string } = {}) {
  const level = options.level ?? 'toeic';
  return insertAttempt(handle.db, {
    userId: user.id,
    problemId: problemOf(level, options.index ?? 0),
    level,
    answer: options.answer ?? `answer at ${at}`,
    normalizedAnswer: 'x',
    rating,
    modelAnswer: 'Model answer.',
    feedback: 'フィードバック',
    errors: [],
    similarPhrases: [],
    provider: 'builtin',
    isFallback: false,
    durationMs: 4000,
    createdAt: new Date(at),
  });
}

const at = (iso: string) => () => new Date(iso);

describe(`learning record (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('counts the month in JST: 23:59 on the 31st is March, 00:00 on the 1st is April', async () => {
    const user = await seedUser(handle.db);
    await attempt(user, '2026-03-31T14:59:00.000Z', 2); // 2026-03-31 23:59 JST
    await attempt(user, '2026-03-31T15:00:00.000Z', 5); // 2026-04-01 00:00 JST
    await attempt(user, '2026-04-01T02:00:00.000Z', 4); // 2026-04-01 11:00 JST
    const april = await callerFor(handle.db, user, { now: at('2026-04-01T03:00:00.000Z') }).learning.monthlyStats();
    expect(april).toEqual({ month: '2026-04', totalProblems: 2, averageRating: 4.5, activeDays: 1 });
    // 23:59:30 JST on March 31st: still March, whose only answer is the 23:59 one.
    const march = await callerFor(handle.db, user, { now: at('2026-03-31T14:59:30.000Z') }).learning.monthlyStats();
    expect(march).toEqual({ month: '2026-03', totalProblems: 1, averageRating: 2, activeDays: 1 });
  });

  it('gives a new learner zeros and nulls, never an error', async () => {
    const caller = callerFor(handle.db, await seedUser(handle.db), { now: at('2026-04-01T03:00:00.000Z') });
    expect(await caller.learning.monthlyStats()).toEqual({ month: '2026-04', totalProblems: 0, averageRating: null, activeDays: 0 });
    expect(await caller.learning.streak()).toEqual({ currentStreak: 0, isTodayDone: false, longestStreak: 0, lastPracticeDay: null });
    expect(await caller.learning.recentSessions()).toEqual({ items: [], nextCursor: null });
    expect(await caller.learning.bookmarkedSessions()).toEqual({ items: [], nextCursor: null });
    const levels = await caller.learning.difficultyStats();
    expect(levels.levels.every((l) => l.attempts === 0 && l.averageRating === null && l.trend === null)).toBe(true);
    expect(levels.daily).toHaveLength(30);
  });

  it('counts a streak over JST days, broken by a missed day, kept while today is not practised yet', async () => {
    const user = await seedUser(handle.db);
    // Four days in a row (JST 03-24 .. 03-27), a missed day (03-28, 03-29), then three days ending
    // across midnight: 03-30, 03-31 at 23:59 and 04-01 at 00:00. In UTC the last two are one day.
    for (const day of ['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-30']) await attempt(user, `${day}T03:00:00.000Z`, 4);
    await attempt(user, '2026-03-31T14:59:00.000Z', 4);
    await attempt(user, '2026-03-31T15:00:00.000Z', 4);
    const onTheDay = await callerFor(handle.db, user, { now: at('2026-04-01T03:00:00.000Z') }).learning.streak();
    expect(onTheDay).toEqual({ currentStreak: 3, isTodayDone: true, longestStreak: 4, lastPracticeDay: '2026-04-01' });
    // 2026-04-02 08:59 JST: today not practised yet, the streak still stands.
    const nextMorning = await callerFor(handle.db, user, { now: at('2026-04-01T23:59:00.000Z') }).learning.streak();
    expect(nextMorning).toMatchObject({ currentStreak: 3, isTodayDone: false, longestStreak: 4 });
    // 2026-04-03 00:00 JST: all of 04-02 was missed.
    const missed = await callerFor(handle.db, user, { now: at('2026-04-02T15:00:00.000Z') }).learning.streak();
    expect(missed).toMatchObject({ currentStreak: 0, isTodayDone: false, longestStreak: 4 });
    // One minute earlier (04-02 23:59 JST) the streak was still alive.
    const lastMinute = await callerFor(handle.db, user, { now: at('2026-04-02T14:59:00.000Z') }).learning.streak();
    expect(lastMinute).toMatchObject({ currentStreak: 3, isTodayDone: false });
  });

  it('computes streaks from runs of days (unit), across month, year and leap-day boundaries', () => {
    expect(streakFromRuns({ longest: 0, lastRunEnd: null, lastRunLength: 0 }, '2026-01-01').currentStreak).toBe(0);
    expect(streakFromRuns({ longest: 5, lastRunEnd: '2026-01-01', lastRunLength: 2 }, '2026-01-01')).toEqual({ currentStreak: 2, isTodayDone: true, longestStreak: 5, lastPracticeDay: '2026-01-01' });
    expect(streakFromRuns({ longest: 3, lastRunEnd: '2024-02-29', lastRunLength: 3 }, '2024-03-01')).toMatchObject({ currentStreak: 3, isTodayDone: false });
    expect(streakFromRuns({ longest: 3, lastRunEnd: '2024-02-28', lastRunLength: 3 }, '2024-03-01').currentStreak).toBe(0);
  });

  it('finds runs of days across a year and a leap day in the database', async () => {
    const user = await seedUser(handle.db);
    for (const at of ['2023-12-30T03:00:00.000Z', '2023-12-31T03:00:00.000Z', '2024-01-01T03:00:00.000Z', '2024-02-28T03:00:00.000Z', '2024-02-29T03:00:00.000Z']) await attempt(user, at, 3);
    const streak = await callerFor(handle.db, user, { now: at('2024-03-01T03:00:00.000Z') }).learning.streak();
    expect(streak).toEqual({ currentStreak: 2, isTodayDone: false, longestStreak: 3, lastPracticeDay: '2024-02-29' });
  });

  it('gives per-level attempts, averages and the trend of the last 7 JST days against the 7 before', async () => {
    const user = await seedUser(handle.db);
    // toeic: previous week average 2, last week average 4 -> up.
    await attempt(user, '2026-04-03T03:00:00.000Z', 2);
    await attempt(user, '2026-04-04T03:00:00.000Z', 2);
    await attempt(user, '2026-04-10T03:00:00.000Z', 4);
    await attempt(user, '2026-04-14T14:59:00.000Z', 4); // 04-14 23:59 JST, today
    // middle-school: previous 5, recent 3 -> down. high-school: only recent -> no trend.
    await attempt(user, '2026-04-05T03:00:00.000Z', 5, { level: 'middle-school' });
    await attempt(user, '2026-04-12T03:00:00.000Z', 3, { level: 'middle-school' });
    await attempt(user, '2026-04-12T04:00:00.000Z', 1, { level: 'high-school' });
    await attempt(user, '2026-04-12T05:00:00.000Z', 2, { level: 'high-school' });
    const stats = await callerFor(handle.db, user, { now: at('2026-04-14T14:59:30.000Z') }).learning.difficultyStats();
    const byLevel = Object.fromEntries(stats.levels.map((l) => [l.difficultyLevel, l]));
    expect(byLevel.toeic).toEqual({ difficultyLevel: 'toeic', attempts: 4, averageRating: 3, recentAverage: 4, previousAverage: 2, trend: 'up' });
    expect(byLevel['middle-school']).toMatchObject({ attempts: 2, averageRating: 4, trend: 'down' });
    expect(byLevel['high-school']).toMatchObject({ attempts: 2, averageRating: 1.5, recentAverage: 1.5, previousAverage: null, trend: null });
    expect(byLevel['basic-verbs']).toMatchObject({ attempts: 0, averageRating: null, trend: null });
    expect(stats.daily.at(-1)).toEqual({ day: '2026-04-14', attempts: 1, averageRating: 4 });
    expect(stats.daily.find((d) => d.day === '2026-04-12')).toEqual({ day: '2026-04-12', attempts: 3, averageRating: 2 });
    // One minute later it is 04-15 JST: 04-14's answer moves one place left in the chart.
    const tomorrow = await callerFor(handle.db, user, { now: at('2026-04-14T15:00:00.000Z') }).learning.difficultyStats();
    expect(tomorrow.daily.at(-1)).toEqual({ day: '2026-04-15', attempts: 0, averageRating: null });
  });

  it('pages the history newest first with its answer, stars and model answer, and only the learner\'s own', async () => {
    const user = await seedUser(handle.db);
    const other = await seedUser(handle.db);
    for (let i = 0; i < 5; i += 1) await attempt(user, `2026-05-01T0${i}:00:00.000Z`, (i % 5) + 1, { answer: `answer ${i}`, index: i });
    await attempt(other, '2026-05-01T09:00:00.000Z', 5, { answer: 'not mine' });
    const caller = callerFor(handle.db, user);
    const first = await caller.learning.recentSessions({ limit: 2 });
    expect(first.items.map((s) => s.userTranslation)).toEqual(['answer 4', 'answer 3']);
    expect(first.items[0]).toMatchObject({
      japaneseSentence: BANK.toeic[4]?.japanese,
      difficultyLevel: 'toeic',
      rating: 5,
      modelAnswer: 'Model answer.',
      durationMs: 4000,
      isBookmarked: false,
      isLate: false,
      createdAt: '2026-05-01T04:00:00.000Z',
    });
    expect(first.nextCursor).not.toBeNull();
    const second = await caller.learning.recentSessions({ limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((s) => s.userTranslation)).toEqual(['answer 2', 'answer 1']);
    const third = await caller.learning.recentSessions({ limit: 2, cursor: second.nextCursor ?? undefined });
    expect(third).toMatchObject({ items: [{ userTranslation: 'answer 0' }], nextCursor: null });
    expect(await errorOf(caller.learning.recentSessions({ cursor: 'garbage' }))).toEqual({ code: 'BAD_REQUEST', message: 'ページの指定が正しくありません。' });
  });

  it('lists bookmarked sessions toggled from the result card', async () => {
    const user = await seedSubscriber(handle.db);
    const caller = callerFor(handle.db, user);
    const kept = await attempt(user, '2026-05-02T01:00:00.000Z', 2, { answer: 'keep me' });
    await attempt(user, '2026-05-02T02:00:00.000Z', 5, { answer: 'not kept' });
    await caller.practice.setBookmark({ attemptId: kept.id, isBookmarked: true });
    const bookmarks = await caller.learning.bookmarkedSessions();
    expect(bookmarks.items.map((s) => [s.userTranslation, s.isBookmarked])).toEqual([['keep me', true]]);
    await caller.practice.setBookmark({ attemptId: kept.id, isBookmarked: false });
    expect((await caller.learning.bookmarkedSessions()).items).toEqual([]);
  });

  it('reports weeks and grammar points to premium and trial learners; standard is refused in Japanese', async () => {
    const premium = await seedSubscriber(handle.db, 'premium');
    await attempt(premium, '2026-04-06T03:00:00.000Z', 2, { index: 0 }); // Monday 04-06
    await attempt(premium, '2026-04-12T14:59:00.000Z', 4, { index: 0 }); // Sunday 04-12 23:59 JST
    await attempt(premium, '2026-04-12T15:00:00.000Z', 5, { index: 1 }); // Monday 04-13 00:00 JST
    const report = await callerFor(handle.db, premium, { now: at('2026-04-14T03:00:00.000Z') }).learning.progressReport();
    expect(report.weeks).toHaveLength(12);
    expect(report.weeks.at(-2)).toEqual({ weekStart: '2026-04-06', attempts: 2, averageRating: 3 });
    expect(report.weeks.at(-1)).toEqual({ weekStart: '2026-04-13', attempts: 1, averageRating: 5 });
    const points = new Map(report.grammarPoints.map((p) => [p.grammarPoint, p]));
    expect(points.get(BANK.toeic[0]?.grammarPoint ?? '')?.attempts).toBeGreaterThanOrEqual(2);

    const trial = await seedSubscriber(handle.db, 'trial');
    expect((await callerFor(handle.db, trial).learning.progressReport()).weeks).toHaveLength(12);
    const standard = await seedSubscriber(handle.db, 'standard');
    expect(await errorOf(callerFor(handle.db, standard).learning.progressReport())).toEqual({ code: 'FORBIDDEN', message: 'この機能はプレミアムプランでご利用いただけます。' });
  });

  it('keeps the learner\'s daily goal and counts today\'s answers in JST', async () => {
    const user = await seedUser(handle.db);
    const caller = callerFor(handle.db, user, { now: at('2026-06-01T15:30:00.000Z') }); // 06-02 00:30 JST
    expect(await caller.learning.dailyGoal()).toEqual({ dailyGoal: null, answeredToday: 0 });
    await attempt(user, '2026-06-01T14:59:00.000Z', 3); // yesterday in JST
    await attempt(user, '2026-06-01T15:00:00.000Z', 3);
    await attempt(user, '2026-06-01T15:10:00.000Z', 3, { level: 'basic-verbs' });
    expect(await caller.learning.setDailyGoal({ dailyGoal: 10 })).toEqual({ dailyGoal: 10, answeredToday: 2 });
    expect((await errorOf(caller.learning.setDailyGoal({ dailyGoal: 0 })))?.code).toBe('BAD_REQUEST');
    expect((await errorOf(caller.learning.setDailyGoal({ dailyGoal: 101 })))?.code).toBe('BAD_REQUEST');
    expect(await caller.learning.setDailyGoal({ dailyGoal: null })).toEqual({ dailyGoal: null, answeredToday: 2 });
  });

  it('adds a graded practice answer to the record at once', async () => {
    const user = await seedSubscriber(handle.db);
    const caller = callerFor(handle.db, user);
    const problem = await caller.practice.nextProblem({ difficultyLevel: 'basic-verbs' });
    const bank = BANK['basic-verbs'].find((p) => p.id === problem.problemId);
    await caller.practice.evaluate({ problemId: problem.problemId, answer: bank?.answers[0] ?? 'x', durationMs: 3000 });
    expect(await caller.learning.monthlyStats()).toMatchObject({ totalProblems: 1, averageRating: 5 });
    expect(await caller.learning.streak()).toMatchObject({ currentStreak: 1, isTodayDone: true });
    const history = await caller.learning.recentSessions();
    expect(history.items[0]).toMatchObject({ problemId: problem.problemId, japaneseSentence: problem.japaneseSentence, rating: 5, durationMs: 3000 });
  });

  it('timer mode: an answer after the chosen limit is graded but marked late, and the time taken is stored', async () => {
    const user = await seedSubscriber(handle.db);
    const caller = callerFor(handle.db, user);
    const answerOf = (problemId: string) => BANK['basic-verbs'].find((p) => p.id === problemId)?.answers[0] ?? 'x';
    const late = await caller.practice.nextProblem({ difficultyLevel: 'basic-verbs' });
    const lateResult = await caller.practice.evaluate({ problemId: late.problemId, answer: answerOf(late.problemId), durationMs: 4500, timeLimitMs: 3000 });
    expect(lateResult).toMatchObject({ rating: 5, isLate: true, timeLimitMs: 3000, durationMs: 4500 });
    const inTime = await caller.practice.nextProblem({ difficultyLevel: 'basic-verbs' });
    const inTimeResult = await caller.practice.evaluate({ problemId: inTime.problemId, answer: answerOf(inTime.problemId), durationMs: 2999, timeLimitMs: 3000 });
    expect(inTimeResult).toMatchObject({ isLate: false, timeLimitMs: 3000, durationMs: 2999 });
    const history = await caller.learning.recentSessions();
    expect(history.items.map((s) => [s.isLate, s.timeLimitMs, s.durationMs])).toEqual([
      [false, 3000, 2999],
      [true, 3000, 4500],
    ]);
    // Limits outside 3-10 seconds are refused.
    expect((await errorOf(caller.practice.evaluate({ problemId: inTime.problemId, answer: 'x', timeLimitMs: 2000 })))?.code).toBe('BAD_REQUEST');
    expect((await errorOf(caller.practice.evaluate({ problemId: inTime.problemId, answer: 'x', timeLimitMs: 11_000 })))?.code).toBe('BAD_REQUEST');
  });

  it('refuses the record to guests and unverified accounts', async () => {
    expect((await errorOf(callerFor(handle.db, null).learning.monthlyStats()))?.code).toBe('UNAUTHORIZED');
    const unverified = await seedUser(handle.db, { emailVerified: false });
    expect((await errorOf(callerFor(handle.db, unverified).learning.recentSessions()))?.code).toBe('FORBIDDEN');
  });
});
