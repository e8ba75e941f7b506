import { randomUUID } from 'node:crypto';
import { TEXT } from '@shunkan/config/texts';
import { attemptGroupStats } from '@shunkan/db/attempts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { requests, signUp, startTestServer } from './harness.js';

// Dropped connections only exist on a PostgreSQL server (PGlite runs in the process); `pnpm test` runs
// this file in its PostgreSQL pass (TEST_DATABASE_URL), which CI always has.
const serverUrl = process.env.TEST_DATABASE_URL;

type Outcome = { kind: 'problem' | 'evaluate' | 'read' | 'trpc'; startedAt: number; endedAt: number; status: number; body: Record<string, unknown> };

describe.skipIf(!serverUrl)('PostgreSQL drops the API connections under load', () => {
  let server: ServerHandle;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    // Limits out of the way: this test is about the database, not about quotas.
    server = await startTestServer({ DAILY_LIMIT_TRIAL: '100000', RATE_LIMIT_PER_MIN: '100000', RATE_LIMIT_AI_PER_MIN: '100000', RATE_LIMIT_AUTH_PER_MIN: '100000', RATE_LIMIT_BILLING_PER_MIN: '100000' });
    const row = await sql<{ name: string }>`select current_database() as name`.execute(server.database.db);
    databaseName = row.rows[0]?.name ?? '';
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
  });

  const { call: request } = requests(() => server);

  /** Every server session of the API's database, busy or idle, is killed (as an operator or a failover would). */
  async function terminateApiConnections(): Promise<number> {
    const result = await admin.query<{ killed: boolean }>(
      'select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return result.rows.filter((r) => r.killed).length;
  }

  it('answers 503 with a Japanese message while it lasts, recovers without a restart, loses no acknowledged answer and stores none twice', async () => {
    const learners = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { idToken } = await signUp();
        const trial = await request('POST', '/api/start-trial', idToken, {});
        expect(trial.status).toBe(200);
        return idToken;
      }),
    );

    const outcomes: Outcome[] = [];
    const kills: number[] = [];
    let running = true;
    async function timed(kind: Outcome['kind'], run: () => Promise<{ status: number; body: Record<string, unknown> }>) {
      const startedAt = Date.now();
      const result = await run();
      outcomes.push({ kind, startedAt, endedAt: Date.now(), ...result });
      return result;
    }
    async function learnerLoop(token: string, index: number) {
      while (running) {
        const problem = await timed('problem', () => request('POST', '/api/problem', token, { difficultyLevel: 'toeic' }));
        const problemId = problem.status === 200 ? problem.body.problemId : undefined;
        if (typeof problemId === 'string') {
          // Each answer named, as the web does (decision 064): an answer is stored at most once.
          await timed('evaluate', () =>
            request('POST', '/api/evaluate-with-claude', token, { problemId, userTranslation: `My answer number ${index}.`, submissionId: randomUUID() }),
          );
        }
        await timed('read', () => request('GET', '/api/user-subscription', token));
        await timed('trpc', async () => {
          const response = await server.app.inject({ method: 'GET', url: '/api/trpc/practice.today', headers: { authorization: `Bearer ${token}` } });
          const json = response.json() as { error?: { message: string; data: { code: string } } };
          return { status: response.statusCode, body: json.error ? { message: json.error.message, code: json.error.data.code } : {} };
        });
      }
    }

    const load = Promise.all(learners.map((token, i) => learnerLoop(token, i)));
    let killed = 0;
    for (const pause of [700, 900, 900]) {
      await new Promise((r) => setTimeout(r, pause));
      kills.push(Date.now());
      killed += await terminateApiConnections();
    }
    // The outage is over: the API must be back on its own, without a restart.
    await new Promise((r) => setTimeout(r, 1500));
    const recoveredFrom = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    running = false;
    await load;

    expect(killed).toBeGreaterThan(0);
    const statuses = new Set(outcomes.map((o) => o.status));
    // Only successes and "try again": never a 500, a crash or an internal message.
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) {
      expect(o.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable });
      // Each 503 belongs to the outage: under way at a kill, or sent before the outage was over and
      // handed a pooled connection killed then (none before the first kill; every request sent after
      // it is served, below). The pool learns of a killed idle connection only when the server's
      // notice of it is read: "within 1 s of a kill" failed on a loaded machine (load 20: a request
      // sent 1.2 s after a kill met a connection killed by it, 2 of 2 runs on PostgreSQL).
      expect(o.endedAt >= (kills[0] ?? 0) && o.startedAt < recoveredFrom, `503 (${o.kind}) at ${o.startedAt}-${o.endedAt}, kills ${kills.join(',')}, outage over at ${recoveredFrom}`).toBe(true);
    }
    const after = outcomes.filter((o) => o.startedAt >= recoveredFrom);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((o) => o.status === 200)).toBe(true);

    // Every answer the API acknowledged (200 with an attempt id) is stored, and none is stored twice.
    const acknowledged = outcomes.filter((o) => o.kind === 'evaluate' && o.status === 200).map((o) => String(o.body.attemptId));
    expect(acknowledged.length).toBeGreaterThan(0);
    const rows = await server.database.db.selectFrom('attempts').select('id').where('id', 'in', acknowledged).execute();
    expect(rows.map((r) => String(r.id)).sort()).toEqual([...new Set(acknowledged)].sort());
    const repeated = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from attempts where submission_id is not null group by user_id, submission_id having count(*) > 1) as twice`.execute(server.database.db);
    expect(repeated.rows[0]?.n).toBe(0);

    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 60_000);

  it('a group of answers whose statement the database cut: every one 503 in Japanese, none stored, each stored once when sent again (decision 054, 060)', async () => {
    const learners = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { idToken } = await signUp();
        expect((await request('POST', '/api/start-trial', idToken, {})).status).toBe(200);
        // One answer first, so that the learner's daily summary row exists.
        const served = await request('POST', '/api/problem', idToken, { difficultyLevel: 'toeic' });
        expect((await request('POST', '/api/evaluate-with-claude', idToken, { problemId: served.body.problemId, userTranslation: 'A first answer.' })).status).toBe(200);
        return idToken;
      }),
    );
    const problems = [];
    for (const token of learners) {
      for (let k = 0; k < 4; k++) problems.push({ token, problemId: String((await request('POST', '/api/problem', token, { difficultyLevel: 'toeic' })).body.problemId) });
    }
    // Another session holds the learners' daily summary rows: the attempts' statements wait on them,
    // so they are in flight, as long as needed, when the API's sessions are terminated.
    const apiDatabaseUrl = new URL(serverUrl ?? '');
    apiDatabaseUrl.pathname = `/${databaseName}`;
    const holder = new pg.Client({ connectionString: apiDatabaseUrl.toString() });
    await holder.connect();
    const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    const before = { ...attemptGroupStats };
    let results: { answer: string; token: string; problemId: string; status: number; body: Record<string, unknown> }[] = [];
    try {
      await holder.query('begin');
      await holder.query('select 1 from learning_days where user_id in (select id from users where firebase_uid is not null) for update');
      const waitingStatements = async () =>
        Number(
          (await admin.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> $2", [databaseName, holderPid]))
            .rows[0]?.n ?? 0,
        );
      const untilWaiting = async () => {
        for (let i = 0; i < 200 && (await waitingStatements()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
      };
      const kill = () => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and pid <> $2', [databaseName, holderPid]);
      const answers = Promise.all(
        problems.map(async ({ token, problemId }, k) => {
          const answer = `I am sure that answer ${k} is stored once.`;
          return { answer, token, problemId, ...(await request('POST', '/api/evaluate-with-claude', token, { problemId, userTranslation: answer })) };
        }),
      );
      // The first answer's statement waits on the lock; the others gather behind it into one group.
      await untilWaiting();
      await new Promise((r) => setTimeout(r, 1500));
      await kill();
      // The group's one statement now waits on the lock in turn: cut it too.
      await untilWaiting();
      await kill();
      await holder.query('rollback');
      results = await answers;
    } finally {
      await holder.end().catch(() => undefined);
    }
    // Every answer of the cut statements was refused with "try again", none stored.
    expect(results.map((r) => r.status)).toEqual(results.map(() => 503));
    for (const r of results) expect(r.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable });
    const storedOf = async (answer: string) => (await server.database.db.selectFrom('attempts').select('id').where('answer', '=', answer).execute()).length;
    for (const r of results) expect(await storedOf(r.answer), r.answer).toBe(0);
    // One group failed as a whole (the lone first statement failed alone), none run again one by one.
    expect(attemptGroupStats.failedTogether - before.failedTogether).toBe(1);
    expect(attemptGroupStats.fallbacks).toBe(before.fallbacks);
    // Sent again (together, as a group again): each stored once.
    const retries = await Promise.all(results.map((r) => request('POST', '/api/evaluate-with-claude', r.token, { problemId: r.problemId, userTranslation: r.answer })));
    expect(retries.map((r) => r.status)).toEqual(results.map(() => 200));
    for (const r of results) expect(await storedOf(r.answer), r.answer).toBe(1);
  }, 120_000);

  it('sessions killed at random while answers are stored in groups: only 200 or 503, no acknowledged answer lost, none stored twice, a retry with its submission id leaves each stored once (decisions 060, 064)', async () => {
    // Many answers at once, so that they are stored in groups (one statement for all), and the API's
    // sessions terminated while those statements are in flight.
    const learners = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { idToken } = await signUp();
        expect((await request('POST', '/api/start-trial', idToken, {})).status).toBe(200);
        return idToken;
      }),
    );
    const groupsBefore = attemptGroupStats.groups;
    type Sent = { token: string; problemId: string; answer: string; submissionId: string; status: number; body: Record<string, unknown> };
    const sent: Sent[] = [];
    let killed = 0;
    for (const [round, delay] of [0, 8, 25].entries()) {
      const problems = await Promise.all(
        learners.flatMap((token) =>
          Array.from({ length: 6 }, async () => {
            for (;;) {
              const served = await request('POST', '/api/problem', token, { difficultyLevel: 'toeic' });
              if (served.status === 200) return { token, problemId: String(served.body.problemId) };
            }
          }),
        ),
      );
      const answers = Promise.all(
        problems.map(async ({ token, problemId }, k) => {
          const answer = `I think round ${round} answer ${k} is right.`;
          const submissionId = randomUUID();
          const response = await request('POST', '/api/evaluate-with-claude', token, { problemId, userTranslation: answer, submissionId });
          sent.push({ token, problemId, answer, submissionId, ...response });
        }),
      );
      await new Promise((r) => setTimeout(r, delay));
      killed += await terminateApiConnections();
      await answers;
    }
    expect(killed).toBeGreaterThan(0);
    expect(attemptGroupStats.groups).toBeGreaterThan(groupsBefore);
    expect([...new Set(sent.map((s) => s.status))].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const refused = sent.filter((s) => s.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const s of refused) expect(s.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable });

    // Counted through the API's own pool: an idle connection of it that the last kill ended may be
    // handed out before the pool has heard of its end ("Connection terminated unexpectedly"): the
    // count is read again on a fresh one, as the product's next request would be.
    async function storedCount(answer: string): Promise<number> {
      for (let attempt = 1; ; attempt++) {
        try {
          const rows = await server.database.db.selectFrom('attempts').select('id').where('answer', '=', answer).execute();
          return rows.length;
        } catch (error) {
          if (attempt >= 5 || !/terminat/i.test(String((error as Error).message))) throw error;
        }
      }
    }
    // Every acknowledged answer is stored once; a refused one at most once (a commit whose reply the
    // kill cut is stored though refused).
    for (const s of sent.filter((s) => s.status === 200)) expect(await storedCount(s.answer), s.answer).toBe(1);
    for (const s of refused) expect(await storedCount(s.answer), s.answer).toBeLessThanOrEqual(1);
    // The learner's retry of each refused answer, with its submission id, leaves it stored once.
    for (const s of refused) {
      const retry = await request('POST', '/api/evaluate-with-claude', s.token, { problemId: s.problemId, userTranslation: s.answer, submissionId: s.submissionId });
      expect(retry.status).toBe(200);
      expect(await storedCount(s.answer)).toBe(1);
      // ...and sent once more, it is answered with the same attempt, nothing stored again.
      const again = await request('POST', '/api/evaluate-with-claude', s.token, { problemId: s.problemId, userTranslation: s.answer, submissionId: s.submissionId });
      expect(again.body.attemptId).toBe(retry.body.attemptId);
      expect(await storedCount(s.answer)).toBe(1);
    }
  }, 120_000);

  it('still sends every page its configuration, with the last plan catalogue read, while the database refuses connections', async () => {
    // The catalogue's first read: a pooled connection the previous test's kills ended may fail it
    // once (public-config then sends the empty last catalogue); the next read is on a fresh one.
    let plans: unknown[] = [];
    for (let attempt = 0; attempt < 5 && plans.length === 0; attempt++) {
      const before = await server.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(before.statusCode).toBe(200);
      plans = (before.json() as { plans: unknown[] }).plans;
    }
    expect(plans.length).toBeGreaterThan(0);
    await admin.query(`alter database "${databaseName}" with allow_connections false`);
    try {
      await terminateApiConnections();
      const during = await server.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(during.statusCode).toBe(200);
      expect((during.json() as { plans: unknown[] }).plans).toEqual(plans);
      // The database really is away for the API: a read of it answers "try again".
      const { idToken } = await signUp();
      expect((await request('GET', '/api/user-subscription', idToken)).status).toBe(503);
    } finally {
      await admin.query(`alter database "${databaseName}" with allow_connections true`);
    }
    const after = await server.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(after.statusCode).toBe(200);
  }, 60_000);
});
