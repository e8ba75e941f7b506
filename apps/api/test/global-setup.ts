import { freePort, startAuthEmulator, type AuthEmulator } from '../../../scripts/lib/processes.mjs';

/**
 * The HTTP tests talk to a Firebase Auth emulator. `pnpm test` starts one for the whole run and passes
 * FIREBASE_AUTH_EMULATOR_HOST; run any other way (`pnpm test:unit`, `npx vitest run` in apps/api),
 * this starts one on free ports for this run and stops it afterwards.
 */
let emulator: AuthEmulator | undefined;

export async function setup(): Promise<void> {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  process.env.FIREBASE_PROJECT_ID ??= 'demo-shunkan-test';
  emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID, hostPort: `127.0.0.1:${await freePort()}` });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.hostPort;
}

export async function teardown(): Promise<void> {
  await emulator?.stop();
}
