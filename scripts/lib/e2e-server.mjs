// Starts the built product for browser tests: the API (serving the web build) on its own port and
// throw-away data directory, against an already running Auth emulator.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { httpOk, root, waitFor } from './processes.mjs';

/**
 * `dataDir`: keep the product's data there (a test that restarts the product passes the same one and
 * removes it itself); by default a throw-away directory removed on stop.
 */
export async function startProduct({ port, emulatorHost, projectId, env = {}, dataDir: keptDataDir }) {
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
  await waitFor(httpOk(`http://127.0.0.1:${port}/api/health`), { timeoutMs: 60_000, label: 'the product' });
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)));
      if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
