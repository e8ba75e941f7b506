/**
 * First-load weight of the web app, per route: the scripts Debian's chromium actually requests when it
 * opens the page on a fresh profile (until the network is idle), in gzip bytes (the build's .gz twins)
 * and as transferred (brotli), against the floor of a Vite + React + Chakra UI v3 hello page of the
 * same versions (bench/web-floor, built in this run). Then, when the `lighthouse` package can drive the
 * same chromium, Lighthouse's mobile performance score (simulated slow 4G, 4x CPU) of public pages.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type * as ChromeLauncher from 'chrome-launcher';
import type Lighthouse from 'lighthouse';
import type * as Vite from 'vite';
import type ViteReact from '@vitejs/plugin-react';
import { createDatabase } from '../packages/db/src/index.js';
import { loadEnv } from '../apps/api/src/env.js';
import { createServer } from '../apps/api/src/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const webDir = path.join(root, 'apps/web');
const webDist = path.join(webDir, 'dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const PUBLIC_ROUTES = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(',') : ['/login', '/terms', '/privacy', '/signup', '/demo'];
const LIGHTHOUSE_ROUTES = process.env.BENCH_NO_LIGHTHOUSE ? [] : ['/login', '/terms', '/demo'];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

// Tools of apps/web (vite, its React plugin, the app's React and Chakra), resolved from there.
const webRequire = createRequire(path.join(webDir, 'package.json'));
const packageDir = (name: string) => path.dirname(webRequire.resolve(`${name}/package.json`));

async function buildFloor(): Promise<number> {
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
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length, 0);
}

function gzipBytesOf(url: string): number {
  const file = path.join(webDist, new URL(url).pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
}

// 1. The build (the app as served) and the floor.
execFileSync(process.execPath, [path.join(packageDir('vite'), 'bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: webDir, stdio: 'inherit' });
const floor = await buildFloor();

// 2. The product on an in-memory database. The pages measured are public and make no auth call, so the
// emulator address the server is given (it needs one, or real Firebase) is never contacted.
const projectId = 'demo-shunkan-bench';
const database = await createDatabase({});
const server = await createServer(
  loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: String(3390 + offset),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shunkan-bench-')),
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${9399 + offset}`,
    WEB_DIST: webDist,
  }),
  { database },
);
const base = (await server.start()).replace('127.0.0.1', 'localhost');

try {
  console.log(`web first load: scripts per route (chromium, fresh profile) vs the floor of a Vite + React + Chakra hello page`);
  console.log(`floor ${kb(floor)} KB gzip (bench/web-floor, built in this run)`);
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
      `${route.padEnd(10)} ${String(scripts.length).padStart(2)} scripts  ${kb(gzip).padStart(6)} KB gzip (${(gzip / floor).toFixed(2)}x floor)  ${kb(transferred).padStart(6)} KB transferred (brotli)`,
    );
    if (process.env.BENCH_VERBOSE) for (const script of scripts) console.log(`    ${kb(gzipBytesOf(script.url)).padStart(6)} ${new URL(script.url).pathname}`);
    await context.close();
  }
  await browser.close();

  // 3. Lighthouse, mobile preset (its default), when it can run here.
  let lighthouse: typeof Lighthouse | undefined;
  let launch: typeof ChromeLauncher.launch | undefined;
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
  } catch (error) {
    console.log(`lighthouse: not available (${String(error)})`);
  }
  if (lighthouse && launch) {
    for (const route of LIGHTHOUSE_ROUTES) {
      const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
      try {
        const result = await lighthouse(`${base}${route}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
        const lhr = result?.lhr;
        const audit = (id: string) => lhr?.audits[id]?.displayValue ?? '?';
        console.log(
          `lighthouse ${route.padEnd(10)} performance ${Math.round((lhr?.categories.performance?.score ?? 0) * 100)}  FCP ${audit('first-contentful-paint')}  LCP ${audit('largest-contentful-paint')}  TBT ${audit('total-blocking-time')}  CLS ${audit('cumulative-layout-shift')}`,
        );
      } finally {
        chrome.kill();
      }
    }
  }
} finally {
  await server.stop();
  await database.close();
}
