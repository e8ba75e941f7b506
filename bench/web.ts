/**
 * First-load weight of the web app, per route: the scripts Debian's chromium actually requests when it
 * opens the page on a fresh profile (until the network is idle), in gzip bytes (the build's .gz twins)
 * and as transferred (brotli), each against the same measure of the floor: a Vite + React + Chakra UI v3
 * hello page of the same versions (bench/web-floor, built in this run). Then Lighthouse's mobile
 * performance (simulated slow 4G, 4x CPU) of /login, /terms and the practice screen of a signed-in
 * trial learner (Auth emulator account), several runs each with the load average, and their medians:
 * its TBT depends on what else the machine is doing.
 *
 * Env: BENCH_VERBOSE=1 lists the scripts and Lighthouse's LCP element and main-thread breakdown (and
 * keeps each report as JSON); BENCH_NO_LIGHTHOUSE=1 skips Lighthouse; BENCH_LIGHTHOUSE_RUNS (default 3);
 * BENCH_LIGHTHOUSE_ROUTES (comma-separated; default /login, /terms and the practice screen);
 * BENCH_ROUTES (comma-separated; default the entry routes: /login, /terms, /privacy, /signup, /demo,
 * /password-reset, /reset-password, /confirm, /subscription-select, /checkout, /auth-callback, /auth-redirect,
 * /payment-success, /payment-cancelled, /logout);
 * BENCH_WEB_DIST (an absolute path) measures that build instead of building apps/web; TEST_PORT_OFFSET shifts ports.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type * as ChromeLauncher from 'chrome-launcher';
import type Lighthouse from 'lighthouse';
import type * as Vite from 'vite';
import type ViteReact from '@vitejs/plugin-react';
import { createDatabase } from '../packages/db/src/index.js';
// @ts-expect-error -- plain ESM helper shared with the start/test scripts
import { startAuthEmulator } from '../scripts/lib/processes.mjs';
import { loadEnv } from '../apps/api/src/env.js';
import { createServer } from '../apps/api/src/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const webDir = path.join(root, 'apps/web');
// BENCH_WEB_DIST measures a build made elsewhere (`vite build --outDir …`) instead of building apps/web.
const webDist = process.env.BENCH_WEB_DIST ?? path.join(webDir, 'dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const verbose = Boolean(process.env.BENCH_VERBOSE);
// The entry routes a visitor may open first (from a link, a mail or an ad), each as a guest.
const ENTRY_ROUTES = [
  '/login', '/terms', '/privacy', '/signup', '/demo', '/password-reset', '/reset-password', '/confirm', '/subscription-select', '/checkout',
  '/auth-callback', '/auth-redirect', '/payment-success', '/payment-cancelled', '/logout',
];
const PUBLIC_ROUTES = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(',') : ENTRY_ROUTES;
const PRACTICE_ROUTE = '/practice/middle-school';
const LIGHTHOUSE_ROUTES = process.env.BENCH_NO_LIGHTHOUSE ? [] : (process.env.BENCH_LIGHTHOUSE_ROUTES?.split(',') ?? ['/login', '/terms', PRACTICE_ROUTE]);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const load = () => loadavg()[0]?.toFixed(2) ?? '?';
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const brotli = (data: Buffer) => brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;

// Tools of apps/web (vite, its React plugin, the app's React and Chakra), resolved from there.
const webRequire = createRequire(path.join(webDir, 'package.json'));
const packageDir = (name: string) => path.dirname(webRequire.resolve(`${name}/package.json`));

async function buildFloor(): Promise<{ gzip: number; brotli: number }> {
  const { build } = (await import(pathToFileURL(webRequire.resolve('vite')).href)) as typeof Vite;
  const { default: react } = (await import(pathToFileURL(webRequire.resolve('@vitejs/plugin-react')).href)) as { default: typeof ViteReact };
  const outDir = mkdtempSync(path.join(tmpdir(), 'shunkan-floor-'));
  await build({
    root: path.join(here, 'web-floor'),
    logLevel: 'silent',
    configFile: false,
    plugins: [react()],
    resolve: { alias: { react: packageDir('react'), 'react-dom': packageDir('react-dom'), '@chakra-ui/react': packageDir('@chakra-ui/react') } },
    build: { outDir, target: 'es2022', emptyOutDir: true },
  });
  const assets = path.join(outDir, 'assets');
  const scripts = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(assets, file)));
  return {
    gzip: scripts.reduce((sum, data) => sum + gzipSync(data, { level: 9 }).length, 0),
    brotli: scripts.reduce((sum, data) => sum + brotli(data), 0),
  };
}

function gzipBytesOf(url: string): number {
  const file = path.join(webDist, new URL(url).pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
}

// 1. The build (the app as served) and the floor.
if (!process.env.BENCH_WEB_DIST) {
  execFileSync(process.execPath, [path.join(packageDir('vite'), 'bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: webDir, stdio: 'inherit' });
}
const floor = await buildFloor();

// 2. The product on an in-memory database, with an Auth emulator for the signed-in practice screen.
const projectId = 'demo-shunkan-bench';
const emulator = LIGHTHOUSE_ROUTES.includes(PRACTICE_ROUTE)
  ? ((await startAuthEmulator({
      projectId,
      hostPort: `127.0.0.1:${9399 + offset}`,
      hubPort: 4430 + offset,
      loggingPort: 4530 + offset,
    })) as { hostPort: string; stop: () => Promise<void> })
  : undefined;
const database = await createDatabase({});
const server = await createServer(
  loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: String(3390 + offset),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shunkan-bench-')),
    FIREBASE_PROJECT_ID: projectId,
    // Without the practice screen the pages measured make no auth call: the address is never contacted.
    FIREBASE_AUTH_EMULATOR_HOST: emulator?.hostPort ?? `127.0.0.1:${9399 + offset}`,
    WEB_DIST: webDist,
  }),
  { database },
);
const base = (await server.start()).replace('127.0.0.1', 'localhost');

/** A confirmed learner (Auth emulator account, e-mail verified), whose trial the first sign-in starts. */
async function createLearner(): Promise<{ email: string; password: string }> {
  const identity = `http://${emulator?.hostPort}/identitytoolkit.googleapis.com/v1`;
  const account = { email: 'bench-learner@example.com', password: 'password123' };
  const signUp = (await (
    await fetch(`${identity}/accounts:signUp?key=bench`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, returnSecureToken: true }),
    })
  ).json()) as { localId: string };
  await fetch(`${identity}/projects/${projectId}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: signUp.localId, emailVerified: true }),
  });
  return account;
}

/**
 * Signs the learner in through the login page in the browser Lighthouse will use (its session then lives
 * in that profile's IndexedDB), starting the 7-day trial on the first time, then empties the HTTP cache
 * so the measured load downloads every script again.
 */
async function signIn(port: number, account: { email: string; password: string }, startTrial: boolean): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('メールアドレス').fill(account.email);
    await page.getByLabel('パスワード').fill(account.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    if (startTrial) {
      await page.goto(`${base}/subscription-select`);
      await page.getByRole('button', { name: '7日間無料トライアルを始める' }).click();
      await page.waitForURL('**/payment-success?trial=true');
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

type Run = { load: string; score: number; fcp: number; lcp: number; tbt: number; si: number; cls: number };
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);
const describeRun = (run: Omit<Run, 'load'>) =>
  `performance ${String(Math.round(run.score)).padStart(3)}  FCP ${ms(run.fcp)}  LCP ${ms(run.lcp)}  TBT ${ms(run.tbt)}  SI ${ms(run.si)}  CLS ${run.cls.toFixed(2)}`;

try {
  console.log(`web first load: scripts per route (chromium, fresh profile) vs the floor of a Vite + React + Chakra hello page`);
  console.log(`floor ${kb(floor.gzip)} KB gzip, ${kb(floor.brotli)} KB brotli (bench/web-floor, built in this run)`);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  for (const route of PUBLIC_ROUTES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts: { url: string; transferred: Promise<number> }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push({ url: request.url(), transferred: request.sizes().then((s) => s.responseBodySize) });
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    await page.locator('h1, h2').first().waitFor();
    const gzip = scripts.reduce((sum, script) => sum + gzipBytesOf(script.url), 0);
    const transferred = (await Promise.all(scripts.map((script) => script.transferred))).reduce((a, b) => a + b, 0);
    console.log(
      `${route.padEnd(10)} ${String(scripts.length).padStart(2)} scripts  ${kb(gzip).padStart(6)} KB gzip (${(gzip / floor.gzip).toFixed(2)}x floor)  ${kb(transferred).padStart(6)} KB transferred (brotli, ${(transferred / floor.brotli).toFixed(2)}x floor)`,
    );
    if (verbose) for (const script of scripts) console.log(`    ${kb(gzipBytesOf(script.url)).padStart(6)} ${new URL(script.url).pathname}`);
    await context.close();
  }
  await browser.close();

  // 3. Lighthouse, mobile preset (its default), when it can run here.
  let lighthouse: typeof Lighthouse | undefined;
  let launch: typeof ChromeLauncher.launch | undefined;
  if (LIGHTHOUSE_ROUTES.length > 0) {
    try {
      lighthouse = (await import('lighthouse')).default;
      launch = (await import('chrome-launcher')).launch;
    } catch (error) {
      console.log(`lighthouse: not available (${String(error)})`);
    }
  }
  if (lighthouse && launch) {
    console.log(`lighthouse mobile (simulated slow 4G, 4x CPU), ${LIGHTHOUSE_RUNS} runs per page; load = 1-minute load average at the start of a run`);
    const learner = LIGHTHOUSE_ROUTES.includes(PRACTICE_ROUTE) ? await createLearner() : undefined;
    let trialStarted = false;
    for (const route of LIGHTHOUSE_ROUTES) {
      const runs: Run[] = [];
      for (let attempt = 0; attempt < LIGHTHOUSE_RUNS; attempt += 1) {
        const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
        try {
          const signedIn = route === PRACTICE_ROUTE && learner !== undefined;
          if (signedIn) {
            await signIn(chrome.port, learner, !trialStarted);
            trialStarted = true;
          }
          const loadAtStart = load();
          // A signed-in page keeps the profile's storage (the session); signIn emptied the HTTP cache.
          const result = await lighthouse(`${base}${route}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', disableStorageReset: signedIn });
          const lhr = result?.lhr;
          const value = (id: string) => lhr?.audits[id]?.numericValue ?? NaN;
          const score = lhr?.categories.performance?.score;
          if (!lhr || score === null || score === undefined) {
            console.log(`lighthouse ${route.padEnd(24)} load ${loadAtStart}  no score: ${lhr?.runtimeError?.message ?? 'no result'}`);
            continue;
          }
          const run = {
            load: loadAtStart,
            score: score * 100,
            fcp: value('first-contentful-paint'),
            lcp: value('largest-contentful-paint'),
            tbt: value('total-blocking-time'),
            si: value('speed-index'),
            cls: value('cumulative-layout-shift'),
          };
          runs.push(run);
          console.log(`lighthouse ${route.padEnd(24)} load ${run.load.padStart(5)}  ${describeRun(run)}`);
          if (verbose) {
            // Lighthouse's LCP breakdown (from the trace, unthrottled) and the main-thread work (simulated).
            const lcp = JSON.stringify(lhr.audits['lcp-breakdown-insight']?.details ?? {});
            const element = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(lcp)?.[1] ?? '?';
            const parts = [...lcp.matchAll(/"subpart":"(\w+)"[^}]*?"duration":([\d.]+)/g)].map((m) => `${m[1]} ${Math.round(Number(m[2]))} ms`);
            console.log(`    final URL ${lhr.finalDisplayedUrl}; LCP element ${element.slice(0, 100)}; ${parts.join(', ')}`);
            const work = ((lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel?: string; duration?: number }[] } | undefined)?.items ?? []).slice(0, 4);
            console.log(`    main thread ${work.map((item) => `${item.groupLabel} ${Math.round(item.duration ?? 0)} ms`).join(', ')}`);
            const file = path.join(tmpdir(), `lighthouse${route.replaceAll('/', '-')}-${attempt + 1}.json`);
            writeFileSync(file, JSON.stringify(lhr));
            console.log(`    report ${file}`);
          }
        } finally {
          chrome.kill();
        }
      }
      if (runs.length > 0) {
        const med = (key: keyof Omit<Run, 'load'>) => median(runs.map((run) => run[key]));
        console.log(
          `lighthouse ${route.padEnd(24)} median of ${runs.length} (load ${runs.map((run) => run.load).join('/')}): ${describeRun({ score: med('score'), fcp: med('fcp'), lcp: med('lcp'), tbt: med('tbt'), si: med('si'), cls: med('cls') })}`,
        );
      }
    }
  }
} finally {
  await server.stop();
  await database.close();
  await emulator?.stop();
}
