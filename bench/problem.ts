/**
 * Time from request to problem over real HTTP: the built server on an in-memory PGlite, a real
 * Firebase Auth emulator account (ID token verified on every request), POST /api/problem, sequential.
 * Also times POST /api/evaluate-with-claude (built-in evaluator) end to end, with a learner-like
 * answer (the model answer with one slip) and with an unrelated sentence (the grader's worst case:
 * nothing in the lattice is close). Timing starts once /api/ready says the server is ready (the
 * evaluator's lattices compiled), as a load balancer would route to it. Prints p50/p95/p99 of the
 * wall clock, and of the CPU time this process (server and client alike) spent on each request,
 * which a machine loaded by other processes inflates far less than the wall clock.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { allBankProblems } from '../packages/evaluator/src/bank/index.js';
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

function summary(times: number[], cpu: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms, p99 ${percentile(sorted, 99)} ms (CPU time p50 ${percentile(cpuSorted, 50)} ms, p95 ${percentile(cpuSorted, 95)} ms)`;
}

/** CPU time (user + system) this process has used, in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** One learner slip in the model answer: the first article swapped, else the last word dropped. */
function withSlip(answer: string): string {
  const swapped = answer.replace(/\b(the|a|an)\b/i, (w) => (w.toLowerCase() === 'the' ? 'a' : 'the'));
  return swapped !== answer ? swapped : answer.replace(/\s*\S+([.?!])$/, '$1');
}

const MODEL_ANSWER = new Map(allBankProblems().map((p) => [p.japanese, p.answers[0] ?? '']));

// TEST_PORT_OFFSET shifts the emulator's ports, so that two checkouts can run benchmarks at once.
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const emulator = await startAuthEmulator({ projectId, hostPort: `127.0.0.1:${9299 + offset}`, hubPort: 4420 + offset, loggingPort: 4520 + offset });
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
const startedAt = performance.now();
const address = await server.start();
try {
  // Wait for readiness over HTTP, as a load balancer would before routing learners here.
  for (;;) {
    const ready = await fetch(`${address}/api/ready`);
    if (ready.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const readyMs = performance.now() - startedAt;
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
  const learnerTimes: number[] = [];
  const unrelatedTimes: number[] = [];
  const problemCpu: number[] = [];
  const learnerCpu: number[] = [];
  const unrelatedCpu: number[] = [];
  const levels = ['toeic', 'middle-school', 'high-school', 'basic-verbs'];
  for (let i = 0; i < ROUNDS; i += 1) {
    const level = levels[i % levels.length];
    const start = performance.now();
    const startCpu = cpuMs();
    const response = await fetch(`${address}/api/problem`, { method: 'POST', headers, body: JSON.stringify({ difficultyLevel: level }) });
    const problem = (await response.json()) as { japaneseSentence: string };
    problemTimes.push(performance.now() - start);
    problemCpu.push(cpuMs() - startCpu);
    if (!response.ok) throw new Error(`problem ${response.status}: ${JSON.stringify(problem)}`);
    const evaluate = async (userTranslation: string, times: number[], cpu: number[]) => {
      const begin = performance.now();
      const beginCpu = cpuMs();
      const graded = await fetch(`${address}/api/evaluate-with-claude`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ japaneseSentence: problem.japaneseSentence, userTranslation, difficultyLevel: level }),
      });
      const body = (await graded.json()) as { rating?: number };
      times.push(performance.now() - begin);
      cpu.push(cpuMs() - beginCpu);
      if (!graded.ok || typeof body.rating !== 'number') throw new Error(`evaluate ${graded.status}: ${JSON.stringify(body)}`);
    };
    await evaluate(withSlip(MODEL_ANSWER.get(problem.japaneseSentence) ?? 'I think this is a good answer.'), learnerTimes, learnerCpu);
    await evaluate('I think this is a good answer.', unrelatedTimes, unrelatedCpu);
  }
  const [load1] = loadavg();
  console.log(`HTTP on ${address}, PGlite in memory, Auth emulator tokens, ${ROUNDS} sequential rounds; ready after ${(readyMs / 1000).toFixed(1)} s; load average ${load1?.toFixed(2)}`);
  console.log(`  POST /api/problem:                                ${summary(problemTimes, problemCpu)}`);
  console.log(`  POST /api/evaluate-with-claude, learner-like:     ${summary(learnerTimes, learnerCpu)}`);
  console.log(`  POST /api/evaluate-with-claude, unrelated answer: ${summary(unrelatedTimes, unrelatedCpu)}`);
} finally {
  await server.stop();
  await database.close();
  await emulator.stop();
}
