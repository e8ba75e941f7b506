import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEXT } from '@shunkan/config/texts';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { createTestDatabase } from '@shunkan/db/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { messageOf, NO_RATE_LIMITS, requests, signUp, startTestServer } from './harness.js';

/**
 * Eighth security and fault probe (decision 088). HTTP through `inject` and through a real listening
 * socket, against the real parts (the Auth emulator, PGlite, PostgreSQL with TEST_DATABASE_URL).
 */

const serverUrl = process.env.TEST_DATABASE_URL;

async function trialLearner(post: ReturnType<typeof requests>['post']) {
  const account = await signUp();
  expect((await post('/api/start-trial', account.idToken)).statusCode).toBe(200);
  return account;
}

async function served(post: ReturnType<typeof requests>['post'], token: string): Promise<string> {
  const problem = await post('/api/problem', token, { difficultyLevel: 'toeic' });
  expect(problem.statusCode).toBe(200);
  return (problem.json() as { japaneseSentence: string }).japaneseSentence;
}

/** Resolves with the answer, or with 'still waiting' after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);
}

describe.skipIf(!serverUrl)('a lock held by another session (PostgreSQL)', () => {
  let server: ServerHandle;
  let databaseUrl: string;
  beforeAll(async () => {
    server = await startTestServer({ ...NO_RATE_LIMITS, DAILY_LIMIT_TRIAL: '100000' });
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(server.database.db)).rows[0]?.name ?? '';
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  const { post, get } = requests(() => server);

  /**
   * A trial learner who has answered once (so that their daily summary row exists) and has the next
   * problem served, and another session (an operator's, a stuck job's, another instance's migration)
   * holding that row in an open transaction.
   */
  async function learnerBehindHeldRow() {
    const learner = await trialLearner(post);
    const japaneseSentence = await served(post, learner.idToken);
    expect((await post('/api/evaluate-with-claude', learner.idToken, { japaneseSentence, userTranslation: 'A first answer.', difficultyLevel: 'toeic' })).statusCode).toBe(200);
    const next = await served(post, learner.idToken);
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    await holder.query('begin');
    await holder.query('select 1 from learning_days where user_id in (select id from users where firebase_uid = $1) for update', [learner.localId]);
    return { learner, next, holder, holderPid };
  }

  it('bounds the wait: an answer and a read behind a lock get 503 in Japanese within seconds, nothing is stored, and are served once the lock is gone', async () => {
    // The learner's daily summary row is held, and then the attempts table itself (ALTER TABLE's lock:
    // reads wait too).
    const { learner, next, holder } = await learnerBehindHeldRow();
    const answer = 'I am waiting for a lock that is never given up.';
    const stored = async () => (await server.database.db.selectFrom('attempts').select('id').where('answer', '=', answer).execute()).length;
    try {
      const started = Date.now();
      const write = await within(post('/api/evaluate-with-claude', learner.idToken, { japaneseSentence: next, userTranslation: answer, difficultyLevel: 'toeic' }), 25_000);
      expect(write, 'the answer waited on the lock without a deadline').not.toBe('still waiting');
      const refused = write as InjectResponse;
      expect(refused.statusCode).toBe(503);
      expect(messageOf(refused)).toBe(TEXT.serviceUnavailable);
      expect(Date.now() - started).toBeLessThan(20_000);

      await holder.query('lock table attempts in access exclusive mode');
      const read = await within(get('/api/recent-sessions', learner.idToken), 25_000);
      expect(read, 'the read waited on the lock without a deadline').not.toBe('still waiting');
      expect((read as InjectResponse).statusCode).toBe(503);
      expect(messageOf(read as InjectResponse)).toBe(TEXT.serviceUnavailable);
      await holder.query('rollback');
    } finally {
      await holder.end().catch(() => undefined);
    }
    expect(await stored()).toBe(0);
    // The lock gone, the same answer is stored once and the read is served.
    expect((await post('/api/evaluate-with-claude', learner.idToken, { japaneseSentence: next, userTranslation: answer, difficultyLevel: 'toeic' })).statusCode).toBe(200);
    expect(await stored()).toBe(1);
    expect((await get('/api/recent-sessions', learner.idToken)).statusCode).toBe(200);
  }, 120_000);

  it('a statement an operator cancels (pg_cancel_backend) is a 503 in Japanese, not a 500', async () => {
    const { learner, next, holder, holderPid } = await learnerBehindHeldRow();
    try {
      const answer = post('/api/evaluate-with-claude', learner.idToken, { japaneseSentence: next, userTranslation: 'My statement is cancelled.', difficultyLevel: 'toeic' });
      const waiting = async () =>
        (await holder.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> $1", [holderPid])).rows;
      let pids: { pid: number }[] = [];
      for (let i = 0; i < 200 && pids.length === 0; i++) {
        pids = await waiting();
        if (pids.length === 0) await new Promise((r) => setTimeout(r, 25));
      }
      expect(pids.length).toBeGreaterThan(0);
      for (const { pid } of pids) await holder.query('select pg_cancel_backend($1)', [pid]);
      const cancelled = await answer;
      expect(cancelled.statusCode, cancelled.body.slice(0, 200)).toBe(503);
      expect(messageOf(cancelled)).toBe(TEXT.serviceUnavailable);
      await holder.query('rollback');
    } finally {
      await holder.end().catch(() => undefined);
    }
  }, 120_000);
});

/** Raw HTTP/1.1 on one kept-alive socket: requests written when asked, answers read in order. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let closed = false;
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => undefined);
  return {
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    /** The request's bytes: written now, or the first `split` bytes now and the rest when `rest()` is called. */
    send(method: string, url: string, token: string, body?: unknown, split?: number): { rest: () => void } {
      const payload = body === undefined ? '' : JSON.stringify(body);
      const bytes = Buffer.from(
        `${method} ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\nauthorization: Bearer ${token}\r\n` +
          (body === undefined ? '' : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`) +
          `\r\n${payload}`,
      );
      socket.write(bytes.subarray(0, split ?? bytes.length));
      return { rest: () => void socket.write(bytes.subarray(split ?? bytes.length)) };
    },
    /** The next whole answer (content-length framed), or null when the socket closed first. */
    async next(): Promise<{ status: number; headers: Record<string, string>; body: string } | null> {
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          const length = Number(headers['content-length'] ?? 0);
          if (buffer.length >= end + 4 + length) {
            const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
            buffer = buffer.subarray(end + 4 + length);
            return { status: Number(statusLine.split(' ')[1]), headers, body };
          }
        }
        if (closed) return null;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    get closed() {
      return closed;
    },
    destroy: () => socket.destroy(),
  };
}

describe('shutting down (SIGTERM) while learners are answering', () => {
  let server: ServerHandle;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let port: number;
  beforeAll(async () => {
    // The test's own handle on the server's database, closed after the test: what was stored is read
    // once the server has stopped.
    database = await createTestDatabase();
    server = await startTestServer({ ...NO_RATE_LIMITS, HOST: '127.0.0.1' }, { database: { ...database, close: async () => undefined } });
    port = Number(new URL(await server.start()).port);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });
  const { post } = requests(() => server);

  it('finishes the answer in flight, stores it and closes its connection, refuses a request still arriving with 503 in Japanese and the protective headers, and stops within seconds', async () => {
    const learner = await trialLearner(post);
    const japaneseSentence = await served(post, learner.idToken);
    const inFlight = rawConnection(port);
    const arriving = rawConnection(port);
    await Promise.all([inFlight.ready, arriving.ready]);
    const answer = 'I answered just before the server stopped.';

    // The database is held (another session's transaction; on PGlite the one session itself), so the
    // answer is in flight when the shutdown begins.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding: Promise<unknown>;
    let holder: pg.Client | undefined;
    if (serverUrl) {
      const name = (await sql<{ name: string }>`select current_database() as name`.execute(server.database.db)).rows[0]?.name ?? '';
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      await holder.query('begin');
      await holder.query('lock table attempts in exclusive mode');
      holding = held.then(() => holder?.query('rollback'));
    } else {
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      holding = server.database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        locked();
        await held;
      });
      await isLocked;
    }
    inFlight.send('POST', '/api/evaluate-with-claude', learner.idToken, { japaneseSentence, userTranslation: answer, difficultyLevel: 'toeic' });
    // Another request is on its way (its first bytes arrived, a slow network): it is complete only
    // once the shutdown has begun.
    const late = arriving.send('GET', '/api/user-subscription', learner.idToken, undefined, 20);
    await new Promise((r) => setTimeout(r, 500));
    const stopStarted = Date.now();
    const stopping = server.stop().then(() => Date.now());
    await new Promise((r) => setTimeout(r, 300));
    late.rest();
    const refused = await arriving.next();
    release();
    await holding;
    await holder?.end();

    expect(refused, 'the arriving request got no answer').not.toBeNull();
    expect(refused?.status).toBe(503);
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({ code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable });
    expect(refused?.headers['content-type']).toMatch(/^application\/json/);
    expect(refused?.headers['cache-control']).toBe('no-store');
    expect(refused?.headers['x-content-type-options']).toBe('nosniff');
    expect(refused?.headers['content-security-policy']).toBeTruthy();
    expect(refused?.headers.connection).toBe('close');

    const finished = await inFlight.next();
    expect(finished?.status, finished?.body).toBe(200);
    // Its connection is closed with the answer: a kept-alive connection held the shutdown for the
    // keep-alive timeout (72 s) before.
    expect(finished?.headers.connection).toBe('close');
    const stoppedAt = await within(stopping, 15_000);
    expect(stoppedAt, 'the shutdown waited for a kept-alive connection').not.toBe('still waiting');
    expect((stoppedAt as number) - stopStarted).toBeLessThan(15_000);
    inFlight.destroy();
    arriving.destroy();

    // The acknowledged answer was kept; new connections are refused.
    expect((await database.db.selectFrom('attempts').select('id').where('answer', '=', answer).execute()).length).toBe(1);
    const connect = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: Error & { code?: string }) => resolve(error.code ?? 'error'));
    });
    expect(connect).toBe('ECONNREFUSED');
  }, 120_000);
});

describe('invisible characters in an answer', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer({ ...NO_RATE_LIMITS, DAILY_LIMIT_TRIAL: '100000' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  const { post } = requests(() => server);

  it('grades the model answer with zero-width, soft-hyphen, joiner and direction marks inside its words as the model answer (pasted or typed on a phone, the learner cannot see them)', async () => {
    const learner = await trialLearner(post);
    type Graded = { rating: number; modelAnswer: string; feedback: string };
    for (const mark of ['\u200B', '\u00AD', '\u2060', '\u200C', '\u200E', '\u200F', '\uFEFF']) {
      const japaneseSentence = await served(post, learner.idToken);
      const first = await post('/api/evaluate-with-claude', learner.idToken, { japaneseSentence, userTranslation: 'I do not know.', difficultyLevel: 'toeic' });
      expect(first.statusCode).toBe(200);
      const { modelAnswer } = first.json() as Graded;
      // The mark inside every word of three letters or more (between its first two letters).
      const marked = modelAnswer.replace(/\b([A-Za-z])([A-Za-z]{2,})/g, `$1${mark}$2`);
      expect(marked).not.toBe(modelAnswer);
      const graded = await post('/api/evaluate-with-claude', learner.idToken, { japaneseSentence, userTranslation: marked, difficultyLevel: 'toeic' });
      expect(graded.statusCode).toBe(200);
      const body = graded.json() as Graded;
      expect(body.rating, `U+${mark.codePointAt(0)?.toString(16).toUpperCase()} in "${modelAnswer}": ${body.feedback}`).toBe(5);
    }
  }, 120_000);
});

describe('JSON the fuzz cannot send (its values go through JSON.stringify)', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(NO_RATE_LIMITS);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  const { post } = requests(() => server);
  const raw = (url: string, token: string, payload: string | Buffer) =>
    server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload });

  it('numbers past double range, duplicate keys, -0 and a byte-order mark: 400 in Japanese or the last key, never 5xx (held)', async () => {
    const learner = await trialLearner(post);
    const japaneseSentence = await served(post, learner.idToken);
    const goal = '/api/trpc/learning.setDailyGoal';
    const cases: Array<[string, string | Buffer, number]> = [
      [goal, '{"dailyGoal":1e400}', 400],
      [goal, '{"dailyGoal":-1e400}', 400],
      [goal, '{"dailyGoal":1e-400}', 400],
      [goal, '{"dailyGoal":-0}', 400],
      [goal, '{"dailyGoal":123456789012345678901234567890}', 400],
      [goal, '{"dailyGoal":5,"dailyGoal":1e400}', 400],
      [goal, '{"dailyGoal":1e400,"dailyGoal":5}', 200],
      // A byte-order mark before JSON may be ignored (RFC 8259): both doors do.
      [goal, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"dailyGoal":5}')]), 200],
      ['/api/problem', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"difficultyLevel":"toeic"}')]), 200],
      ['/api/evaluate-with-claude', JSON.stringify({ japaneseSentence, userTranslation: 'I see.', difficultyLevel: 'toeic' }).replace('}', ',"durationMs":1e400}'), 400],
      ['/api/evaluate-with-claude', `{"japaneseSentence":${JSON.stringify(japaneseSentence)},"userTranslation":"x","userTranslation":"I see.","difficultyLevel":"toeic"}`, 200],
      ['/api/problem', '{"difficultyLevel":"toeic","difficultyLevel":"no-such-level"}', 400],
    ];
    for (const [url, payload, status] of cases) {
      const answer = await raw(url, learner.idToken, payload);
      expect(answer.statusCode, `${url} ${payload.toString()}: ${answer.body.slice(0, 200)}`).toBe(status);
      if (status === 400) expect(messageOf(answer)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  }, 120_000);
});

describe.skipIf(Boolean(serverUrl))('the process receives SIGTERM under load (src/index.ts, PGlite on a data directory)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shunkan-probe8-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  /** The API as `pnpm start` runs it (tsx instead of the build), on the test's Auth emulator. */
  async function startProcess(): Promise<{ child: ChildProcess; base: string; exited: Promise<{ code: number | null; at: number }> }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        ...NO_RATE_LIMITS,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DAILY_LIMIT_TRIAL: '100000',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
    let output = '';
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line in 150 s:\n${output.slice(-2000)}`)), 150_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      void exited.then(() => reject(new Error(`exited before listening:\n${output.slice(-2000)}`)));
    });
    return { child, base, exited };
  }

  it('answers every request it took (200, or 503 in Japanese), keeps every acknowledged answer, exits 0 within seconds, and the data directory opens again', async () => {
    const first = await startProcess();
    const call = async (base: string, method: string, url: string, token: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const learners = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const { idToken } = await signUp();
        expect((await call(first.base, 'POST', '/api/start-trial', idToken, {})).status).toBe(200);
        return idToken;
      }),
    );
    const acknowledged: string[] = [];
    const outcomes: Array<{ status: number; message: unknown } | { error: string }> = [];
    let sent = 0;
    let stopping = false;
    // Each learner answers in a loop until the server is gone.
    const loops = learners.map(async (token, k) => {
      for (let round = 0; ; round++) {
        try {
          const problem = await call(first.base, 'POST', '/api/problem', token, { difficultyLevel: 'toeic' });
          outcomes.push({ status: problem.status, message: problem.body.message });
          if (problem.status !== 200) continue;
          const answer = `Learner ${k} gives answer ${round} before the end.`;
          sent++;
          const graded = await call(first.base, 'POST', '/api/evaluate-with-claude', token, { japaneseSentence: problem.body.japaneseSentence, userTranslation: answer, difficultyLevel: 'toeic' });
          outcomes.push({ status: graded.status, message: graded.body.message });
          if (graded.status === 200) acknowledged.push(answer);
        } catch (error) {
          // The connection refused or closed once the server has stopped listening.
          outcomes.push({ error: String((error as { cause?: { code?: string } }).cause?.code ?? error) });
          if (stopping) return;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 3_000));
    stopping = true;
    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    const { code, at } = await first.exited;
    await Promise.all(loops);
    expect(code).toBe(0);
    expect(at - signalledAt, 'time from SIGTERM to exit').toBeLessThan(15_000);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Every answer the server gave is 200 or a 503 in Japanese; the rest never reached it.
    for (const outcome of outcomes) {
      if ('error' in outcome) expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'], JSON.stringify(outcome)).toContain(outcome.error);
      else if (outcome.status !== 200) expect(outcome, JSON.stringify(outcome)).toEqual({ status: 503, message: TEXT.serviceUnavailable });
    }

    // Started again on the same data directory: every acknowledged answer is there, once.
    const second = await startProcess();
    const history = await Promise.all(learners.map((token) => call(second.base, 'GET', '/api/recent-sessions?limit=50', token)));
    const stored = history.flatMap((h) => ((h.body.sessions ?? h.body.items ?? []) as Array<{ userTranslation?: string; answer?: string }>).map((s) => s.userTranslation ?? s.answer ?? ''));
    for (const answer of acknowledged) expect(stored.filter((s) => s === answer).length, answer).toBe(1);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    console.log(`SIGTERM under load: ${sent} answers sent, ${acknowledged.length} acknowledged and kept, exit ${at - signalledAt} ms after the signal`);
  }, 400_000);
});
