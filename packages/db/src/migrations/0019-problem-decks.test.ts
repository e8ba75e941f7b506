import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../index.js';
import { createTestDatabase } from '../testing.js';
import { serveProblem } from '../queries/serves.js';
import { migrations } from './index.js';

let handle: DbHandle;

// A database at 0018 (the per-problem tally), so that 0019 builds decks from real rows.
beforeAll(async () => {
  handle = await createTestDatabase({ migrateBefore: '0019', maxConnections: 5 });
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const level = 'deck-migration';
const ids = (...numbers: number[]) => numbers.map((i) => `${level}-${i}`);

async function seed(firebaseUid: string, history: string[]): Promise<string> {
  const userId = (await sql<{ id: string }>`insert into users (firebase_uid, email, email_verified) values (${firebaseUid}, null, true) returning id`.execute(handle.db)).rows[0]!.id;
  for (const [i, problemId] of history.entries()) {
    await sql`insert into problem_serves (user_id, problem_id, level, day, served_at) values (${userId}, ${problemId}, ${level}, '2026-11-24', ${new Date(Date.UTC(2026, 10, 24, 0, i))})`.execute(handle.db);
  }
  await sql`insert into problem_serve_counts (user_id, problem_id, times) select user_id, problem_id, count(*)::int from problem_serves where user_id = ${userId} group by 1, 2`.execute(handle.db);
  return userId;
}

it('keeps each learner\'s place in the round it was in under the per-problem tally', async () => {
  for (const [i, id] of ids(0, 1, 2, 3, 4, 5, 6, 7, 8).entries()) {
    await sql`insert into problems (id, level, japanese, answers, grammar_point, explanation, synonyms, similar_phrases, source, is_active)
      values (${id}, ${level}, ${`文 ${i}`}, '[]', 't', 't', '{}', '[]', 'bank', ${i !== 8})`.execute(handle.db);
  }
  // Mid-round: 0 twice (its previous round), 1-4 once, 5-7 never (8 is inactive).
  const midRound = await seed('mid-round', ids(0, 0, 1, 2, 3, 4));
  // A round just ended: 0-7 once each; the last five (3-7) go last, oldest first.
  const roundEnded = await seed('round-ended', ids(0, 1, 2, 3, 4, 5, 6, 7));
  const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true }).migrateToLatest();
  expect(error).toBeUndefined();

  const serveAll = async (userId: string, count: number) => {
    const served: string[] = [];
    for (let i = 0; i < count; i++) {
      const outcome = await serveProblem(handle.db, { userId, level, day: '2026-11-25', requestId: `m-${userId}-${i}`, dailyLimit: null, now: new Date() });
      served.push(outcome.kind === 'served' ? outcome.problemId : outcome.kind);
    }
    return served;
  };
  expect(new Set(await serveAll(midRound, 3))).toEqual(new Set(ids(5, 6, 7)));
  const next = await serveAll(roundEnded, 8);
  expect(new Set(next.slice(0, 3))).toEqual(new Set(ids(0, 1, 2)));
  expect(next.slice(3)).toEqual(ids(3, 4, 5, 6, 7));
  const tally = await sql<{ exists: boolean }>`select to_regclass('problem_serve_counts') is not null as exists`.execute(handle.db);
  expect(tally.rows[0]?.exists).toBe(false);
}, 60_000);
