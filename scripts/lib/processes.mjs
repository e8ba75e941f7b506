// Helpers shared by the start and test scripts: child processes, readiness polling, the Auth emulator.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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

/** A TCP port free on the loopback interface right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Throws, naming `label` and the port, when something already listens on `host:port`. A readiness check
 * that only polls the port would take a product or emulator left running by an earlier (killed) run for
 * the one just started: the tests then ran against the old build while the new process died of
 * EADDRINUSE unnoticed.
 */
export function assertPortFree(port, { host = '127.0.0.1', label = 'a test server' } = {}) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      reject(new Error(`${label}: port ${port} on ${host} is already in use (left running by an earlier run? stop that process, or set another TEST_PORT_OFFSET)`));
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * Starts the Firebase Auth emulator (offline: firebase.json disables the UI) and resolves once it
 * answers. With `dataDir`, accounts are imported from and exported to `<dataDir>/auth-emulator`.
 * The emulator hub and logging ports are `FIREBASE_EMULATOR_HUB_PORT` / `FIREBASE_EMULATOR_LOGGING_PORT`
 * when set, else ports free at start-up: never fixed, so two copies (or a copy and the tests) coexist.
 */
export async function startAuthEmulator(options) {
  // Ports picked here were free when picked, not when the emulator binds them: with many test files
  // at once, another process's outgoing connection can take one in between (CI saw "exited (1)
  // before it was ready"). An early exit is then tried again with newly picked ports.
  const picked = options.hubPort === undefined && !Number(process.env.FIREBASE_EMULATOR_HUB_PORT);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAuthEmulatorOnce(options);
    } catch (error) {
      if (!picked || attempt >= 3 || !(error instanceof EmulatorExitedError)) throw error;
      options.onLine?.(`Firebase Auth emulator exited before it was ready; trying again with other ports (${error.message.split('\n')[0]})`);
    }
  }
}

class EmulatorExitedError extends Error {}

async function startAuthEmulatorOnce({ projectId, hostPort = '127.0.0.1:9099', hubPort, loggingPort, dataDir, onLine = () => {} }) {
  const [host, port] = hostPort.split(':');
  hubPort ??= Number(process.env.FIREBASE_EMULATOR_HUB_PORT) || (await freePort());
  loggingPort ??= Number(process.env.FIREBASE_EMULATOR_LOGGING_PORT) || (await freePort());
  // Its readiness is "the port answers": an emulator still running there would answer for it.
  await assertPortFree(Number(port), { host, label: 'Firebase Auth emulator' });
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
  // The last lines it printed go into the error when it exits before it is ready (a port taken, …).
  const recent = [];
  const forward = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 20) recent.shift();
      onLine(line);
    }
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await Promise.race([
      // A busy machine (several suites at once) can take over a minute to start the emulator.
      waitFor(httpOk(`http://${host}:${port}/`), { timeoutMs: 240_000, label: 'Firebase Auth emulator' }),
      exited.then((code) => {
        throw new EmulatorExitedError(`Firebase Auth emulator exited (${code}) before it was ready (ports ${port}, hub ${hubPort}, logging ${loggingPort}):\n${recent.join('\n')}`);
      }),
    ]);
  } catch (error) {
    // Never leave a half-started emulator behind (it would hold its ports and keep the caller alive).
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }

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
    hubPort,
    loggingPort,
    child,
    stop: async () => {
      clearInterval(exportTimer);
      if (child.exitCode !== null) return;
      // Ctrl+C in a terminal reaches the emulator too, and firebase-tools may take a second SIGINT as
      // "quit now" and skip its export on exit: export first, while it surely still answers.
      if (exportDir) await exportAccounts();
      child.kill('SIGINT');
      // The grace timer is cleared once the emulator has exited: left running it kept the caller's
      // process alive 15 s more (vitest's global teardown: "something prevents Vite server from exiting").
      let grace;
      await Promise.race([exited, new Promise((r) => (grace = setTimeout(r, 15_000)))]);
      clearTimeout(grace);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Prints every e-mail action link (address verification, password reset) the Auth emulator "sends"
 * from now on, read from its REST API (`/emulator/v1/projects/<id>/oobCodes`): works the same for an
 * emulator this script started and for one already running. `toLink(code)` turns it into this app's URL.
 * Returns a function that stops watching.
 */
export function watchEmulatorLinks({ hostPort, projectId, onLink, intervalMs = 1000 }) {
  const url = `http://${hostPort}/emulator/v1/projects/${projectId}/oobCodes`;
  const seen = new Set();
  let baseline = true;
  let stopped = false;
  let timer;
  const poll = async () => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const { oobCodes = [] } = response.ok ? await response.json() : {};
      for (const code of oobCodes) {
        if (seen.has(code.oobCode)) continue;
        seen.add(code.oobCode);
        // Codes issued before we started watching are not news.
        if (!baseline) onLink(code);
      }
      baseline = false;
    } catch {
      // The emulator is restarting or gone: try again on the next tick.
    }
    if (!stopped) timer = setTimeout(poll, intervalMs);
  };
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
