// Helpers shared by the start and test scripts: child processes, readiness polling, the Auth emulator.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`))));
  });
}

export async function waitFor(check, { timeoutMs, label, intervalMs = 250 }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${label} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
}

export const httpOk = (url) => async () => {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  // Release the connection: an unread body leaves a keep-alive socket that the next request to the same
  // server may be handed after the server has closed it ("other side closed").
  await response.body?.cancel();
  return response.ok;
};

/**
 * Starts the Firebase Auth emulator (offline: firebase.json disables the UI) and resolves once it
 * answers. With `dataDir`, accounts are imported from and exported to `<dataDir>/auth-emulator`.
 */
export async function startAuthEmulator({ projectId, hostPort = '127.0.0.1:9099', hubPort = 4400, loggingPort = 4500, dataDir, onLine = () => {} }) {
  const [host, port] = hostPort.split(':');
  // A config per run (ports of its own), so a dev server, the tests and a benchmark can run side by
  // side. The UI stays disabled: it would try to download itself and abort offline.
  const configDir = mkdtempSync(path.join(tmpdir(), 'shunkan-firebase-'));
  const config = path.join(configDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host, port: Number(port) },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config];
  let exportDir;
  if (dataDir) {
    exportDir = path.join(dataDir, 'auth-emulator');
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  const child = spawn(bin('firebase'), args, {
    // Its own working directory: an interrupted export leaves a firebase-export-* folder in the cwd.
    cwd: configDir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) onLine(line);
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await Promise.race([
    waitFor(httpOk(`http://${host}:${port}/`), { timeoutMs: 240_000, label: 'Firebase Auth emulator' }),
    exited.then((code) => {
      throw new Error(`Firebase Auth emulator exited (${code}) before it was ready`);
    }),
  ]);

  const exportAccounts = () =>
    fetch(`http://127.0.0.1:${hubPort}/_admin/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: exportDir, initiatedBy: 'shunkan-start' }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => {});
  let exportTimer;
  if (exportDir) {
    // Accounts also survive a crash: export every 30 s, besides the export on a clean exit.
    exportTimer = setInterval(() => void exportAccounts(), 30_000);
    exportTimer.unref();
  }
  return {
    hostPort: `${host}:${port}`,
    child,
    stop: async () => {
      clearInterval(exportTimer);
      if (child.exitCode !== null) return;
      // Ctrl+C in a terminal reaches the emulator too, and firebase-tools may take a second SIGINT as
      // "quit now" and skip its export on exit: export first, while it surely still answers.
      if (exportDir) await exportAccounts();
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
