import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type DbHandle } from '../index.js';
import { createScratchDatabase } from '../testing.js';
import { upsertBankProblems } from './problems.js';
import { serveProblem } from './serves.js';

// The serve statement commits asynchronously on a PostgreSQL server (decision 032), for its own
// implicit transaction only: the pooled connection keeps synchronous commits for every later
// statement, and inside a caller's transaction nothing changes.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the serve statement on a PostgreSQL server', () => {
  let handle: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  let userId: string;
  beforeAll(async () => {
    const scratch = await createScratchDatabase(serverUrl ?? '', 'shunkan_serves');
    drop = scratch.drop;
    // One connection: every statement below runs on the connection the serve ran on.
    handle = await createDatabase({ databaseUrl: scratch.url, maxConnections: 1, readCache: false });
    await migrateToLatest(handle.db);
    await upsertBankProblems(handle.db, [
      { id: 'serve-async-1', level: 'toeic', japanese: '非同期の確定。', answers: ['An answer.'], grammarPoint: 't', explanation: 't', synonyms: {}, similarPhrases: [] },
    ]);
    userId = (await handle.db.insertInto('users').values({ firebase_uid: 'serve-async', email: null, email_verified: true }).returning('id').executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const setting = async (db = handle.db) => (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]?.synchronous_commit;
  const serve = (db = handle.db, requestId = `r-${Math.random()}`) =>
    serveProblem(db, { userId, level: 'toeic', day: '2026-11-24', requestId, dailyLimit: 3, now: new Date() });

  it('serves and counts, and leaves the connection committing synchronously', async () => {
    expect(await setting()).toBe('on');
    const first = await serve(handle.db, 'same-request');
    expect(first).toMatchObject({ kind: 'served', problemId: 'serve-async-1', count: 1 });
    expect(await setting()).toBe('on');
    // Stored (visible to the next statement), a repeat counts nothing, the limit holds.
    expect(await serve(handle.db, 'same-request')).toMatchObject({ kind: 'repeat', count: 1 });
    expect(await serve()).toMatchObject({ kind: 'served', count: 2 });
    expect(await serve()).toMatchObject({ kind: 'served', count: 3 });
    expect(await serve()).toEqual({ kind: 'limit' });
    const { count } = await handle.db.selectFrom('problem_serves').select((eb) => eb.fn.countAll<string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(Number(count)).toBe(3);
  });

  it('inside a caller\'s transaction, leaves that transaction synchronous', async () => {
    await handle.db.deleteFrom('daily_usage').where('user_id', '=', userId).execute();
    await handle.db.transaction().execute(async (trx) => {
      expect(await serve(trx)).toMatchObject({ kind: 'served', count: 1 });
      expect(await setting(trx)).toBe('on');
    });
  });
});
