import { sql } from 'kysely';
import type { Db } from '../index.js';
import { isServerDatabase } from '../server-db.js';

/** Recently served problems are not repeated right away, even once a level's bank is exhausted. */
export const RECENT_WINDOW = 5;

export type ServeOutcome =
  /** A new problem, counted against the day: `count` is the day's count including it. */
  | { kind: 'served'; problemId: string; japanese: string; level: string; count: number }
  /** This request id was served before (a repeat or a double click): nothing counted again. */
  | { kind: 'repeat'; problemId: string; japanese: string; level: string; count: number }
  /** The daily limit was reached: nothing served or counted. */
  | { kind: 'limit' }
  /** The level has no active problem. */
  | { kind: 'empty' };

/**
 * Serves the next problem of a level in ONE statement (one round trip), all or nothing:
 * - a request id already served returns that problem and counts nothing;
 * - otherwise the JST day's counter moves only while below the limit (ON CONFLICT DO UPDATE locks the
 *   counter row, so concurrent requests at limit-1 give exactly one success), and only when the level
 *   has a problem to serve;
 * - the problem is one of the level's active problems this learner was served least often
 *   (problem_serve_counts, a primary-key probe per problem), never one of the last RECENT_WINDOW served
 *   when there is another (problem_serves_user_level_recent_idx, five entries): neither grows with the history.
 * A concurrent duplicate of the same request id fails this statement with a unique violation (23505)
 * and changes nothing; the caller then reads the winner's problem with findServeByRequest.
 *
 * On a PostgreSQL server, outside a caller's transaction, the statement commits asynchronously
 * (`synchronous_commit = off` for its own implicit transaction only; decision 032): the learner's
 * counter row stays locked until the commit, and a synchronous commit holds it through the WAL flush
 * (1.5-4 ms on this machine's disk), which serialised one learner's requests at one flush each. A crash
 * of the server (not of the API) can forget serves of its last ~0.6 s (3 x wal_writer_delay): each such
 * problem then counts as never served (an answer to it is refused with "show a new problem", the day's
 * count is one lower). Answers, payments and everything else commit synchronously, and a synchronous
 * commit flushes all WAL before it, so the serve of an answer that was stored is stored too.
 */
export async function serveProblem(
  db: Db,
  input: { userId: string; level: string; day: string; requestId: string; dailyLimit: number | null; now: Date; problemId?: string },
): Promise<ServeOutcome> {
  const { userId, level, day, requestId, dailyLimit, now } = input;
  // With problemId (a due review card, a scenario's problem): exactly that problem, active or not.
  // Two statement texts, not one CASE on a parameter: a prepared statement's generic plan can use
  // problems' indexes only on a condition it sees (with the CASE it scanned all problems).
  const candidates = (alias: string) =>
    input.problemId === undefined
      ? sql`${sql.ref(`${alias}.level`)} = ${level} and ${sql.ref(`${alias}.is_active`)}`
      : sql`${sql.ref(`${alias}.id`)} = ${input.problemId}`;
  // Only for the statement's own implicit transaction: in a caller's transaction `is_local` would
  // make every other write of that transaction asynchronous too.
  const asyncCommit = isServerDatabase(db) ? sql`\n      set_config('synchronous_commit', 'off', true) as async_commit,` : sql``;
  const result = await sql<{
    counted: number | null;
    picked_id: string | null;
    picked_japanese: string | null;
    repeat_id: string | null;
    repeat_japanese: string | null;
    repeat_level: string | null;
    usage: number | null;
    has_problems: boolean;
  }>`
    with repeat as (
      select s.problem_id, s.level, p.japanese
      from problem_serves s join problems p on p.id = s.problem_id
      where s.user_id = ${userId} and s.request_id = ${requestId}
    ),
    available as (
      select exists (select 1 from problems a where ${candidates('a')}) as has_problems
    ),
    counted as (
      insert into daily_usage as u (user_id, day, count)
      select ${userId}, ${day}, 1
      where not exists (select 1 from repeat) and (select has_problems from available)
        and (${dailyLimit}::int is null or ${dailyLimit}::int > 0)
      on conflict (user_id, day) do update set count = u.count + 1
      where ${dailyLimit}::int is null or u.count < ${dailyLimit}::int
      returning u.count
    ),
    recent as (
      select problem_id from problem_serves
      where user_id = ${userId} and level = ${level}
      order by served_at desc, id desc
      limit ${RECENT_WINDOW}
    ),
    pick as (
      select p.id, p.japanese
      from problems p
      where ${candidates('p')}
        and exists (select 1 from counted)
      -- The tally as a correlated primary-key probe, not a join: without statistics (PGlite has no
      -- autovacuum) the planner joined the learner's whole tally to every problem of the level
      -- (210 x served rows compared, 6 ms on PGlite); a probe per problem does not grow with history.
      order by p.id in (select problem_id from recent),
        coalesce((select c.times from problem_serve_counts c where c.user_id = ${userId} and c.problem_id = p.id), 0),
        random()
      limit 1
    ),
    served as (
      insert into problem_serves (user_id, problem_id, level, day, served_at, request_id)
      select ${userId}, id, ${level}, ${day}, ${now}, ${requestId} from pick
      returning problem_id
    ),
    tallied as (
      insert into problem_serve_counts as t (user_id, problem_id, times)
      select ${userId}, id, 1 from pick
      on conflict (user_id, problem_id) do update set times = t.times + 1
      returning problem_id
    )
    select${asyncCommit}
      (select count from counted) as counted,
      (select id from pick) as picked_id,
      (select japanese from pick) as picked_japanese,
      (select problem_id from repeat) as repeat_id,
      (select japanese from repeat) as repeat_japanese,
      (select level from repeat) as repeat_level,
      (select count from daily_usage where user_id = ${userId} and day = ${day}) as usage,
      (select has_problems from available) as has_problems,
      (select count(*) from served) + (select count(*) from tallied) as writes
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('serveProblem returned no row');
  if (row.repeat_id && row.repeat_japanese && row.repeat_level) {
    return { kind: 'repeat', problemId: row.repeat_id, japanese: row.repeat_japanese, level: row.repeat_level, count: row.usage ?? 0 };
  }
  if (!row.has_problems) return { kind: 'empty' };
  if (row.counted === null || !row.picked_id || !row.picked_japanese) return { kind: 'limit' };
  return { kind: 'served', problemId: row.picked_id, japanese: row.picked_japanese, level, count: row.counted };
}

/** The problem already served for this request id, with the day's count (a repeated request). */
export async function findServeByRequest(
  db: Db,
  input: { userId: string; requestId: string; day: string },
): Promise<{ problemId: string; japanese: string; level: string; count: number } | undefined> {
  const row = await db
    .selectFrom('problem_serves as s')
    .innerJoin('problems as p', 'p.id', 's.problem_id')
    .select(['p.id', 'p.japanese', 's.level'])
    .select((eb) =>
      eb
        .selectFrom('daily_usage')
        .select('count')
        .where('user_id', '=', input.userId)
        .where('day', '=', input.day)
        .as('count'),
    )
    .where('s.user_id', '=', input.userId)
    .where('s.request_id', '=', input.requestId)
    .executeTakeFirst();
  return row ? { problemId: row.id, japanese: row.japanese, level: row.level, count: row.count ?? 0 } : undefined;
}

/** Problems counted against the learner's limit on a JST day. */
export async function getServedToday(db: Db, userId: string, day: string): Promise<number> {
  const row = await db.selectFrom('daily_usage').select('count').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
  return row?.count ?? 0;
}
