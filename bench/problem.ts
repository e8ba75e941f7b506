/**
 * Time from request to problem over real HTTP: the built server on an in-memory PGlite, a real
 * Firebase Auth emulator account (ID token verified on every request), POST /api/problem, sequential.
 * Also times POST /api/evaluate-with-claude (built-in evaluator) end to end. Prints p50/p95.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../packages/db/src/index.js';
// @ts-expect-error -- plain ESM helper shared with the start/test scripts
import { startAuthEmulator } from '../scripts/lib/processes.mjs';
import { loadEnv } from '../apps/api/src/env.js';
import { createServer } from '../apps/api/src/server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const projectId = 'demo-shunkan-bench';

function percentile(sorted: number[], p: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(1);
}

const emulator = await startAuthEmulator({ projectId, hostPort: '127.0.0.1:9299', hubPort: 4420, loggingPort: 4520 });
const database = await createDatabase({});
const server = await createServer(
  loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shunkan-bench-')),
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.hostPort,
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_AI_PER_MIN: '100000',
  }),
  { database },
);
const address = await server.start();
try {
  const identity = `http://${emulator.hostPort}/identitytoolkit.googleapis.com/v1`;
  const signUp = (await (
    await fetch(`${identity}/accounts:signUp?key=bench`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'password123', returnSecureToken: true }),
    })
  ).json()) as { localId: string };
  // An administrator (unlimited daily problems) so the bench is not stopped by the daily limit.
  await fetch(`${identity}/projects/${projectId}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: signUp.localId, emailVerified: true, customAttributes: JSON.stringify({ admin: true }) }),
  });
  const { idToken } = (await (
    await fetch(`${identity}/accounts:signInWithPassword?key=bench`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'password123', returnSecureToken: true }),
    })
  ).json()) as { idToken: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${idToken}` };

  const problemTimes: number[] = [];
  const evaluateTimes: number[] = [];
  const levels = ['toeic', 'middle-school', 'high-school', 'basic-verbs'];
  for (let i = 0; i < ROUNDS; i += 1) {
    const level = levels[i % levels.length];
    let start = performance.now();
    const response = await fetch(`${address}/api/problem`, { method: 'POST', headers, body: JSON.stringify({ difficultyLevel: level }) });
    const problem = (await response.json()) as { japaneseSentence: string };
    problemTimes.push(performance.now() - start);
    if (!response.ok) throw new Error(`problem ${response.status}: ${JSON.stringify(problem)}`);
    start = performance.now();
    const graded = await fetch(`${address}/api/evaluate-with-claude`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ japaneseSentence: problem.japaneseSentence, userTranslation: 'I think this is a good answer.', difficultyLevel: level }),
    });
    await graded.json();
    evaluateTimes.push(performance.now() - start);
  }
  problemTimes.sort((a, b) => a - b);
  evaluateTimes.sort((a, b) => a - b);
  console.log(`HTTP on ${address}, PGlite in memory, Auth emulator tokens, ${ROUNDS} sequential rounds`);
  console.log(`  POST /api/problem:              p50 ${percentile(problemTimes, 50)} ms, p95 ${percentile(problemTimes, 95)} ms`);
  console.log(`  POST /api/evaluate-with-claude: p50 ${percentile(evaluateTimes, 50)} ms, p95 ${percentile(evaluateTimes, 95)} ms`);
} finally {
  await server.stop();
  await database.close();
  await emulator.stop();
}
