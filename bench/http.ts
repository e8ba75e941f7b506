/**
 * Throughput of the API against the floor of the machine: a bare Fastify hello-world and the product,
 * each in a process of its own, loaded in turn by autocannon from this process. For each database
 * (PGlite on disk always; a PostgreSQL server when BENCH_DATABASE_URL is given, in a throw-away
 * database) prints req/s, p50/p99 latency and the ratio to bare Fastify of:
 *   - the authenticated read  GET  /api/user-subscription
 *   - the next problem        POST /api/problem
 *   - the evaluation          POST /api/evaluate-with-claude (built-in evaluator)
 * The learner is a real Auth emulator account on a trial (daily limit lifted), logging at info as in
 * production. Goals (issue 8): read >= 10% of bare Fastify, next problem and evaluation >= 3%. Each
 * path's ratio is against bare Fastify loaded for half a run right before and right after it (floorAround).
 * Each path is loaded twice: by ONE learner through every connection (the figures of the goals), then
 * with one learner per connection ("(10 learners)"), as real traffic is: a learner sends one request
 * at a time, and one learner's daily counter and answers are serialised by the product (row locks held
 * to the commit), which many learners do not share (decision 022).
 *
 *   cd apps/api && npx tsx ../../bench/http.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_SECONDS=10 BENCH_CONNECTIONS=10 npx tsx ../../bench/http.ts
 * BENCH_EMULATOR_HOST=127.0.0.1:9099 (and BENCH_PROJECT_ID) use an Auth emulator already running instead of starting one.
 * Each line gives the CPU time per request of the product process (on PostgreSQL plus its server sessions)
 * and, in brackets, of its main thread alone (the API thread: HTTP, tRPC, and on PGlite the database).
 * BENCH_CPU_PROF=1 writes a V8 CPU profile of each product process into the printed directory, one file per
 * thread (node --cpu-prof covers worker threads): CPU.<date>.<pid>.0.* is the API thread, the grader's
 * worker thread is the one whose profile is mostly packages/evaluator (thread 2 under tsx, whose loader
 * hooks run on threads of their own);
 * BENCH_RATE=N sends the product's paths N requests a second in all (bare Fastify still at full speed): on a
 * loaded machine, two builds then serve the same requests and their CPU ms/req compare fairly.
 * BENCH_ONLY=REGEX loads only the paths whose label matches it (a profile of one path), e.g.
 * BENCH_ONLY='problem$' for the single-learner next problem; BENCH_SKIP_PGLITE=1 measures the server only.
 * The product measured is the build `pnpm start` runs (apps/api/dist, built by tsup first, decision 063);
 * BENCH_SOURCE=1 runs the TypeScript sources under tsx instead (profiles then name each source file, but
 * tsx's transform keeps function names, which costs the grader and every request ~10-20%).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../packages/db/src/testing.js';
// @ts-expect-error -- plain ESM helper shared with the start/test scripts
import { startAuthEmulator } from '../scripts/lib/processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '../apps/api');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pgServerUrl = process.env.BENCH_DATABASE_URL;
const cpuProf = process.env.BENCH_CPU_PROF === '1';
/** BENCH_ONLY=REGEX loads only the paths whose label matches (e.g. to profile one path). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
/** BENCH_RATE=N: the product's paths at a fixed rate (requests a second), for a CPU comparison under load. */
const RATE = Number(process.env.BENCH_RATE ?? 0);
/** BENCH_SOURCE=1: the sources under tsx instead of the build `pnpm start` runs. */
const fromSource = process.env.BENCH_SOURCE === '1';
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const projectId = process.env.BENCH_PROJECT_ID ?? 'demo-shunkan-bench';
const workDir = mkdtempSync(path.join(tmpdir(), 'shunkan-bench-http-'));

type Server = { url: string; child: ChildProcess; logFile: string };

/** Spawns a Node process whose output goes to a file, and resolves once it printed its listening URL. */
async function spawnServer(name: string, args: string[], env: Record<string, string>): Promise<Server> {
  const logFile = path.join(workDir, `${name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: apiDir, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const match = /(?:Server listening at |LISTENING )(http:\/\/127\.0\.0\.1:\d+)/.exec(readFileSync(logFile, 'utf8'));
    if (match?.[1]) return { url: match[1], child, logFile };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
}

function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

const BARE = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log('LISTENING ' + address);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

type Load = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  bodies?: string[];
  /** One learner per connection: connection i sends perConnection[i]'s headers and bodies. */
  perConnection?: { headers: Record<string, string>; bodies?: string[] }[];
};
type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number; cpuPerRequest?: number; mainThreadPerRequest?: number };

/**
 * CPU time (user + system, ms) used so far by these processes (Linux /proc; undefined elsewhere). CPU
 * per request, unlike req/s, hardly moves when other processes load the machine.
 */
function cpuMs(pids: number[], statFile?: string): number | undefined {
  let ticks = 0;
  try {
    for (const pid of pids) {
      const fields = readFileSync(statFile ?? `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return undefined;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * Server sessions of one database on this machine, found by their process titles ("postgres: USER
 * DATABASE HOST(PORT) STATE"), read from /proc: cheap enough to look every 100 ms, without a query.
 * (A server elsewhere: nothing found, only the product's CPU is counted.)
 */
function sessionPids(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // The WAL writer too: it flushes what asynchronous commits leave (shared by every database of
      // the server, so other work on the server counts here as well).
      if (title.startsWith('postgres: ') && (title.split(' ')[2] === database || /: walwriter/.test(title))) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/**
 * CPU time (ms) used from now until `stop()` by the product process and, with `databaseUrl` (a server
 * on this machine), every server session of its database (its pool's and its listener's). The pool
 * closes connections idle for 10 s and opens new ones, so sessions are looked up and read every
 * 100 ms: one that ends during a run counts up to its last reading, one that starts from its first.
 */
function cpuMeter(productPid: number, databaseUrl: string | undefined): { stop: () => { total: number; mainThread: number } | undefined } {
  const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let initial = true;
  const sample = () => {
    for (const pid of [productPid, ...(database ? sessionPids(database) : [])]) {
      const value = cpuMs([pid]);
      if (value === undefined) continue;
      // A session first seen now: counted from zero if it started after the first reading.
      if (!first.has(pid)) first.set(pid, initial ? value : 0);
      last.set(pid, value);
    }
    initial = false;
  };
  // The product's main thread alone (its task id is the process id): the API thread, which the
  // evaluation's statements on PGlite and every request's HTTP, tRPC and logging work load.
  const mainThread = (): number | undefined => cpuMs([productPid], `/proc/${productPid}/task/${productPid}/stat`);
  const mainStart = mainThread();
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const mainEnd = mainThread();
      if (!first.has(productPid) || mainStart === undefined || mainEnd === undefined) return undefined;
      let total = 0;
      for (const [pid, start] of first) total += (last.get(pid) ?? start) - start;
      return { total, mainThread: mainEnd - mainStart };
    },
  };
}

async function load(url: string, spec: Load, seconds = SECONDS): Promise<Figures> {
  let i = 0;
  let connections = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(RATE > 0 && spec.path !== '/' ? { overallRate: RATE } : {}),
    requests: [
      {
        method: spec.method,
        path: spec.path,
        headers: spec.headers,
        setupRequest: (request, context: { learner?: number; sent?: number }) => {
          if (spec.perConnection) {
            // autocannon keeps one context per connection: each connection is one learner.
            context.learner ??= connections++ % spec.perConnection.length;
            const own = spec.perConnection[context.learner]!;
            context.sent = (context.sent ?? 0) + 1;
            const body = own.bodies ? own.bodies[context.sent % own.bodies.length] : undefined;
            return { ...request, headers: { ...request.headers, ...own.headers }, ...(body ? { body } : {}) };
          }
          if (!spec.bodies) return request;
          const body = spec.bodies[i++ % spec.bodies.length];
          return { ...request, body };
        },
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A verified learner on a trial, signed in through the emulator; returns its bearer header. */
async function learner(emulatorHost: string, api: string): Promise<string> {
  const identity = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const credentials = { email, password: 'password123', returnSecureToken: true };
  const post = (url: string, payload: unknown, auth?: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(payload) });
  const { localId } = await json<{ localId: string }>(await post(`${identity}/accounts:signUp?key=bench`, credentials));
  await json(await post(`${identity}/projects/${projectId}/accounts:update`, { localId, emailVerified: true }, 'Bearer owner'));
  const { idToken } = await json<{ idToken: string }>(await post(`${identity}/accounts:signInWithPassword?key=bench`, credentials));
  const authorization = `Bearer ${idToken}`;
  await json(await fetch(`${api}/api/auth/user`, { headers: { authorization } }));
  await json(await fetch(`${api}/api/start-trial`, { method: 'POST', headers: { authorization } }));
  return authorization;
}

const LEVELS = ['toeic', 'middle-school', 'high-school', 'basic-verbs'];
const ANSWERS = ['I think this is a good answer.', 'He goes to school every day.', 'Could you tell me the way to the station?', 'I have never been there.'];

type Row = { label: string; figures: Figures; floor: Figures[] };

/**
 * The floor beside each product run: bare Fastify loaded for half a run right before and right after it
 * (the machine's speed drifts by up to 2x within minutes here: a floor measured once, minutes away from
 * a path, made its ratio swing 2.0-3.5% between identical runs). A path's ratio is against the mean of
 * its two floors.
 */
async function floorAround(bareUrl: string, run: () => Promise<Figures>): Promise<{ figures: Figures; floor: Figures[] }> {
  const half = Math.max(1, Math.round(SECONDS / 2));
  const before = await load(bareUrl, { method: 'GET', path: '/' }, half);
  const figures = await run();
  const after = await load(bareUrl, { method: 'GET', path: '/' }, half);
  return { figures, floor: [before, after] };
}

async function benchProduct(kind: 'PGlite' | 'PostgreSQL', emulatorHost: string, bareUrl: string, databaseUrl?: string): Promise<Row[]> {
  const name = kind.toLowerCase();
  const entry = fromSource ? ['--import', 'tsx', 'src/index.ts'] : ['dist/index.js'];
  const product = await spawnServer(name, [...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${workDir}`] : []), ...entry], {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(workDir, `${name}-data-`)),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    WEB_DIST: '/nonexistent',
    DAILY_LIMIT_TRIAL: '100000000',
    RATE_LIMIT_PER_MIN: '100000000',
    RATE_LIMIT_AI_PER_MIN: '100000000',
    RATE_LIMIT_AUTH_PER_MIN: '100000000',
    REDIS_URL: '',
  });
  try {
    // Learner 0 alone loads the product through every connection (the figures compared since the
    // first run); then each connection is a learner of its own, as real traffic is: a learner clicks
    // one request at a time, and the product must serialise one learner's counter and answers.
    const learners: { authorization: string; headers: Record<string, string>; evaluations: string[] }[] = [];
    for (let n = 0; n < CONNECTIONS; n++) {
      const authorization = await learner(emulatorHost, product.url);
      const headers = { authorization, 'content-type': 'application/json' };
      // Problems this learner was served, for the evaluations (only served problems may be graded).
      const served: string[] = [];
      for (let i = 0; i < (n === 0 ? 20 : 8); i++) {
        const level = LEVELS[i % 4];
        served.push((await json<{ problemId: string }>(await fetch(`${product.url}/api/problem`, { method: 'POST', headers, body: JSON.stringify({ difficultyLevel: level }) }))).problemId);
      }
      const evaluations = served.flatMap((problemId) => ANSWERS.map((userTranslation) => JSON.stringify({ problemId, userTranslation })));
      learners.push({ authorization, headers, evaluations });
    }
    const { authorization, headers, evaluations } = learners[0]!;
    const problemBodies = LEVELS.map((l) => JSON.stringify({ difficultyLevel: l }));
    const many = `(${CONNECTIONS} learners)`;
    const specs: { label: string; spec: Load }[] = [
      { label: 'GET /api/user-subscription', spec: { method: 'GET', path: '/api/user-subscription', headers: { authorization } } },
      { label: 'POST /api/problem', spec: { method: 'POST', path: '/api/problem', headers, bodies: problemBodies } },
      { label: 'POST /api/evaluate-with-claude', spec: { method: 'POST', path: '/api/evaluate-with-claude', headers, bodies: evaluations } },
      {
        label: `GET /api/user-subscription ${many}`,
        spec: { method: 'GET', path: '/api/user-subscription', perConnection: learners.map((l) => ({ headers: { authorization: l.authorization } })) },
      },
      {
        label: `POST /api/problem ${many}`,
        spec: { method: 'POST', path: '/api/problem', perConnection: learners.map((l) => ({ headers: l.headers, bodies: problemBodies })) },
      },
      {
        label: `POST /api/evaluate-with-claude ${many}`,
        spec: { method: 'POST', path: '/api/evaluate-with-claude', perConnection: learners.map((l) => ({ headers: l.headers, bodies: l.evaluations })) },
      },
    ];
    // The evaluator compiles the bank's answer lattices in the background after start-up: let it
    // finish (/api/ready answers 200 then, decision 017; on a loaded machine that takes longer than a
    // fixed pause) and warm the JIT before measuring.
    for (let ready = false; !ready; ) {
      ready = (await fetch(`${product.url}/api/ready`)).ok;
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    for (const { label, spec } of specs) if (!only || only.test(label)) await load(product.url, spec, 3);
    await new Promise((r) => setTimeout(r, 5_000));
    const rows: Row[] = [];
    // CPU per request: the product process, and on PostgreSQL also the server sessions of its database.
    for (const { label, spec } of specs) {
      if (only && !only.test(label)) continue;
      const { figures, floor } = await floorAround(bareUrl, async () => {
        const meter = cpuMeter(product.child.pid!, databaseUrl);
        const measured = await load(product.url, spec);
        const used = meter.stop();
        if (used !== undefined) {
          measured.cpuPerRequest = used.total / (measured.rps * SECONDS);
          measured.mainThreadPerRequest = used.mainThread / (measured.rps * SECONDS);
        }
        return measured;
      });
      rows.push({ label, figures, floor });
    }
    return rows;
  } finally {
    await stopServer(product);
  }
}

/** The mean req/s of a path's floors (the other figures of the first, for the line's columns). */
function mean(floor: Figures[]): Figures {
  return { ...floor[0]!, rps: floor.reduce((sum, f) => sum + f.rps, 0) / floor.length };
}

function line(label: string, f: Figures, bare?: Figures): string {
  const ratio = bare ? `${((100 * f.rps) / bare.rps).toFixed(1)}%`.padStart(7) : '   100%';
  const bad = f.non2xx + f.errors > 0 ? `  (${f.non2xx} non-2xx, ${f.errors} errors)` : '';
  const cpu = f.cpuPerRequest === undefined ? '' : `  CPU ${f.cpuPerRequest.toFixed(2)} ms/req (API thread ${f.mainThreadPerRequest?.toFixed(2)})`;
  const floor = bare ? `  (floor ${bare.rps.toFixed(0)})` : '';
  return `  ${label.padEnd(46)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${ratio} of bare${cpu}${floor}${bad}`;
}

// An Auth emulator already running may be named (BENCH_EMULATOR_HOST); otherwise one is started.
const emulator: { hostPort: string; stop: () => Promise<void> } = process.env.BENCH_EMULATOR_HOST
  ? { hostPort: process.env.BENCH_EMULATOR_HOST, stop: async () => {} }
  : await startAuthEmulator({ projectId, hostPort: `127.0.0.1:${9297 + offset}`, hubPort: 4422 + offset, loggingPort: 4522 + offset });
let dropDatabase: (() => Promise<void>) | null = null;
// What `pnpm start` runs: the API bundled by tsup (apps/api/dist), built from the current sources.
if (!fromSource) execFileSync(path.join(apiDir, 'node_modules/.bin/tsup'), [], { cwd: apiDir, stdio: 'ignore' });
try {
  console.log(`bench/http.ts: ${fromSource ? 'the sources under tsx' : 'the build (apps/api/dist)'}, ${CONNECTIONS} connections, ${SECONDS} s per run, load average at start ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  const databases: { kind: 'PGlite' | 'PostgreSQL'; url?: string }[] = process.env.BENCH_SKIP_PGLITE === '1' ? [] : [{ kind: 'PGlite' }];
  if (pgServerUrl) {
    const scratch = await createScratchDatabase(pgServerUrl, 'shunkan_bench');
    databases.push({ kind: 'PostgreSQL', url: scratch.url });
    dropDatabase = scratch.drop;
  }
  for (const database of databases) {
    // The floor: bare Fastify in a process of its own, idle while the product is loaded and loaded
    // right before and after each of the product's paths (floorAround).
    const bareServer = await spawnServer('bare', ['--input-type=module', '-e', BARE], {});
    let rows: Row[];
    try {
      await load(bareServer.url, { method: 'GET', path: '/' }, 2);
      rows = await benchProduct(database.kind, emulator.hostPort, bareServer.url, database.url);
    } finally {
      await stopServer(bareServer);
    }
    const floors = rows.flatMap((row) => row.floor.map((f) => f.rps));
    console.log(`${database.kind}: bare Fastify GET / (the floor) ${Math.min(...floors).toFixed(0)}-${Math.max(...floors).toFixed(0)} req/s, each path against the mean of the floors measured right before and after it`);
    for (const row of rows) console.log(line(row.label, row.figures, mean(row.floor)));
  }
  console.log(`load average at end ${loadavg().map((n) => n.toFixed(2)).join(' ')}${cpuProf ? `; CPU profiles in ${workDir}` : ''}`);
} finally {
  await dropDatabase?.();
  await emulator.stop();
}
