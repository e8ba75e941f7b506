// Starts the built product for browser tests: the API (serving the web build) on its own port and
// throw-away data directory, against an already running Auth emulator.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertPortFree, httpOk, root, waitFor } from './processes.mjs';

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
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/index.js')], {
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
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
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
