/**
 * History must not slow practice down (issue 9). Seeds 10,000 attempts (a year of practice, with
 * their problem serves, bookmarks and review cards) for one learner, then over real HTTP (built
 * server, in-memory PGlite, Auth emulator tokens verified per request):
 * - my page's data: the whole page's tRPC batch (stats, streak, levels and chart, goal, history,
 *   bookmarks, plan, due reviews, scenarios), p50/p95;
 * - POST /api/problem and POST /api/evaluate-with-claude for that learner and for a new learner,
 *   rounds interleaved, and the ratio (seeded / new).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LEVEL_KEYS } from '../packages/config/src/levels.js';
import { jstDay } from '../packages/config/src/time.js';
import { createDatabase, type Db } from '../packages/db/src/index.js';
import { insertAttempt } from '../packages/db/src/queries/attempts.js';
import { findUserByFirebaseUid } from '../packages/db/src/queries/users.js';
import { recordReviewAnswer } from '../packages/api-router/src/domain/review.js';
import { allBankProblems } from '../packages/api-router/src/services/problem-bank/index.js';
// @ts-expect-error -- plain ESM helper shared with the start/test scripts
import { startAuthEmulator } from '../scripts/lib/processes.mjs';
import { loadEnv } from '../apps/api/src/env.js';
import { createServer } from '../apps/api/src/server.js';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 150);
const PAGE_ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 200);
const projectId = 'demo-shunkan-bench-learning';
const DAY_MS = 86_400_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summary(times: number[]): { p50: number; p95: number; text: string } {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  return { p50, p95, text: `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms` };
}

/** A deterministic pseudo-random sequence, so every run seeds the same history. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seedHistory(db: Db, userId: string, now: Date): Promise<void> {
  const bank = allBankProblems();
  const next = random(42);
  const started = performance.now();
  for (let i = 0; i < ATTEMPTS; i += 1) {
    // A year of practice, about 27 answers a day, oldest first.
    const at = new Date(now.getTime() - 365 * DAY_MS + Math.floor((i / ATTEMPTS) * 365 * DAY_MS) + Math.floor(next() * 3_600_000));
    const problem = bank[Math.floor(next() * bank.length)] ?? bank[0];
    if (!problem) throw new Error('empty bank');
    const rating = 1 + Math.floor(next() * 5);
    await db
      .insertInto('problem_serves')
      .values({ user_id: userId, problem_id: problem.id, level: problem.level, day: jstDay(at), served_at: at, request_id: `seed-${i}` })
      .execute();
    const attempt = await insertAttempt(db, {
      userId,
      problemId: problem.id,
      level: problem.level,
      answer: problem.answers[0] ?? 'answer',
      normalizedAnswer: (problem.answers[0] ?? 'answer').toLowerCase(),
      rating,
      modelAnswer: problem.answers[0] ?? 'answer',
      feedback: '採点のコメント',
      errors: [],
      similarPhrases: [],
      provider: 'builtin',
      isFallback: false,
      durationMs: 2000 + Math.floor(next() * 8000),
      createdAt: at,
    });
    await recordReviewAnswer({ db, userId, problemId: problem.id, rating, now: at });
    if (i % 50 === 0) await db.updateTable('attempts').set({ is_bookmarked: true }).where('id', '=', attempt.id).execute();
  }
  const cards = await db.selectFrom('review_cards').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  console.log(`seeded ${ATTEMPTS} attempts over 365 days (${cards.n} review cards, ${Math.ceil(ATTEMPTS / 50)} bookmarks) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const emulator = await startAuthEmulator({ projectId, hostPort: '127.0.0.1:9298', hubPort: 4421, loggingPort: 4521 });
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
    RATE_LIMIT_PER_MIN: '100000',
  }),
  { database },
);
const address = await server.start();
const identity = `http://${emulator.hostPort}/identitytoolkit.googleapis.com/v1`;

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** An administrator (unlimited daily problems, premium features) signed in through the emulator. */
async function account(email: string): Promise<{ token: string; userId: string }> {
  const body = { email, password: 'password123', returnSecureToken: true };
  const post = (url: string, payload: unknown, auth?: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(payload) });
  const { localId } = await json<{ localId: string }>(await post(`${identity}/accounts:signUp?key=bench`, body));
  await post(`${identity}/projects/${projectId}/accounts:update`, { localId, emailVerified: true, customAttributes: JSON.stringify({ admin: true }) }, 'Bearer owner');
  const { idToken } = await json<{ idToken: string }>(await post(`${identity}/accounts:signInWithPassword?key=bench`, body));
  await json(await fetch(`${address}/api/auth/user`, { headers: { authorization: `Bearer ${idToken}` } }));
  const user = await findUserByFirebaseUid(database.db, localId);
  if (!user) throw new Error('user record missing');
  return { token: idToken, userId: user.id };
}

try {
  const seeded = await account('seeded@example.com');
  const fresh = await account('new@example.com');
  await seedHistory(database.db, seeded.userId, new Date());

  // My page: the tRPC batch the page sends on load (every query of the page in one request).
  const page = [
    'learning.monthlyStats',
    'learning.streak',
    'learning.difficultyStats',
    'learning.dailyGoal',
    'learning.recentSessions',
    'learning.bookmarkedSessions',
    'subscription.current',
    'review.summary',
    'scenarios.list',
  ];
  const pageInput = encodeURIComponent(JSON.stringify({ 4: { limit: 10, cursor: null, direction: 'forward' }, 5: { limit: 10, cursor: null, direction: 'forward' } }));
  const pageUrl = `${address}/api/trpc/${page.join(',')}?batch=1&input=${pageInput}`;
  const pageTimes: Record<'seeded' | 'fresh', number[]> = { seeded: [], fresh: [] };
  for (let i = 0; i < PAGE_ROUNDS; i += 1) {
    for (const who of ['seeded', 'fresh'] as const) {
      const start = performance.now();
      const items = await json<unknown[]>(await fetch(pageUrl, { headers: { authorization: `Bearer ${(who === 'seeded' ? seeded : fresh).token}` } }));
      if (items.length !== page.length) throw new Error('incomplete batch');
      if (i > 0) pageTimes[who].push(performance.now() - start);
    }
  }

  // Practice: next problem and evaluation, the two learners interleaved round by round.
  const problemTimes: Record<'seeded' | 'fresh', number[]> = { seeded: [], fresh: [] };
  const evaluateTimes: Record<'seeded' | 'fresh', number[]> = { seeded: [], fresh: [] };
  for (let i = 0; i < ROUNDS; i += 1) {
    const level = LEVEL_KEYS[i % LEVEL_KEYS.length];
    for (const who of i % 2 === 0 ? (['seeded', 'fresh'] as const) : (['fresh', 'seeded'] as const)) {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${(who === 'seeded' ? seeded : fresh).token}` };
      let start = performance.now();
      const problem = await json<{ problemId: string; japaneseSentence: string }>(
        await fetch(`${address}/api/problem`, { method: 'POST', headers, body: JSON.stringify({ difficultyLevel: level }) }),
      );
      problemTimes[who].push(performance.now() - start);
      start = performance.now();
      await json(
        await fetch(`${address}/api/evaluate-with-claude`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ problemId: problem.problemId, userTranslation: 'I think this is a good answer.', difficultyLevel: level }),
        }),
      );
      evaluateTimes[who].push(performance.now() - start);
    }
  }

  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const pageSeeded = summary(pageTimes.seeded);
  const pageFresh = summary(pageTimes.fresh);
  const problemSeeded = summary(problemTimes.seeded);
  const problemFresh = summary(problemTimes.fresh);
  const evaluateSeeded = summary(evaluateTimes.seeded);
  const evaluateFresh = summary(evaluateTimes.fresh);
  console.log(`HTTP on ${address}, PGlite in memory, Auth emulator tokens; learner with ${ATTEMPTS} attempts vs a new learner`);
  console.log(`  my page (9 queries, one batch), ${PAGE_ROUNDS - 1} rounds: seeded ${pageSeeded.text}; new ${pageFresh.text}`);
  console.log(`  POST /api/problem, ${ROUNDS} rounds:              seeded ${problemSeeded.text}; new ${problemFresh.text}; ratio p50 ${ratio(problemSeeded.p50, problemFresh.p50)}, p95 ${ratio(problemSeeded.p95, problemFresh.p95)}`);
  console.log(`  POST /api/evaluate-with-claude, ${ROUNDS} rounds: seeded ${evaluateSeeded.text}; new ${evaluateFresh.text}; ratio p50 ${ratio(evaluateSeeded.p50, evaluateFresh.p50)}, p95 ${ratio(evaluateSeeded.p95, evaluateFresh.p95)}`);
} finally {
  await server.stop();
  await database.close();
  await emulator.stop();
}
