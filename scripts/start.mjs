#!/usr/bin/env node
// `pnpm start`: builds what is not built, starts the Firebase Auth emulator (unless real Firebase or
// an external emulator is configured) and the API, which serves the web app on one URL.
// `pnpm dev` (--dev): the same emulator, the API from source under `tsx watch`, and the Vite dev server
// (hot reload, port 5173) proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bin, httpOk, root, run, startAuthEmulator, waitFor, watchEmulatorLinks } from './lib/processes.mjs';

const isDev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const devWebPort = 5173;
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan';
const useRealFirebase = Boolean(process.env.FIREBASE_API_KEY) && !process.env.FIREBASE_AUTH_EMULATOR_HOST;
const emulatorHostPort = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const publicUrl = `http://localhost:${isDev ? devWebPort : port}`;

process.env.TURBO_TELEMETRY_DISABLED = '1';
if (!isDev) {
  console.log('▶ Building (cached when nothing changed)...');
  await run(bin('turbo'), ['run', 'build', '--output-logs=errors-only']);
}

let emulator = null;
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, FIREBASE_PROJECT_ID: projectId };
const isEmulatorRunning = !useRealFirebase && (await httpOk(`http://${emulatorHostPort}/`)().catch(() => false));
if (isEmulatorRunning) {
  console.log('▶ Using the Firebase Auth emulator already running at %s', emulatorHostPort);
  env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHostPort;
} else if (!useRealFirebase) {
  console.log('▶ Starting the Firebase Auth emulator on %s (accounts kept in %s)...', emulatorHostPort, path.join(dataDir, 'auth-emulator'));
  emulator = await startAuthEmulator({ projectId, dataDir, hostPort: emulatorHostPort });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.hostPort;
}
// No real e-mail locally: print the links the emulator "sends", rewritten to this app's pages, whichever
// emulator is in use (read from its REST API, not its console, which an already running one does not share).
const stopWatchingLinks = env.FIREBASE_AUTH_EMULATOR_HOST
  ? watchEmulatorLinks({
      hostPort: env.FIREBASE_AUTH_EMULATOR_HOST,
      projectId,
      onLink: ({ email, oobLink }) => {
        const link = new URL(oobLink);
        const mode = link.searchParams.get('mode');
        const code = link.searchParams.get('oobCode');
        const target = mode === 'resetPassword' ? 'reset-password' : 'confirm';
        console.log(`✉  ${email}: ${publicUrl}/${target}?mode=${mode}&oobCode=${code}`);
      },
    })
  : () => {};

console.log('▶ Starting the server...');
const api = isDev
  ? spawn(path.join(root, 'apps/api/node_modules/.bin/tsx'), ['watch', 'src/index.ts'], {
      cwd: path.join(root, 'apps/api'),
      env: { ...env, NODE_ENV: 'development' },
      stdio: 'inherit',
    })
  : spawn(process.execPath, [path.join(root, 'apps/api/dist/index.js')], { cwd: root, env, stdio: 'inherit' });
const apiExited = new Promise((resolve) => api.on('exit', resolve));
const web = isDev
  ? spawn(path.join(root, 'apps/web/node_modules/.bin/vite'), ['--port', String(devWebPort), '--strictPort'], {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, API_PORT: String(port) },
      stdio: 'inherit',
    })
  : null;

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  stopWatchingLinks();
  if (web && web.exitCode === null) web.kill('SIGTERM');
  if (api.exitCode === null) api.kill('SIGTERM');
  await Promise.race([apiExited, new Promise((r) => setTimeout(r, 10_000))]);
  await emulator?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
apiExited.then((code) => {
  if (!stopping) {
    console.error(`The server stopped (exit ${code}).`);
    void shutdown(typeof code === 'number' && code !== 0 ? code : 1);
  }
});

await waitFor(httpOk(`http://127.0.0.1:${port}/api/health`), { timeoutMs: 60_000, label: 'the server' });
if (isDev) await waitFor(httpOk(`http://127.0.0.1:${devWebPort}/`), { timeoutMs: 60_000, label: 'the Vite dev server' });
console.log(`\n  Shunkan is running: ${publicUrl}\n  (Ctrl+C to stop; accounts and data are kept in ${dataDir})\n`);
