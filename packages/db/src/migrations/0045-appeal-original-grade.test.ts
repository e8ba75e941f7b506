import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DbHandle } from '../index.js';
import { createTestDatabase } from '../testing.js';
import { createAppeal, findAppeal, regradeAttempt } from '../queries/appeals.js';
import { upsertUser } from '../queries/users.js';

let handle: DbHandle;

// A database at 0040 (appeals without the original grade), so that 0045's backfill meets real rows.
beforeAll(async () => {
  handle = await createTestDatabase({ migrateBefore: '0041', maxConnections: 5 });
});
afterAll(async () => {
  await handle?.close();
});

/** An attempt as the 0040 schema has it (insertAttempt writes the columns of later migrations too). */
async function seedAttempt(userId: string, rating: number, feedback: string): Promise<{ id: string }> {
  const errors = JSON.stringify([{ label: '語彙', message: `fix ${rating}` }]);
  const row = await sql<{ id: string }>`
    insert into attempts (user_id, problem_id, level, answer, normalized_answer, rating, model_answer, feedback, errors, similar_phrases, provider, is_fallback, duration_ms, created_at, day)
    values (${userId}, 'p-0045', 'toeic', ${`An answer graded ${rating}.`}, ${`an answer graded ${rating}`}, ${rating}, 'The model answer.', ${feedback},
      ${errors}::jsonb, '[]'::jsonb, 'builtin', false, null, '2026-11-20T03:00:00Z', '2026-11-20')
    returning id::text as id`.execute(handle.db);
  const id = row.rows[0]?.id;
  if (!id) throw new Error('the attempt was not stored');
  return { id };
}

describe(`migration 0045: the appealed grade kept on the appeal (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('copies the grade of pending and rejected appeals from their attempts; accepted ones (already regraded) stay unknown', async () => {
    const user = await upsertUser(handle.db, { firebaseUid: 'uid-0045', email: 'm0045@example.com', emailVerified: true, promoteToAdmin: false, now: new Date() });
    await handle.db
      .insertInto('problems')
      .values({ id: 'p-0045', level: 'toeic', japanese: '移行の確認。', answers: JSON.stringify(['The model answer.']), grammar_point: '現在形', explanation: '', synonyms: '{}', similar_phrases: '[]' })
      .execute();
    const ids: Record<'pending' | 'rejected' | 'accepted', string> = { pending: '', rejected: '', accepted: '' };
    for (const [status, rating] of [['pending', 2], ['rejected', 3], ['accepted', 1]] as const) {
      const attempt = await seedAttempt(user.id, rating, `feedback ${rating}`);
      // The 0040 shape of an appeal (no original grade columns yet).
      const row = await sql<{ id: string }>`
        insert into appeals (attempt_id, user_id, problem_id, answer, normalized_answer, original_rating, status)
        values (${attempt.id}, ${user.id}, 'p-0045', 'x', 'x', ${rating}, ${status}) returning id`.execute(handle.db);
      ids[status] = String(row.rows[0]?.id);
      if (status === 'accepted') await regradeAttempt(handle.db, attempt.id, { rating: 5, modelAnswer: 'An answer graded 1.', feedback: 'regraded', errors: [], provider: 'builtin' });
    }

    expect(await migrateToLatest(handle.db)).toContain('0045-appeal-original-grade');

    expect((await findAppeal(handle.db, ids.pending))?.original).toEqual({
      rating: 2,
      modelAnswer: 'The model answer.',
      feedback: 'feedback 2',
      errors: [{ label: '語彙', message: 'fix 2' }],
      provider: 'builtin',
    });
    expect((await findAppeal(handle.db, ids.rejected))?.original).toMatchObject({ rating: 3, feedback: 'feedback 3' });
    // Its attempt says 5 stars and "regraded" now: copying that would pass the regrade off as the original.
    const accepted = await findAppeal(handle.db, ids.accepted);
    expect(accepted?.original).toBeNull();
    expect(accepted?.originalRating).toBe(1);

    // New appeals copy the attempt's grade when they are made, and keep it through a regrade.
    const attempt = await seedAttempt(user.id, 4, 'feedback 4');
    const { appeal } = await createAppeal(handle.db, { attemptId: attempt.id, userId: user.id, normalizedAnswer: 'an answer graded 4', now: new Date() });
    await regradeAttempt(handle.db, attempt.id, { rating: 5, modelAnswer: 'An answer graded 4.', feedback: 'regraded', errors: [], provider: 'builtin' });
    expect((await findAppeal(handle.db, appeal.id))?.original).toEqual({
      rating: 4,
      modelAnswer: 'The model answer.',
      feedback: 'feedback 4',
      errors: [{ label: '語彙', message: 'fix 4' }],
      provider: 'builtin',
    });
  });
});
