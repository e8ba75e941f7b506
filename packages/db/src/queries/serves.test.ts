import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type DbHandle } from '../index.js';
import { createScratchDatabase, createTestDatabase } from '../testing.js';
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

// Rounds (decision 036): on PGlite, and on the PostgreSQL server of TEST_DATABASE_URL when given.
describe('dealing rounds of a level', () => {
  let handle: DbHandle;
  let n = 0;
  const level = 'round-test';
  const problem = (i: number, lvl = level) => ({
    id: `${lvl}-${i}`, level: lvl, japanese: `${lvl} の文 ${i}。`, answers: ['An answer.'], grammarPoint: 't', explanation: 't', synonyms: {}, similarPhrases: [],
  });
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  const newLearner = async () =>
    (await handle.db.insertInto('users').values({ firebase_uid: `round-${n++}-${Math.random()}`, email: null, email_verified: true }).returning('id').executeTakeFirstOrThrow()).id;
  const serveOf = (userId: string, lvl = level, extra: { dailyLimit?: number | null; problemId?: string; requestId?: string } = {}) =>
    serveProblem(handle.db, { userId, level: lvl, day: '2026-11-25', requestId: extra.requestId ?? `r-${Math.random()}`, dailyLimit: extra.dailyLimit ?? null, now: new Date(), problemId: extra.problemId });
  const servedId = async (userId: string, lvl = level) => {
    const outcome = await serveOf(userId, lvl);
    if (outcome.kind !== 'served') throw new Error(`not served: ${outcome.kind}`);
    return outcome.problemId;
  };
  const setActive = (ids: string[], active: boolean) => handle.db.updateTable('problems').set({ is_active: active }).where('id', 'in', ids).execute();

  it('serves every active problem once per round, and does not repeat a round\'s last five at the next start', async () => {
    const lvl = 'round-a';
    await upsertBankProblems(handle.db, Array.from({ length: 12 }, (_, i) => problem(i, lvl)));
    const userId = await newLearner();
    const rounds: string[][] = [];
    for (let r = 0; r < 4; r++) {
      const round: string[] = [];
      for (let i = 0; i < 12; i++) round.push(await servedId(userId, lvl));
      rounds.push(round);
      expect(new Set(round).size).toBe(12);
    }
    for (let r = 1; r < rounds.length; r++) {
      const lastFive = new Set(rounds[r - 1]!.slice(-5));
      expect(rounds[r]!.slice(0, 7).filter((id) => lastFive.has(id))).toEqual([]);
    }
    // The order differs between rounds (random positions): 4 identical orders of 12 would be 1 in 12!^3.
    expect(new Set(rounds.map((round) => round.join())).size).toBeGreaterThan(1);
  }, 60_000);

  it('never serves a deactivated problem, and deals a new problem at the latest in the next round', async () => {
    const lvl = 'round-b';
    await upsertBankProblems(handle.db, Array.from({ length: 10 }, (_, i) => problem(i, lvl)));
    const userId = await newLearner();
    const first = [await servedId(userId, lvl), await servedId(userId, lvl)];
    // Deactivate two not served yet in this round, add a new one mid-round.
    const deactivated = Array.from({ length: 10 }, (_, i) => `${lvl}-${i}`).filter((id) => !first.includes(id)).slice(0, 2);
    await setActive(deactivated, false);
    await upsertBankProblems(handle.db, [problem(10, lvl)]);
    const served = [...first];
    for (let i = 0; i < 6; i++) served.push(await servedId(userId, lvl));
    // The rest of the first round: the 8 active problems it dealt, without the deactivated ones.
    expect(new Set(served).size).toBe(8);
    expect(served.filter((id) => deactivated.includes(id))).toEqual([]);
    expect(served).not.toContain(`${lvl}-10`);
    // The next round: the 9 active problems, the new one among them.
    const next: string[] = [];
    for (let i = 0; i < 9; i++) next.push(await servedId(userId, lvl));
    expect(new Set(next)).toEqual(new Set(Array.from({ length: 11 }, (_, i) => `${lvl}-${i}`).filter((id) => !deactivated.includes(id))));
    // Reactivated, they come back in the following round; a level with nothing active is empty.
    await setActive(deactivated, true);
    const third: string[] = [];
    for (let i = 0; i < 11; i++) third.push(await servedId(userId, lvl));
    expect(new Set(third).size).toBe(11);
    await setActive(Array.from({ length: 11 }, (_, i) => `${lvl}-${i}`), false);
    expect(await serveOf(userId, lvl)).toEqual({ kind: 'empty' });
  }, 60_000);

  it('takes a problem served by id (a review card) out of the round', async () => {
    const lvl = 'round-c';
    await upsertBankProblems(handle.db, Array.from({ length: 6 }, (_, i) => problem(i, lvl)));
    const userId = await newLearner();
    const round = [await servedId(userId, lvl)];
    const notYet = Array.from({ length: 6 }, (_, i) => `${lvl}-${i}`).find((id) => !round.includes(id))!;
    expect(await serveOf(userId, lvl, { problemId: notYet })).toMatchObject({ kind: 'served', problemId: notYet });
    for (let i = 0; i < 4; i++) round.push(await servedId(userId, lvl));
    expect(round).not.toContain(notYet);
    expect(new Set([...round, notYet]).size).toBe(6);
  }, 60_000);

  it('lets exactly one of 10 concurrent serves at limit-1 through, and serves distinct problems concurrently', async () => {
    const lvl = 'round-d';
    await upsertBankProblems(handle.db, Array.from({ length: 30 }, (_, i) => problem(i, lvl)));
    await upsertBankProblems(handle.db, Array.from({ length: 7 }, (_, i) => problem(i, 'round-d2')));
    const userId = await newLearner();
    for (let i = 0; i < 4; i++) await serveOf(userId, lvl, { dailyLimit: 5 });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => serveOf(userId, lvl, { dailyLimit: 5 })));
    expect(outcomes.filter((o) => o.kind === 'served')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'limit')).toHaveLength(9);
    const usage = await handle.db.selectFrom('daily_usage').select('count').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(usage.count).toBe(5);
    // Without a limit, concurrent serves inside a round each take a different problem of the deck.
    const other = await newLearner();
    await servedId(other, lvl);
    const many = await Promise.all(Array.from({ length: 10 }, () => serveOf(other, lvl)));
    const ids = many.map((o) => (o.kind === 'served' ? o.problemId : o.kind));
    expect(new Set(ids).size).toBe(10);
    // Across round boundaries (two serves may both deal a round): no error, every request served.
    const third = await newLearner();
    for (let batch = 0; batch < 8; batch++) {
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => serveOf(third, 'round-d2')));
      expect(outcomes.map((o) => o.kind)).toEqual(Array.from({ length: 10 }, () => 'served'));
    }
  }, 60_000);
});
