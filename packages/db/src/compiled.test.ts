import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOnce, type Param } from './compiled.js';
import type { DbHandle } from './index.js';
import { insertAttempt } from './queries/attempts.js';
import { findServedProblemToGrade, upsertBankProblems } from './queries/problems.js';
import { createTestDatabase } from './testing.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await sql`create table compiled_probe (id int primary key, at timestamptz, doc jsonb, note text, n int)`.execute(handle.db);
  await upsertBankProblems(handle.db, [
    { id: 'compiled-1', level: 'toeic', japanese: '一度だけ組み立てる。', answers: ['Build it once.'], grammarPoint: 'g', explanation: 'e', synonyms: {}, similarPhrases: [] },
    { id: 'compiled-2', level: 'middle-school', japanese: '一度だけ組み立てる。', answers: ['Once.'], grammarPoint: 'g', explanation: 'e', synonyms: {}, similarPhrases: [] },
  ]);
});
afterAll(async () => {
  await handle?.close();
});

type Row = { id: number; at: Date | null; doc: unknown; note: string | null; n: number | null };
type Values = { id: number; at: Date | null; doc: string; note: string | null; add: number };

describe(`statements compiled once (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('builds once, then puts each call its own values in the placeholders, constants kept', async () => {
    let builds = 0;
    const upsert = compileOnce((db, param: Param<Values>) => {
      builds++;
      const table = 'compiled_probe' as never;
      return db
        .insertInto(table)
        .values({ id: param('id'), at: param('at'), doc: param('doc'), note: param('note'), n: 1 } as never)
        .onConflict((oc) => oc.column('id' as never).doUpdateSet({ n: sql`compiled_probe.n + ${param('add')}`, note: param('note') } as never))
        .returning(['id' as never]);
    });
    const at = new Date('2026-11-25T01:02:03.456Z');
    expect((await upsert(handle.db, { id: 1, at, doc: JSON.stringify({ a: [1] }), note: 'first', add: 5 })).rows).toEqual([{ id: 1 }]);
    await upsert(handle.db, { id: 2, at: null, doc: '[]', note: null, add: 5 });
    await upsert(handle.db, { id: 1, at: null, doc: '{}', note: 'second', add: 5 });
    // Inside a transaction (a Transaction handle), rolled back: nothing of it stays.
    await handle.db
      .transaction()
      .execute(async (tx) => {
        await upsert(tx, { id: 3, at, doc: '{}', note: 'rolled back', add: 0 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(builds).toBe(1);
    const { rows } = await sql<Row>`select * from compiled_probe order by id`.execute(handle.db);
    expect(rows).toEqual([
      { id: 1, at, doc: { a: [1] }, note: 'second', n: 6 },
      { id: 2, at: null, doc: [], note: null, n: 1 },
    ]);
  });

  it('refuses a statement that writes a table of the read cache (its plugin would not see the writes)', async () => {
    const write = compileOnce((db, param: Param<{ userId: string }>) => db.updateTable('subscriptions').set({ status: 'canceled' }).where('user_id', '=', param('userId')));
    await expect(write(handle.db, { userId: '00000000-0000-0000-0000-000000000000' })).rejects.toThrow(/cached table/);
  });

  it('stores an attempt with and without a review card through the compiled statements', async () => {
    const user = await sql<{ id: string }>`insert into users (firebase_uid, email, email_verified) values ('compiled-uid', 'compiled@example.com', true) returning id`.execute(handle.db);
    const userId = user.rows[0]!.id;
    const [problemId, level] = ['compiled-1', 'toeic'];
    const createdAt = new Date('2026-11-25T00:30:00.000Z');
    const base = {
      userId,
      problemId,
      level,
      answer: 'An answer.',
      normalizedAnswer: 'an answer',
      modelAnswer: 'A model.',
      feedback: 'fb',
      errors: [{ kind: 'x' }],
      similarPhrases: ['p'],
      provider: 'builtin',
      isFallback: false,
      durationMs: 1200,
      createdAt,
    };
    const first = await insertAttempt(handle.db, { ...base, rating: 2, timeLimitMs: 5000, isLate: false });
    const due = new Date('2026-11-26T00:00:00.000Z');
    const card = { due, stability: 1.5, difficulty: 5.25, elapsedDays: 0, scheduledDays: 1, learningSteps: 1, reps: 1, lapses: 0, state: 1, lastReview: createdAt };
    const second = await insertAttempt(handle.db, { ...base, rating: 4, mode: 'review', reviewCard: { reason: 'weak', card } });
    expect(first.day).toBe('2026-11-25');
    expect(second.id).not.toBe(first.id);
    const attempts = await sql<{ id: string; rating: number; mode: string; time_limit_ms: number | null; errors: unknown; similar_phrases: unknown }>`
      select id::text as id, rating, mode, time_limit_ms, errors, similar_phrases from attempts where user_id = ${userId} order by id`.execute(handle.db);
    expect(attempts.rows).toEqual([
      { id: first.id, rating: 2, mode: 'practice', time_limit_ms: 5000, errors: [{ kind: 'x' }], similar_phrases: ['p'] },
      { id: second.id, rating: 4, mode: 'review', time_limit_ms: null, errors: [{ kind: 'x' }], similar_phrases: ['p'] },
    ]);
    const summary = await sql<{ attempts: number; rating_sum: number }>`select attempts, rating_sum from learning_days where user_id = ${userId}`.execute(handle.db);
    expect(summary.rows).toEqual([{ attempts: 2, rating_sum: 6 }]);
    const cards = await sql<{ reason: string; due: Date; stability: number; reps: number; last_review: Date }>`
      select reason, due, stability, reps, last_review from review_cards where user_id = ${userId}`.execute(handle.db);
    expect(cards.rows).toEqual([{ reason: 'weak', due, stability: 1.5, reps: 1, last_review: createdAt }]);

    // The grading read (three compiled shapes): only a served problem, with the learner's card.
    const sentence = '一度だけ組み立てる。';
    expect(await findServedProblemToGrade(handle.db, userId, { problemId })).toBeUndefined();
    await sql`insert into problem_serves (user_id, problem_id, level, day) values (${userId}, ${problemId}, ${level}, '2026-11-25')`.execute(handle.db);
    const byId = await findServedProblemToGrade(handle.db, userId, { problemId });
    expect(byId).toMatchObject({ problem: { id: problemId, answers: ['Build it once.'] }, acceptedAnswers: [], reviewCard: { reason: 'weak', card: { due, reps: 1 } } });
    expect((await findServedProblemToGrade(handle.db, userId, { japaneseSentence: ` ${sentence} ` }))?.problem.id).toBe(problemId);
    expect((await findServedProblemToGrade(handle.db, userId, { japaneseSentence: sentence, level }))?.problem.id).toBe(problemId);
    // Same sentence, another level, never served to this learner.
    expect(await findServedProblemToGrade(handle.db, userId, { japaneseSentence: sentence, level: 'middle-school' })).toBeUndefined();
    expect(await findServedProblemToGrade(handle.db, userId, { problemId: 'compiled-2' })).toBeUndefined();
  });
});
