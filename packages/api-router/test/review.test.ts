import type { DbHandle } from '@shunkan/db';
import { findReviewCard } from '@shunkan/db/reviews';
import { State } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/session.js';
import { gradeOf, LEARN_AHEAD_MS, scheduleAfterAnswer } from '../src/domain/review.js';
import { BANK, seedProblemBank } from '../src/services/problem-bank/index.js';
import { callerFor, errorOf, openTestDb, seedSubscriber } from './helpers.js';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDb();
  await seedProblemBank(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

const MINUTE = 60_000;
const DAY = 86_400_000;

function acceptedAnswer(problemId: string): string {
  const problem = Object.values(BANK)
    .flat()
    .find((p) => p.id === problemId);
  if (!problem?.answers[0]) throw new Error(`no bank problem ${problemId}`);
  return problem.answers[0];
}

/** Serves a problem of a level and answers it; returns the graded attempt. */
async function practise(user: SessionUser, answer: (problemId: string) => string, now: Date) {
  const caller = callerFor(handle.db, user, { now: () => now });
  const problem = await caller.practice.nextProblem({ difficultyLevel: 'middle-school' });
  return caller.practice.evaluate({ problemId: problem.problemId, answer: answer(problem.problemId) });
}

describe('FSRS scheduler (ts-fsrs)', () => {
  const t0 = new Date('2026-04-01T00:00:00.000Z');

  it('maps stars to grades: 1-2 Again, 3 Hard, 4 Good, 5 Easy', () => {
    expect([1, 2, 3, 4, 5].map(gradeOf)).toEqual([1, 1, 2, 3, 4]);
  });

  it('brings a forgotten answer back within the learning step and spaces a remembered one out by days', () => {
    const weak = scheduleAfterAnswer(null, 2, t0);
    expect(weak).toMatchObject({ state: State.Learning, reps: 1, lapses: 0 });
    expect(weak.due.getTime() - t0.getTime()).toBe(MINUTE);
    expect(weak.due.getTime() - t0.getTime()).toBeLessThanOrEqual(LEARN_AHEAD_MS);

    const later = new Date(t0.getTime() + 5 * MINUTE);
    const easy = scheduleAfterAnswer(weak, 5, later);
    expect(easy.state).toBe(State.Review);
    expect(easy.scheduledDays).toBeGreaterThanOrEqual(1);
    expect(easy.due.getTime() - later.getTime()).toBeGreaterThanOrEqual(DAY);

    // Forgetting a card in review is a lapse: relearning, due again within minutes.
    const forgotten = scheduleAfterAnswer(easy, 1, easy.due);
    expect(forgotten).toMatchObject({ state: State.Relearning, lapses: 1 });
    expect(forgotten.due.getTime() - easy.due.getTime()).toBeLessThanOrEqual(LEARN_AHEAD_MS);
    // A hard recall is scheduled sooner than an easy one from the same card.
    const hard = scheduleAfterAnswer(easy, 3, easy.due);
    const good = scheduleAfterAnswer(easy, 4, easy.due);
    const easier = scheduleAfterAnswer(easy, 5, easy.due);
    expect(hard.due.getTime()).toBeLessThan(good.due.getTime());
    expect(good.due.getTime()).toBeLessThan(easier.due.getTime());
  });
});

describe(`review queue (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('queues an answer rated 3 or less, serves it first in review mode and moves its card by the stars', async () => {
    const user = await seedSubscriber(handle.db, 'premium');
    const t0 = new Date('2026-04-01T01:00:00.000Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const weak = await practise(user, () => 'I do not know.', t0);
    expect(weak.rating).toBeLessThanOrEqual(3);
    const strong = await practise(user, acceptedAnswer, at(MINUTE));
    expect(strong.rating).toBe(5);
    expect(await findReviewCard(handle.db, user.id, strong.problemId)).toBeUndefined();

    const caller = (now: Date) => callerFor(handle.db, user, { now: () => now });
    expect(await caller(at(2 * MINUTE)).review.summary()).toEqual({ dueCount: 1, nextLevel: 'middle-school' });

    const review = await caller(at(2 * MINUTE)).review.next({ difficultyLevel: 'toeic' });
    expect(review).toMatchObject({ problemId: weak.problemId, isReview: true, difficultyLevel: 'middle-school' });
    const graded = await caller(at(3 * MINUTE)).practice.evaluate({ problemId: review.problemId, answer: acceptedAnswer(review.problemId), mode: 'review' });
    expect(graded.rating).toBe(5);
    const card = await findReviewCard(handle.db, user.id, weak.problemId);
    expect(card).toMatchObject({ reason: 'weak', reps: 2, state: State.Review });
    expect((card?.due.getTime() ?? 0) - at(3 * MINUTE).getTime()).toBeGreaterThanOrEqual(DAY);

    // Nothing due any more: review mode serves a new problem of the chosen level.
    expect((await caller(at(4 * MINUTE)).review.summary()).dueCount).toBe(0);
    const fresh = await caller(at(4 * MINUTE)).review.next({ difficultyLevel: 'toeic' });
    expect(fresh).toMatchObject({ isReview: false, difficultyLevel: 'toeic', dueCount: 0 });
    // The history labels the review answer.
    const history = await caller(at(5 * MINUTE)).learning.recentSessions();
    expect(history.items.find((s) => s.problemId === weak.problemId && s.rating === 5)?.mode).toBe('review');
    // Days later the card is due again.
    expect((await caller(new Date((card?.due.getTime() ?? 0) + MINUTE)).review.summary()).dueCount).toBe(1);
  });

  it('queues a bookmarked problem at once, without resetting the schedule of a queued one', async () => {
    const user = await seedSubscriber(handle.db, 'trial');
    const now = new Date();
    const good = await practise(user, acceptedAnswer, now);
    const caller = callerFor(handle.db, user, { now: () => now });
    expect((await caller.review.summary()).dueCount).toBe(0);
    await caller.practice.setBookmark({ attemptId: good.attemptId, isBookmarked: true });
    expect((await caller.review.summary()).dueCount).toBe(1);
    expect(await findReviewCard(handle.db, user.id, good.problemId)).toMatchObject({ reason: 'bookmark', reps: 0, state: State.New });
    await caller.practice.setBookmark({ attemptId: good.attemptId, isBookmarked: false });
    await caller.practice.setBookmark({ attemptId: good.attemptId, isBookmarked: true });
    expect((await caller.review.summary()).dueCount).toBe(1);
  });

  it('refuses standard learners with 403 and a Japanese message', async () => {
    const standard = await seedSubscriber(handle.db, 'standard');
    const refusal = { code: 'FORBIDDEN', message: 'この機能はプレミアムプランでご利用いただけます。' };
    expect(await errorOf(callerFor(handle.db, standard).review.summary())).toEqual(refusal);
    expect(await errorOf(callerFor(handle.db, standard).review.next({ difficultyLevel: 'toeic' }))).toEqual(refusal);
  });
});
