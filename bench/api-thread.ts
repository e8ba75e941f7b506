/**
 * CPU time of the API's own thread per next problem and per evaluation (decision 042), in process: the
 * server on PGlite in memory (or DATABASE_URL), a trial learner of a real Auth emulator, requests sent
 * one after the other through Fastify's `inject` (no sockets, no HTTP client in the figure), logging
 * at info. The main thread's CPU is read from /proc (Linux), so the grader's worker thread is not
 * counted. Three rounds of N next problems, then N evaluations of the bench's answers. Two builds
 * compare by alternating runs, which a loaded machine inflates alike (bench/http.ts's req/s do not).
 *
 *   cd apps/api && N=600 npx tsx ../../bench/api-thread.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB N=600 npx tsx ../../bench/api-thread.ts
 *   CONCURRENCY=10 N=600 npx tsx ../../bench/api-thread.ts   (10 requests in flight, as 10 connections)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../packages/db/src/index.js';
// @ts-expect-error -- plain ESM helper shared with the start/test scripts
import { startAuthEmulator } from '../scripts/lib/processes.mjs';
import { loadEnv } from '../apps/api/src/env.js';
import { createServer } from '../apps/api/src/server.js';
import { attemptGroupStats } from '../packages/db/src/queries/attempts.js';
import { gradeReadGroupStats } from '../packages/db/src/queries/problems.js';

const projectId = 'demo-shunkan-bench';
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const N = Number(process.env.N ?? 1000);
/** CONCURRENCY=K keeps K requests in flight (as K connections do), so statements can be grouped (decision 054). */
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 1);
const mainCpuMs = () => {
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const emulator: { hostPort: string; stop: () => Promise<void> } = await startAuthEmulator({ projectId, hostPort: `127.0.0.1:${9298 + offset}`, hubPort: 4421 + offset, loggingPort: 4521 + offset });
const database = await createDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {});
const server = await createServer(
  loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: '0', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'apifast-inject-')), FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.hostPort, WEB_DIST: '/nonexistent', RATE_LIMIT_AI_PER_MIN: '100000000', RATE_LIMIT_PER_MIN: '100000000', DAILY_LIMIT_TRIAL: '100000000', REDIS_URL: '' }),
  { database },
);
await server.start();
try {
  while ((await server.app.inject({ method: 'GET', url: '/api/ready' })).statusCode !== 200) await new Promise((r) => setTimeout(r, 200));
  const identity = `http://${emulator.hostPort}/identitytoolkit.googleapis.com/v1`;
  const email = `inject-${Math.random().toString(36).slice(2)}@example.com`;
  const post = async (url: string, body: unknown, auth?: string) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(body) })).json() as Promise<Record<string, string>>;
  const { localId } = await post(`${identity}/accounts:signUp?key=bench`, { email, password: 'password123', returnSecureToken: true });
  await post(`${identity}/projects/${projectId}/accounts:update`, { localId, emailVerified: true }, 'Bearer owner');
  const { idToken } = await post(`${identity}/accounts:signInWithPassword?key=bench`, { email, password: 'password123', returnSecureToken: true });
  const authorization = `Bearer ${idToken}`;
  await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization } });
  if ((await server.app.inject({ method: 'POST', url: '/api/start-trial', headers: { authorization } })).statusCode !== 200) throw new Error('trial');
  const headers = { authorization, 'content-type': 'application/json' };
  const levels = ['toeic', 'middle-school', 'high-school', 'basic-verbs'];
  const answers = ['I think this is a good answer.', 'He goes to school every day.', 'Could you tell me the way to the station?', 'I have never been there.'];
  const served: string[] = [];
  const next = async (i: number) => {
    const r = await server.app.inject({ method: 'POST', url: '/api/problem', headers, payload: JSON.stringify({ difficultyLevel: levels[i % 4] }) });
    if (r.statusCode !== 200) throw new Error(r.body);
    if (served.length < 80) served.push(r.json<{ problemId: string }>().problemId);
  };
  const evaluate = async (i: number) => {
    const r = await server.app.inject({ method: 'POST', url: '/api/evaluate-with-claude', headers, payload: JSON.stringify({ problemId: served[i % served.length], userTranslation: answers[i % 4] }) });
    if (r.statusCode !== 200) throw new Error(r.body);
  };
  for (let i = 0; i < 300; i++) await next(i);
  for (let i = 0; i < 300; i++) await evaluate(i);
  /** N calls of `send`, CONCURRENCY of them in flight at a time. */
  const runAll = async (send: (i: number) => Promise<void>) => {
    let i = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (i < N) await send(i++);
    }));
  };
  const out: string[] = [];
  for (let round = 0; round < 3; round++) {
    let t = mainCpuMs();
    await runAll(next);
    const p = (mainCpuMs() - t) / N;
    t = mainCpuMs();
    await runAll(evaluate);
    const e = (mainCpuMs() - t) / N;
    out.push(`next ${p.toFixed(3)} / evaluation ${e.toFixed(3)}`);
  }
  console.log(`API thread CPU ms per request (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${CONCURRENCY} in flight): ${out.join(', ')}`);
  // Statements shared by requests arriving together (decision 054; on PGlite decision 071).
  const shared = (s: { groups: number; grouped: number }) => `${s.grouped} calls in ${s.groups} grouped statements`;
  console.log(`grading reads: ${shared(gradeReadGroupStats)}; attempts: ${shared(attemptGroupStats)}`);
} finally {
  await server.stop();
  await emulator.stop();
}
