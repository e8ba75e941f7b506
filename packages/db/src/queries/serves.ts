import { sql } from 'kysely';
import type { Db } from '../index.js';
import { compileOnce } from '../compiled.js';
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

type ServeInput = { userId: string; level: string; day: string; requestId: string; dailyLimit: number | null; now: Date; problemId?: string };
type ServeParams = Required<Omit<ServeInput, 'problemId'>> & { problemId: string | undefined };
type ServeRow = {
  counted: number | null;
  picked_id: string | null;
  picked_japanese: string | null;
  repeat_id: string | null;
  repeat_japanese: string | null;
  repeat_level: string | null;
  usage: number | null;
  has_problems: boolean;
};

/**
 * The serve statement has four shapes (a PostgreSQL server or PGlite; a level's next problem or one
 * problem by id), each built and compiled once (compiled.ts, decisions 037 and 042): Kysely otherwise
 * rebuilt and compiled its ~4 KB of SQL on every request.
 */
function serveStatement(server: boolean, byId: boolean) {
  return compileOnce<ServeParams, ServeRow>((db, param) => {
    const userId = param('userId');
    const level = param('level');
    const day = param('day');
    const requestId = param('requestId');
    const dailyLimit = param('dailyLimit');
    const now = param('now');
    const problemId = param('problemId');
    // PGlite runs one statement at a time in its one session: no concurrent serve can take a position,
    // and the row lock would only cost a heap write and a WAL record.
    const lockPosition = server ? sql`\n      for update of d` : sql``;
    // Two statement texts, not one CASE on a parameter: a prepared statement's generic plan can use
    // the indexes only on a condition it sees (with a CASE it scanned all problems).
    const available =
      !byId
        ? sql`select 1 from problems a where a.level = ${level} and a.is_active`
        : sql`select 1 from problems a where a.id = ${problemId}`;
    const choice =
      !byId
        ? sql`
      next_in_deck as (
        select d.problem_id
        from problem_decks d join problems p on p.id = d.problem_id
        where d.user_id = ${userId} and d.level = ${level} and p.level = ${level} and p.is_active
          and exists (select 1 from counted)
        order by d.position
        limit 1${lockPosition}
      ),
      recent as (
        select problem_id, min(age) as age from (
          select problem_id, row_number() over (order by served_at desc, id desc) as age
          from problem_serves
          where user_id = ${userId} and level = ${level}
          order by served_at desc, id desc
          limit ${RECENT_WINDOW}
        ) r group by problem_id
      ),
      dealt as (
        select p.id, coalesce(1 + ${RECENT_WINDOW}::int - r.age, random()) as position
        from problems p left join recent r on r.problem_id = p.id
        where p.level = ${level} and p.is_active
          and exists (select 1 from counted) and not exists (select 1 from next_in_deck)
      ),
      chosen as (
        select problem_id as id from next_in_deck
        union all
        (select id from dealt order by position limit 1)
      ),
      pick as (
        select p.id, p.japanese from problems p where p.id = (select id from chosen limit 1)
      ),
      taken as (
        delete from problem_decks
        where user_id = ${userId} and problem_id in (select problem_id from next_in_deck)
        returning 1
      ),
      cleared as (
        delete from problem_decks
        where user_id = ${userId} and level = ${level} and exists (select 1 from dealt)
        returning 1
      ),
      deck as (
        insert into problem_decks as k (user_id, problem_id, level, position)
        select ${userId}, id, ${level}, position from dealt where id <> (select id from pick)
        on conflict (user_id, problem_id) do update set level = excluded.level, position = excluded.position
        returning 1
      )`
        : sql`
      pick as (
        select p.id, p.japanese from problems p where p.id = ${problemId} and exists (select 1 from counted)
      ),
      taken as (
        delete from problem_decks where user_id = ${userId} and problem_id in (select id from pick)
        returning 1
      )`;
    // Only for the statement's own implicit transaction: in a caller's transaction `is_local` would
    // make every other write of that transaction asynchronous too.
    const asyncCommit = server ? sql`\n      set_config('synchronous_commit', 'off', true) as async_commit,` : sql``;
    const statement = sql<ServeRow>`
      with repeat as (
        select s.problem_id, s.level, p.japanese
        from problem_serves s join problems p on p.id = s.problem_id
        where s.user_id = ${userId} and s.request_id = ${requestId}
      ),
      available as (
        select exists (${available}) as has_problems
      ),
      counted as (
        insert into daily_usage as u (user_id, day, count)
        select ${userId}, ${day}, 1
        where not exists (select 1 from repeat) and (select has_problems from available)
          and (${dailyLimit}::int is null or ${dailyLimit}::int > 0)
        on conflict (user_id, day) do update set count = u.count + 1
        where ${dailyLimit}::int is null or u.count < ${dailyLimit}::int
        returning u.count
      ),${choice},
      served as (
        insert into problem_serves (user_id, problem_id, level, day, served_at, request_id)
        select ${userId}, id, ${level}, ${day}, ${now}, ${requestId} from pick
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
        (select has_problems from available) as has_problems
    `;
    return { compile: () => statement.compile(db) };
  });
}

const serveStatements = {
  pglite: { level: serveStatement(false, false), byId: serveStatement(false, true) },
  server: { level: serveStatement(true, false), byId: serveStatement(true, true) },
};

/**
 * Serves the next problem of a level in ONE statement (one round trip), all or nothing:
 * - a request id already served returns that problem and counts nothing;
 * - otherwise the JST day's counter moves only while below the limit (ON CONFLICT DO UPDATE locks the
 *   counter row, so concurrent requests at limit-1 give exactly one success), and only when the level
 *   has a problem to serve;
 * - the problem is dealt from the learner's round of the level (problem_decks, decision 036): every
 *   active problem once per round, in a random order. The next one is the deck's lowest position that
 *   is still an active problem of the level (an index probe, not a pass over the level's problems); it
 *   leaves the deck. When none is left, the statement deals a new round from the level's active
 *   problems (about one row per serve, amortised): the learner's last RECENT_WINDOW served of the level
 *   go last, oldest first, so a round's end is not repeated at the next one's start; the first of the
 *   new round is served, the rest make the deck. A problem the admin adds joins at the next round; one
 *   deactivated (or moved to another level) is skipped and leaves at the next deal;
 * - with `problemId` (a due review card, a scenario's problem) exactly that problem, active or not;
 *   it leaves the learner's deck, so it is not dealt again in the same round.
 * A concurrent duplicate of the same request id fails this statement with a unique violation (23505)
 * and changes nothing; the caller then reads the winner's problem with findServeByRequest.
 *
 * Concurrent serves of one learner (a PostgreSQL server; PGlite runs one statement at a time): the
 * statement's snapshot is taken before it waits for the counter row's lock, so the deck is read
 * `for update`: a position another serve took (deleted) is skipped and the next one is dealt. Two
 * serves that both find the deck empty both deal a round (the second's rows replace the first's, ON
 * CONFLICT): then at most the two problems they served come again in that round. A concurrent
 * duplicate's statement fails on the request id (above) and rolls back its deck change with the rest.
 *
 * On a PostgreSQL server, outside a caller's transaction, the statement commits asynchronously
 * (`synchronous_commit = off` for its own implicit transaction only; decision 032): the learner's
 * counter row stays locked until the commit, and a synchronous commit holds it through the WAL flush
 * (1.5-4 ms on this machine's disk), which serialised one learner's requests at one flush each. A crash
 * of the server (not of the API) can forget serves of its last ~0.6 s (3 x wal_writer_delay): each such
 * problem then counts as never served (an answer to it is refused with "show a new problem", the day's
 * count is one lower, and it may be dealt again in the round). Answers, payments and everything else
 * commit synchronously, and a synchronous commit flushes all WAL before it, so the serve of an answer
 * that was stored is stored too.
 */
export async function serveProblem(db: Db, input: ServeInput): Promise<ServeOutcome> {
  const { userId, level, day, requestId, dailyLimit, now, problemId } = input;
  const statement = serveStatements[isServerDatabase(db) ? 'server' : 'pglite'][problemId === undefined ? 'level' : 'byId'];
  const result = await statement(db, { userId, level, day, requestId, dailyLimit, now, problemId });
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
