#!/usr/bin/env node
// `pnpm test`: every suite. Unit and integration tests (vitest, each package) on embedded PGlite, again
// on the PostgreSQL server when TEST_DATABASE_URL is set, then the browser tests (Playwright in
// Debian chromium) against the built product. The Auth emulator runs for the whole run.
import { bin, run, startAuthEmulator } from './lib/processes.mjs';
import { startProduct } from './lib/e2e-server.mjs';
import { runCounted } from './lib/summary.mjs';
import { takeSuiteSlot } from './lib/suite-slot.mjs';

const projectId = 'demo-shunkan-test';
const skipE2e = process.argv.includes('--no-e2e');
const e2eOnly = process.argv.includes('--e2e-only');
// Arguments after `--` go to Playwright (e.g. `pnpm test:e2e -- --grep signup`).
const playwrightArgs = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];
process.env.TURBO_TELEMETRY_DISABLED = '1';
// With REDIS_URL (CI starts the machine's Redis), rate limits of the product under test count in Redis:
// under a prefix of this run only, since other checkouts may share that Redis.
if (process.env.REDIS_URL) process.env.REDIS_KEY_PREFIX = `shunkan-test:${process.pid}-${Date.now()}:`;

await takeSuiteSlot();

await run(bin('turbo'), ['run', 'build', '--output-logs=errors-only']);

// TEST_PORT_OFFSET shifts every port the suite opens, so that two checkouts can run their suites at once.
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const emulator = await startAuthEmulator({ projectId, hostPort: `127.0.0.1:${9199 + offset}`, hubPort: 4410 + offset, loggingPort: 4510 + offset });
const results = [];
const baseEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulator.hostPort, FIREBASE_PROJECT_ID: projectId };
const pgUrl = process.env.TEST_DATABASE_URL;

try {
  if (!e2eOnly) results.push(
    await runCounted('unit + integration (PGlite)', bin('turbo'), ['run', 'test', '--concurrency=2', '--output-logs=full'], {
      ...baseEnv,
      TEST_DATABASE_URL: '',
    }),
  );
  if (pgUrl && !e2eOnly) {
    results.push(
      await runCounted(
        'integration (PostgreSQL server)',
        bin('turbo'),
        ['run', 'test', '--concurrency=2', '--output-logs=full', '--filter=@shunkan/db', '--filter=@shunkan/api-router', '--filter=@shunkan/api'],
        { ...baseEnv, TEST_DATABASE_URL: pgUrl },
      ),
    );
  }
  if (!skipE2e) {
    // A small trial limit lets a browser test reach the daily limit in a few problems.
    const product = await startProduct({ port: 3310 + offset, emulatorHost: emulator.hostPort, projectId, env: { DAILY_LIMIT_TRIAL: '6' } });
    try {
      results.push(
        await runCounted('browser (Playwright, chromium)', bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts', ...playwrightArgs], {
          ...baseEnv,
          E2E_BASE_URL: product.url,
        }),
      );
    } finally {
      await product.stop();
    }
  }
} finally {
  await emulator.stop();
}

console.log('\n──────── Test summary ────────');
for (const r of results) console.log(`${r.ok ? '✔' : '✘'} ${r.label}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + results.filter((r) => !r.ok && r.failed === 0).length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
