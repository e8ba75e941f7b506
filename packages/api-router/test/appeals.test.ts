import { APPEAL_TEXT } from '@shunkan/config/appeals';
import type { DbHandle } from '@shunkan/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProblemBank } from '../src/services/problem-bank/index.js';
import { callerFor, errorOf, openTestDb, seedSubscriber, seedUser } from './helpers.js';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDb();
  await seedProblemBank(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

/** A fluent answer no problem's lattice accepts: graded low, then appealed. */
const ANSWER = 'My grandmother keeps three goats behind the old barn.';

describe(`appeals (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('a learner appeals, an admin accepts, the attempt is regraded and the next learner gets 5 stars', async () => {
    const learner = await seedSubscriber(handle.db);
    const admin = await seedUser(handle.db, { isAdmin: true });
    const served = await callerFor(handle.db, learner).practice.nextProblem({ difficultyLevel: 'middle-school' });
    const graded = await callerFor(handle.db, learner).practice.evaluate({ problemId: served.problemId, answer: ANSWER });
    expect(graded.rating).toBeLessThan(5);

    const submitted = await callerFor(handle.db, learner).appeals.submit({ attemptId: graded.attemptId });
    expect(submitted.appeal).toMatchObject({ attemptId: graded.attemptId, status: 'pending', statusLabel: APPEAL_TEXT.status.pending, originalRating: graded.rating });
    expect(submitted.recheck).toMatchObject({ provider: 'builtin', rating: graded.rating });
    expect(submitted.message).toBe(APPEAL_TEXT.sent);
    // The grade the learner saw, as their result card showed it (the uncertainty note as a flag).
    const seen = {
      rating: graded.rating,
      feedback: graded.feedback.split('\n').filter((l) => l !== APPEAL_TEXT.uncertaintyNote).join('\n'),
      lowConfidence: graded.feedback.includes(APPEAL_TEXT.uncertaintyNote),
      errors: graded.errors.map((e) => ({ label: e.label, message: e.message })),
      closestAnswer: graded.modelAnswer,
    };
    expect(submitted.appeal.original).toEqual(seen);
    expect(submitted.appeal.regraded).toBeNull();
    // Appealing again returns the same appeal.
    const again = await callerFor(handle.db, learner).appeals.submit({ attemptId: graded.attemptId });
    expect(again.appeal.id).toBe(submitted.appeal.id);
    expect(again.recheck).toBeNull();
    expect(await callerFor(handle.db, learner).appeals.statuses({ attemptIds: [graded.attemptId] })).toEqual([
      expect.objectContaining({ attemptId: graded.attemptId, status: 'pending', statusLabel: APPEAL_TEXT.status.pending, original: seen, regraded: null }),
    ]);

    const queue = await callerFor(handle.db, admin).admin.appeals.list({ status: 'pending' });
    const item = queue.items.find((a) => a.id === submitted.appeal.id);
    expect(item).toMatchObject({ answer: ANSWER, problemId: served.problemId, japanese: served.japaneseSentence, userEmail: learner.email, decidedByEmail: null });
    // The queue shows the automatic verdict the learner saw: stars, feedback (the uncertainty note as a flag), named errors.
    const bankProblem = await handle.db.selectFrom('problems').select(['answers']).where('id', '=', served.problemId).executeTakeFirstOrThrow();
    expect(item?.modelAnswer).toBe(bankProblem.answers[0]);
    expect(item?.original).toEqual(seen);
    expect(item?.regraded).toBeNull();
    expect(queue.counts.pending).toBeGreaterThanOrEqual(1);

    const decided = await callerFor(handle.db, admin).admin.appeals.decide({ appealId: submitted.appeal.id, decision: 'accept' });
    expect(decided).toMatchObject({ appeal: { status: 'accepted' }, regradedRating: 5 });
    expect(await errorOf(callerFor(handle.db, admin).admin.appeals.decide({ appealId: submitted.appeal.id, decision: 'reject' }))).toEqual({ code: 'CONFLICT', message: APPEAL_TEXT.alreadyDecided });
    const attempt = await handle.db.selectFrom('attempts').select(['rating']).where('id', '=', graded.attemptId).executeTakeFirstOrThrow();
    expect(attempt.rating).toBe(5);
    const decidedQueue = await callerFor(handle.db, admin).admin.appeals.list({ status: 'decided' });
    // Both grades: the one appealed (kept, not overwritten by the regrade) and the regraded one.
    const decidedItem = decidedQueue.items.find((a) => a.id === submitted.appeal.id);
    expect(decidedItem).toMatchObject({ status: 'accepted', originalRating: graded.rating, decidedByEmail: admin.email });
    expect(decidedItem?.original).toEqual(seen);
    expect(decidedItem?.regraded).toEqual({ rating: 5, feedback: expect.any(String), lowConfidence: false, errors: [], closestAnswer: expect.any(String) });
    expect(decidedItem?.regraded?.feedback).not.toBe(seen.feedback);
    expect(decided.appeal.original).toEqual(seen);
    expect(decided.appeal.regraded?.rating).toBe(5);
    expect(decidedQueue.counts.pending).toBe(queue.counts.pending - 1);
    expect((await callerFor(handle.db, admin).admin.appeals.list({ status: 'pending' })).items.some((a) => a.id === submitted.appeal.id)).toBe(false);
    const [state] = await callerFor(handle.db, learner).appeals.statuses({ attemptIds: [graded.attemptId] });
    expect(state).toMatchObject({ status: 'accepted', statusLabel: APPEAL_TEXT.status.accepted, originalRating: graded.rating, original: seen, regraded: { rating: 5, lowConfidence: false } });

    // The next learner who writes it gets 5 stars.
    const next = await seedSubscriber(handle.db);
    await handle.db.insertInto('problem_serves').values({ user_id: next.id, problem_id: served.problemId, level: 'middle-school', day: '2026-01-01' }).execute();
    const regraded = await callerFor(handle.db, next).practice.evaluate({ problemId: served.problemId, answer: ANSWER.toLowerCase().replace('.', '') });
    expect(regraded.rating).toBe(5);
    expect(regraded.errors).toEqual([]);
  });

  it('a rejected appeal leaves the grade; an appeal of a sentence accepted already settles at once', async () => {
    const learner = await seedSubscriber(handle.db);
    const admin = await seedUser(handle.db, { isAdmin: true });
    const served = await callerFor(handle.db, learner).practice.nextProblem({ difficultyLevel: 'toeic' });
    const graded = await callerFor(handle.db, learner).practice.evaluate({ problemId: served.problemId, answer: 'The weather is lovely in the mountains today.' });
    const { appeal } = await callerFor(handle.db, learner).appeals.submit({ attemptId: graded.attemptId });
    const rejected = await callerFor(handle.db, admin).admin.appeals.decide({ appealId: appeal.id, decision: 'reject' });
    expect(rejected).toMatchObject({ appeal: { status: 'rejected', statusLabel: APPEAL_TEXT.status.rejected }, regradedRating: null });
    const attempt = await handle.db.selectFrom('attempts').select(['rating']).where('id', '=', graded.attemptId).executeTakeFirstOrThrow();
    expect(attempt.rating).toBe(graded.rating);
    const listed = (await callerFor(handle.db, admin).admin.appeals.list({ status: 'rejected' })).items.find((a) => a.id === appeal.id);
    expect(listed).toMatchObject({ original: { rating: graded.rating, closestAnswer: graded.modelAnswer }, regraded: null });
    expect((await callerFor(handle.db, learner).appeals.statuses({ attemptIds: [graded.attemptId] }))[0]).toMatchObject({ status: 'rejected', regraded: null, original: { rating: graded.rating } });

    // Another learner wrote a sentence before an admin accepted it for someone else: their appeal
    // settles at once, regrades their attempt, and still shows the grade they had been given.
    const sentence = 'Our cat sleeps on the warm piano every afternoon.';
    const first = await seedSubscriber(handle.db);
    const second = await seedSubscriber(handle.db);
    const problem = await callerFor(handle.db, first).practice.nextProblem({ difficultyLevel: 'toeic' });
    await handle.db.insertInto('problem_serves').values({ user_id: second.id, problem_id: problem.problemId, level: 'toeic', day: '2026-01-01' }).execute();
    const firstGraded = await callerFor(handle.db, first).practice.evaluate({ problemId: problem.problemId, answer: sentence });
    const secondGraded = await callerFor(handle.db, second).practice.evaluate({ problemId: problem.problemId, answer: sentence });
    expect(secondGraded.rating).toBeLessThan(5);
    const firstAppeal = await callerFor(handle.db, first).appeals.submit({ attemptId: firstGraded.attemptId });
    await callerFor(handle.db, admin).admin.appeals.decide({ appealId: firstAppeal.appeal.id, decision: 'accept' });
    const settled = await callerFor(handle.db, second).appeals.submit({ attemptId: secondGraded.attemptId });
    expect(settled.message).toBe(APPEAL_TEXT.status.accepted);
    expect(settled.appeal).toMatchObject({ status: 'accepted', originalRating: secondGraded.rating, original: { rating: secondGraded.rating, closestAnswer: secondGraded.modelAnswer }, regraded: { rating: 5 } });
    // Asking again returns the same settled appeal with both grades.
    expect((await callerFor(handle.db, second).appeals.submit({ attemptId: secondGraded.attemptId })).appeal).toMatchObject({ id: settled.appeal.id, original: { rating: secondGraded.rating }, regraded: { rating: 5 } });
  });

  it('an appeal accepted before the appealed grade was kept shows only its stars', async () => {
    const learner = await seedSubscriber(handle.db);
    const admin = await seedUser(handle.db, { isAdmin: true });
    const served = await callerFor(handle.db, learner).practice.nextProblem({ difficultyLevel: 'high-school' });
    const graded = await callerFor(handle.db, learner).practice.evaluate({ problemId: served.problemId, answer: 'Seven purple kites drifted over the harbour.' });
    const { appeal } = await callerFor(handle.db, learner).appeals.submit({ attemptId: graded.attemptId });
    await callerFor(handle.db, admin).admin.appeals.decide({ appealId: appeal.id, decision: 'accept' });
    // What migration 0045 leaves on appeals accepted earlier.
    await handle.db.updateTable('appeals').set({ original_model_answer: null, original_feedback: null, original_errors: null, original_provider: null }).where('id', '=', appeal.id).execute();
    const [state] = await callerFor(handle.db, learner).appeals.statuses({ attemptIds: [graded.attemptId] });
    expect(state).toMatchObject({ status: 'accepted', originalRating: graded.rating, original: null, regraded: { rating: 5 } });
  });

  it('pages the queue by id, newest first, and filters pending / decided', async () => {
    const admin = await seedUser(handle.db, { isAdmin: true });
    const ids: string[] = [];
    for (const answer of ['Our neighbours grow tomatoes on the roof.', 'A quiet river runs past the factory.']) {
      const learner = await seedSubscriber(handle.db);
      const served = await callerFor(handle.db, learner).practice.nextProblem({ difficultyLevel: 'high-school' });
      const graded = await callerFor(handle.db, learner).practice.evaluate({ problemId: served.problemId, answer });
      ids.push((await callerFor(handle.db, learner).appeals.submit({ attemptId: graded.attemptId })).appeal.id);
    }
    const first = await callerFor(handle.db, admin).admin.appeals.list({ status: 'pending', limit: 1 });
    expect(first.items.map((a) => a.id)).toEqual([ids[1]]);
    expect(first.nextBefore).toBe(ids[1]);
    const second = await callerFor(handle.db, admin).admin.appeals.list({ status: 'pending', limit: 1, before: first.nextBefore ?? undefined });
    expect(second.items.map((a) => a.id)).toEqual([ids[0]]);
    await callerFor(handle.db, admin).admin.appeals.decide({ appealId: ids[0] ?? '', decision: 'reject' });
    const decided = await callerFor(handle.db, admin).admin.appeals.list({ status: 'decided' });
    expect(decided.items.every((a) => a.status !== 'pending')).toBe(true);
    expect(decided.items.find((a) => a.id === ids[0])).toMatchObject({ status: 'rejected', decidedByEmail: admin.email });
    expect(decided.counts.accepted + decided.counts.rejected).toBeGreaterThanOrEqual(decided.items.length);
    expect((await errorOf(callerFor(handle.db, admin).admin.appeals.list({ status: 'open' as never })))?.code).toBe('BAD_REQUEST');
  });

  it('checks who may appeal and decide, and validates input', async () => {
    const learner = await seedSubscriber(handle.db);
    const other = await seedSubscriber(handle.db);
    const served = await callerFor(handle.db, learner).practice.nextProblem({ difficultyLevel: 'basic-verbs' });
    const graded = await callerFor(handle.db, learner).practice.evaluate({ problemId: served.problemId, answer: 'Something quite different.' });
    expect(await errorOf(callerFor(handle.db, other).appeals.submit({ attemptId: graded.attemptId }))).toEqual({ code: 'NOT_FOUND', message: APPEAL_TEXT.attemptNotFound });
    expect(await callerFor(handle.db, other).appeals.statuses({ attemptIds: [graded.attemptId] })).toEqual([]);
    expect(await errorOf(callerFor(handle.db, null).appeals.submit({ attemptId: graded.attemptId }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await errorOf(callerFor(handle.db, learner).appeals.submit({ attemptId: 'abc' })))?.code).toBe('BAD_REQUEST');
    expect((await errorOf(callerFor(handle.db, learner).admin.appeals.list({})))?.code).toBe('FORBIDDEN');
    expect((await errorOf(callerFor(handle.db, learner).admin.appeals.decide({ appealId: '1', decision: 'accept' })))?.code).toBe('FORBIDDEN');
    const admin = await seedUser(handle.db, { isAdmin: true });
    expect(await errorOf(callerFor(handle.db, admin).admin.appeals.decide({ appealId: '999999', decision: 'accept' }))).toEqual({ code: 'NOT_FOUND', message: APPEAL_TEXT.appealNotFound });
  });
});
