import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './index.js';
import { gathersStatements } from './group.js';
import { createTestDatabase } from './testing.js';
import { randomUUID } from 'node:crypto';
import { attemptGroupStats, findSubmittedAttempt, insertAttempt, insertAttempts, SubmissionRepeatedError, type NewAttemptInput } from './queries/attempts.js';
import { findServedProblemToGrade, gradeReadGroupStats, gradeReadManyQuery, upsertBankProblems } from './queries/problems.js';

let handle: DbHandle;
const users: string[] = [];
beforeAll(async () => {
  handle = await createTestDatabase();
  await upsertBankProblems(
    handle.db,
    ['group-1', 'group-2', 'group-3'].map((id) => ({ id, level: 'toeic', japanese: `${id}の文。`, answers: ['An answer.'], grammarPoint: 'g', explanation: 'e', synonyms: {}, similarPhrases: [] })),
  );
  for (const n of [1, 2]) {
    const row = await sql<{ id: string }>`insert into users (firebase_uid, email, email_verified) values (${`group-${n}`}, ${`group${n}@example.com`}, true) returning id`.execute(handle.db);
    users.push(row.rows[0]!.id);
  }
});
afterAll(async () => {
  await handle?.close();
});

const createdAt = new Date('2026-11-25T00:30:00.000Z');
function attempt(userId: string, problemId: string, n: number, extra: Partial<NewAttemptInput> = {}): NewAttemptInput {
  return {
    userId,
    problemId,
    level: 'toeic',
    answer: `Answer number ${n}.`,
    normalizedAnswer: `answer number ${n}`,
    rating: (n % 5) + 1,
    modelAnswer: 'An answer.',
    feedback: `feedback ${n}`,
    errors: [{ kind: 'x', n }],
    similarPhrases: ['p'],
    provider: 'builtin',
    isFallback: false,
    durationMs: 1000 + n,
    createdAt,
    ...extra,
  };
}

describe(`attempts stored together (group commit, ${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('gives each caller the id of its own attempt and adds every attempt to the daily summary', async () => {
    const [u1, u2] = users as [string, string];
    const inputs = Array.from({ length: 40 }, (_, n) => attempt(n % 3 === 0 ? u2 : u1, `group-${(n % 3) + 1}`, n));
    // Sent together: on the server the first goes alone and the others wait for it; PGlite gathers
    // the turn's calls before its first statement. Either way few statements store them.
    const before = { ...attemptGroupStats };
    const stored = await Promise.all(inputs.map((input) => insertAttempt(handle.db, input)));
    expect(attemptGroupStats.grouped - before.grouped).toBe(gathersStatements(handle.db) ? inputs.length : inputs.length - 1);
    expect(attemptGroupStats.fallbacks).toBe(before.fallbacks);
    expect(new Set(stored.map((s) => s.id)).size).toBe(inputs.length);
    const rows = await sql<{ id: string; user_id: string; answer: string; rating: number; errors: unknown; duration_ms: number; day: string }>`
      select id::text as id, user_id::text as user_id, answer, rating, errors, duration_ms, day from attempts where problem_id like 'group-%'`.execute(handle.db);
    const byId = new Map(rows.rows.map((r) => [r.id, r]));
    inputs.forEach((input, n) => {
      const row = byId.get(stored[n]!.id);
      expect(row, `attempt ${n}`).toEqual({ id: stored[n]!.id, user_id: input.userId, answer: input.answer, rating: input.rating, errors: input.errors, duration_ms: input.durationMs, day: '2026-11-25' });
      expect(stored[n]!.day).toBe('2026-11-25');
    });
    const summary = await sql<{ user_id: string; attempts: number; rating_sum: number }>`
      select user_id::text as user_id, attempts, rating_sum from learning_days where day = '2026-11-25' order by user_id`.execute(handle.db);
    const expected = [u1, u2].sort().map((userId) => {
      const mine = inputs.filter((i) => i.userId === userId);
      return { user_id: userId, attempts: mine.length, rating_sum: mine.reduce((sum, i) => sum + i.rating, 0) };
    });
    expect(summary.rows).toEqual(expected);
  });

  it('stores a group in one statement, ids in the order given', async () => {
    const [u1, u2] = users as [string, string];
    const inputs = [attempt(u2, 'group-2', 50), attempt(u1, 'group-1', 51), attempt(u2, 'group-1', 52)];
    const stored = await insertAttempts(handle.db, inputs);
    const rows = await sql<{ id: string; answer: string }>`select id::text as id, answer from attempts where answer like 'Answer number 5_.'`.execute(handle.db);
    const answers = new Map(rows.rows.map((r) => [r.id, r.answer]));
    expect(stored.map((s) => answers.get(s.id))).toEqual(inputs.map((i) => i.answer));
  });

  it('writes the review cards, the last given for a problem winning', async () => {
    const [u1] = users as [string];
    const card = (reps: number) => ({
      reason: 'weak' as const,
      card: { due: new Date(`2026-12-0${reps}T00:00:00.000Z`), stability: reps, difficulty: 5, elapsedDays: 0, scheduledDays: reps, learningSteps: 0, reps, lapses: 0, state: 2, lastReview: createdAt },
    });
    await Promise.all([1, 2, 3, 4].map((reps) => insertAttempt(handle.db, attempt(u1, 'group-3', 100 + reps, { reviewCard: card(reps) }))));
    const cards = await sql<{ reps: number; due: Date }>`select reps, due from review_cards where user_id = ${u1} and problem_id = 'group-3'`.execute(handle.db);
    expect(cards.rows).toEqual([{ reps: 4, due: new Date('2026-12-04T00:00:00.000Z') }]);
  });

  it('fails only the attempt that cannot be stored when a group fails', async () => {
    const [u1] = users as [string];
    const before = await sql<{ n: number }>`select count(*)::int as n from attempts`.execute(handle.db);
    const results = await Promise.allSettled([
      insertAttempt(handle.db, attempt(u1, 'group-1', 200)),
      insertAttempt(handle.db, attempt(u1, 'group-1', 201)),
      // A problem that does not exist (foreign key): this one fails, the others are stored.
      insertAttempt(handle.db, attempt(u1, 'no-such-problem', 202)),
      insertAttempt(handle.db, attempt(u1, 'group-2', 203)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(attemptGroupStats.fallbacks).toBeGreaterThan(0);
    const after = await sql<{ n: number }>`select count(*)::int as n from attempts`.execute(handle.db);
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(3);
  });

  it('stores a submission id once: repeated inside a group and after it, one attempt, one summary, one card (decision 064)', async () => {
    const [u1, u2] = users as [string, string];
    const day = new Date('2026-11-26T00:30:00.000Z');
    const card = { reason: 'weak' as const, card: { due: day, stability: 1, difficulty: 5, elapsedDays: 0, scheduledDays: 1, learningSteps: 0, reps: 1, lapses: 0, state: 1, lastReview: day } };
    const repeated = randomUUID();
    const other = randomUUID();
    const submission = (n: number, submissionId: string, userId = u2) =>
      attempt(userId, 'group-2', n, { createdAt: day, submissionId, submissionResponse: { rating: n }, reviewCard: card });
    // Sent together: the lone first runs alone, the rest form a group holding the repeated id four
    // times; the group's statement fails on the unique index and its attempts run one by one.
    const results = await Promise.allSettled([
      insertAttempt(handle.db, submission(400, other)),
      ...[401, 402, 403, 404].map((n) => insertAttempt(handle.db, submission(n, repeated))),
      // The same id of another learner is another submission.
      insertAttempt(handle.db, submission(405, repeated, u1)),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SubmissionRepeatedError);
    // Once more, alone: refused too.
    await expect(insertAttempt(handle.db, submission(406, repeated))).rejects.toBeInstanceOf(SubmissionRepeatedError);
    const rows = await sql<{ user_id: string; submission_id: string; response: unknown }>`
      select user_id::text as user_id, submission_id::text as submission_id, submission_response as response from attempts
      where day = '2026-11-26' order by id`.execute(handle.db);
    expect(rows.rows.filter((r) => r.user_id === u2).map((r) => r.submission_id).sort()).toEqual([other, repeated].sort());
    expect(rows.rows.filter((r) => r.user_id === u1).map((r) => r.submission_id)).toEqual([repeated]);
    const stored = await findSubmittedAttempt(handle.db, u2, repeated);
    const firstStored = results.findIndex((r, k) => k > 0 && k < 5 && r.status === 'fulfilled');
    expect(stored?.response).toEqual({ rating: 400 + firstStored });
    const summary = await sql<{ user_id: string; attempts: number }>`
      select user_id::text as user_id, attempts from learning_days where day = '2026-11-26' order by user_id`.execute(handle.db);
    expect(summary.rows).toEqual([u1, u2].sort().map((userId) => ({ user_id: userId, attempts: userId === u2 ? 2 : 1 })));
    const cards = await sql<{ n: number }>`select count(*)::int as n from review_cards where problem_id = 'group-2' and user_id in (${u1}, ${u2})`.execute(handle.db);
    expect(cards.rows[0]!.n).toBe(2);
  });

  it('stores an attempt inside a caller transaction as part of it (rolled back with it)', async () => {
    const [u1] = users as [string];
    await handle.db
      .transaction()
      .execute(async (tx) => {
        await insertAttempt(tx, attempt(u1, 'group-1', 300));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const rows = await sql<{ n: number }>`select count(*)::int as n from attempts where answer = 'Answer number 300.'`.execute(handle.db);
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('groups the calls of one turn of the event loop made by callbacks of their own, as requests are (decision 071)', async () => {
    const [u1, u2] = users as [string, string];
    const inputs = [attempt(u1, 'group-1', 9001), attempt(u2, 'group-2', 9002), attempt(u1, 'group-3', 9003)];
    const before = { ...attemptGroupStats };
    // Each call from a callback of its own in one turn, as requests read from their sockets or grades
    // back from the worker are: on PGlite a statement would otherwise start and end in its caller's
    // callback, and no call would ever wait for another.
    const calls: Promise<{ id: string }>[] = [];
    await new Promise<void>((resolve) => inputs.forEach((input, k) => setImmediate(() => {
      calls.push(insertAttempt(handle.db, input));
      if (k === inputs.length - 1) resolve();
    })));
    const stored = await Promise.all(calls);
    expect(attemptGroupStats.grouped - before.grouped).toBe(gathersStatements(handle.db) ? inputs.length : inputs.length - 1);
    expect(new Set(stored.map((s) => s.id)).size).toBe(inputs.length);
    const rows = await sql<{ n: number }>`select count(*)::int as n from attempts where answer in ('Answer number 9001.', 'Answer number 9002.', 'Answer number 9003.')`.execute(handle.db);
    expect(rows.rows[0]!.n).toBe(inputs.length);
  });

  it("probes each table by its index per key, whatever the learner's history (decision 071)", async () => {
    const [u1] = users as [string, string];
    // A long history: the planner, told nothing of the keys' number, hashed all of it for the served check.
    await sql`insert into problem_serves (user_id, problem_id, level, day) select ${u1}, 'group-' || (1 + g % 3), 'toeic', '2026-11-20' from generate_series(1, 5000) g`.execute(handle.db);
    const keys = ['group-1', 'group-2', 'group-3'].map((problemId) => ({ userId: u1, problemId, japanese: '', level: '', submissionId: null }));
    try {
      const plan = await sql<Record<string, string>>`explain ${gradeReadManyQuery(keys)}`.execute(handle.db);
      const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
      expect(text).not.toMatch(/Seq Scan on (problem_serves|review_cards|attempts)/);
      expect(text).toMatch(/Index (Only )?Scan using problem_serves_user_problem_idx/);
    } finally {
      await sql`delete from problem_serves where day = '2026-11-20'`.execute(handle.db);
    }
  });

  it('reads what grading needs for several learners and problems in one statement, each caller its own', async () => {
    const [u1, u2] = users as [string, string];
    await sql`insert into problem_serves (user_id, problem_id, level, day) values (${u1}, 'group-1', 'toeic', '2026-11-25'), (${u1}, 'group-3', 'toeic', '2026-11-25'), (${u2}, 'group-2', 'toeic', '2026-11-25')`.execute(handle.db);
    const keys: [string, string][] = [
      [u1, 'group-1'],
      [u1, 'group-2'], // not served to u1
      [u2, 'group-2'],
      [u1, 'group-3'], // u1 has a review card for it (above)
      [u2, 'group-3'], // not served to u2
      [u1, 'group-1'],
    ];
    const before = { ...gradeReadGroupStats };
    const found = await Promise.all(keys.map(([userId, problemId]) => findServedProblemToGrade(handle.db, userId, { problemId })));
    expect(gradeReadGroupStats.grouped - before.grouped).toBe(gathersStatements(handle.db) ? keys.length : keys.length - 1);
    expect(gradeReadGroupStats.fallbacks).toBe(before.fallbacks);
    expect(found.map((f) => f?.problem.id ?? null)).toEqual(['group-1', null, 'group-2', 'group-3', null, 'group-1']);
    // The same answer as one read alone gives, review card included.
    for (const [k, [userId, problemId]] of keys.entries()) {
      expect(found[k], `${userId} ${problemId}`).toEqual(await findServedProblemToGrade(handle.db, userId, { problemId }));
    }
    expect(found[3]?.reviewCard).toMatchObject({ reason: 'weak', card: { reps: 4 } });
  });
});
