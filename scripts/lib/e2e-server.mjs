// Starts the built product for browser tests: the API (serving the web build) on its own port and
// throw-away data directory, against an already running Auth emulator.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertPortFree, freePort, httpOk, root, waitFor } from './processes.mjs';

const productEntry = path.join(root, 'apps/api/dist/index.js');

/** Products still running in this process: killed if the process exits without stopping them. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then SIGKILL if the product has not exited after `graceMs`. Safe to call more than once. */
async function stopChild(child, graceMs = 10_000) {
  if (!hasExited(child)) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  running.delete(child);
}

/**
 * `dataDir`: keep the product's data there (a test that restarts the product passes the same one and
 * removes it itself); by default a throw-away directory removed on stop. `stop()` may be called more
 * than once. A product that does not come up is stopped before the error is thrown, so no caller is
 * left with a process (and a port) it has no handle on.
 */
export async function startProduct({ port, emulatorHost, projectId, env = {}, dataDir: keptDataDir }) {
  // Ready means "/api/health answers on the port": a product left running there would answer for this one.
  await assertPortFree(port, { label: 'the product' });
  const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'shunkan-e2e-'));
  // Empty data starts from this build's prepared database instead of creating one.
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) {
    try {
      cpSync(await dataTemplate({ emulatorHost, projectId, env }), dataDir, { recursive: true });
    } catch (error) {
      if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  return launch({ port, emulatorHost, projectId, env, dataDir, removeDataDir: !keptDataDir });
}

/** The daily limits are written into the plans when they are created (seedPlans), so they key the template too. */
const SEEDED_ENV = ['DAILY_LIMIT_STANDARD', 'DAILY_LIMIT_PREMIUM'];
const templates = new Map();

/**
 * A data directory holding the database this build of the product creates, migrates and seeds at its
 * first start (it is started on the directory once and stopped), copied for every product started on
 * empty data. Creating it was most of a start: PGlite's initdb, the migrations and the bank's seeding
 * took a fresh start 28-47 s at load 20 (57 s once), against 9.6 s on data already there, and the
 * start-up deadline is 60 s; a run starts up to six products. Kept in the temporary directory, keyed
 * by the build (the API's bundle and the lockfile, which pins PGlite) and the seeded settings.
 */
function dataTemplate({ emulatorHost, projectId, env }) {
  const seeded = Object.fromEntries(SEEDED_ENV.filter((name) => (env[name] ?? process.env[name]) !== undefined).map((name) => [name, env[name] ?? process.env[name]]));
  const hash = createHash('sha256');
  for (const file of [productEntry, path.join(root, 'pnpm-lock.yaml')]) hash.update(readFileSync(file));
  hash.update(JSON.stringify(seeded));
  const key = hash.digest('hex').slice(0, 16);
  let made = templates.get(key);
  if (!made) {
    made = makeTemplate(path.join(tmpdir(), `shunkan-e2e-data-${key}`), { emulatorHost, projectId, env: seeded });
    templates.set(key, made);
    made.catch(() => templates.delete(key));
  }
  return made;
}

async function makeTemplate(dir, { emulatorHost, projectId, env }) {
  if (existsSync(dir)) {
    // Marks it as in use, so another build's run does not prune it (pruneOldTemplates).
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  }
  // Made beside it and renamed into place whole, so another run never copies a half-made one.
  const building = mkdtempSync(`${dir}-building-`);
  try {
    const product = await launch({ port: await freePort(), emulatorHost, projectId, env, dataDir: building, removeDataDir: false });
    await product.stop();
    renameSync(building, dir);
    pruneOldTemplates(dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    // Another run renamed its own into place first: as good as ours.
    if (!existsSync(dir)) throw error;
  }
  return dir;
}

/** Other builds' templates (41 MB each) untouched for a day are removed, so runs do not fill the disk. */
function pruneOldTemplates(kept) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(tmpdir())) {
    const dir = path.join(tmpdir(), name);
    if (!/^shunkan-e2e-data-[0-9a-f]{16}$/.test(name) || dir === kept) continue;
    try {
      if (statSync(dir).mtimeMs < dayAgo) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

async function launch({ port, emulatorHost, projectId, env, dataDir, removeDataDir }) {
  const child = spawn(process.execPath, [productEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: projectId,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  const stop = async () => {
    await stopChild(child);
    if (removeDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const ready = waitFor(httpOk(`http://127.0.0.1:${port}/api/health`), { timeoutMs: 60_000, label: 'the product' });
  const exited = new Promise((_, reject) => child.once('exit', (code, signal) => reject(new Error(`the product exited during start-up (${code ?? signal})`))));
  // Whichever loses the race settles later with nobody listening.
  ready.catch(() => {});
  exited.catch(() => {});
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${port}`, pid: child.pid, stop };
}
