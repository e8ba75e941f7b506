import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DbHandle } from '../index.js';
import { createTestDatabase } from '../testing.js';
import { updateAdminProblem } from './content.js';
import { findServedProblemToGrade, gradedContentStats, upsertBankProblems } from './problems.js';

// Decision 095: grading keeps each problem's content (row and accepted answers) in memory under the
// row's version (xmin), read beside the learner's rows by every grading read. Every way the content
// can change must reach the next answer: an admin's edit, an accepted answer added or removed (the
// trigger of migration 0095 moves the problem's row), SQL typed by hand, another instance's write.
describe('the grading read keeps a problem’s content while its row version holds', () => {
  let handle: DbHandle & { url?: string };
  let userId: string;
  const problemId = 'grading-cache-1';
  beforeAll(async () => {
    handle = await createTestDatabase();
    await upsertBankProblems(handle.db, [
      { id: problemId, level: 'toeic', japanese: '覚えておく文。', answers: ['Keep it in mind.'], grammarPoint: 'g', explanation: 'e', synonyms: {}, similarPhrases: [] },
    ]);
    const user = await sql<{ id: string }>`insert into users (firebase_uid, email, email_verified) values ('grading-cache', 'gc@example.com', true) returning id`.execute(handle.db);
    userId = user.rows[0]!.id;
    await sql`insert into problem_serves (user_id, problem_id, level, day) values (${userId}, ${problemId}, 'toeic', '2026-11-29')`.execute(handle.db);
  }, 60_000);
  afterAll(() => handle?.close());

  const grade = () => findServedProblemToGrade(handle.db, userId, { problemId });
  const reads = async (run: () => Promise<unknown>): Promise<number> => {
    const before = gradedContentStats.reads;
    await run();
    return gradedContentStats.reads - before;
  };

  it('reads the content once, then from memory while nothing changes', async () => {
    expect(await reads(grade)).toBe(1);
    const hitsBefore = gradedContentStats.hits;
    expect(await reads(async () => {
      for (let i = 0; i < 5; i++) expect((await grade())?.problem.answers).toEqual(['Keep it in mind.']);
    })).toBe(0);
    expect(gradedContentStats.hits - hitsBefore).toBe(5);
  });

  it('sees an admin’s edit at the next answer', async () => {
    expect(await updateAdminProblem(handle.db, problemId, { japanese: '覚えておく文。', answers: ['Bear it in mind.'], grammarPoint: 'g2', explanation: 'e2' }, new Date())).toBe('ok');
    const found = await grade();
    expect(found?.problem).toMatchObject({ answers: ['Bear it in mind.'], grammar_point: 'g2', explanation: 'e2' });
  });

  it('sees an accepted answer added, changed and removed by SQL typed by hand', async () => {
    await grade();
    await sql`insert into accepted_answers (problem_id, normalized_answer, sentence, created_at) values (${problemId}, 'keep it in your mind', 'Keep it in your mind.', now())`.execute(handle.db);
    expect((await grade())?.acceptedAnswers).toEqual(['Keep it in your mind.']);
    await sql`update accepted_answers set sentence = 'Keep it in your head.' where problem_id = ${problemId}`.execute(handle.db);
    expect((await grade())?.acceptedAnswers).toEqual(['Keep it in your head.']);
    await sql`delete from accepted_answers where problem_id = ${problemId}`.execute(handle.db);
    expect((await grade())?.acceptedAnswers).toEqual([]);
    await sql`insert into accepted_answers (problem_id, normalized_answer, sentence, created_at) values (${problemId}, 'keep it in mind please', 'Keep it in mind, please.', now())`.execute(handle.db);
    expect((await grade())?.acceptedAnswers).toEqual(['Keep it in mind, please.']);
    await sql`truncate accepted_answers`.execute(handle.db);
    expect((await grade())?.acceptedAnswers).toEqual([]);
  });

  it('sees a change made through another connection (another instance on a PostgreSQL server)', async () => {
    if (!handle.url) return; // PGlite: one process owns the database
    await grade();
    const other = await createDatabase({ databaseUrl: handle.url, maxConnections: 1, readCache: false });
    try {
      await sql`update problems set answers = '["Keep that in mind."]'::jsonb where id = ${problemId}`.execute(other.db);
      await sql`insert into accepted_answers (problem_id, normalized_answer, sentence, created_at) values (${problemId}, 'remember it', 'Remember it.', now())`.execute(other.db);
    } finally {
      await other.close();
    }
    const found = await grade();
    expect(found?.problem.answers).toEqual(['Keep that in mind.']);
    expect(found?.acceptedAnswers).toEqual(['Remember it.']);
  });

  it('still refuses a problem not served to the learner, and reads in a transaction straight from the tables', async () => {
    expect(await findServedProblemToGrade(handle.db, '00000000-0000-0000-0000-000000000000', { problemId })).toBeUndefined();
    await handle.db.transaction().execute(async (trx) => {
      await sql`update problems set explanation = 'in a transaction' where id = ${problemId}`.execute(trx);
      expect((await findServedProblemToGrade(trx, userId, { problemId }))?.problem.explanation).toBe('in a transaction');
      throw new Error('rollback');
    }).catch((error: Error) => expect(error.message).toBe('rollback'));
    expect((await grade())?.problem.explanation).not.toBe('in a transaction');
  });
});
