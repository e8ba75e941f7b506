import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, ownPort, test } from './own-product';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function isRunning(processId: number): boolean {
  try {
    process.kill(processId, 0);
    return true;
  } catch {
    return false;
  }
}

// A test that starts a product of its own and then times out must not leave the product running (a
// process holding its port and data directory). Run in a Playwright run of its own, since a timed-out
// test cannot be an expected failure.
test('a test that times out after starting its own product leaves no product behind', async () => {
  test.setTimeout(180_000);
  const port = ownPort(3350);
  const scratch = mkdtempSync(path.join(tmpdir(), 'shunkan-e2e-self-check-'));
  const reportFile = path.join(scratch, 'report.json');
  try {
    const run = spawnSync(path.join(root, 'node_modules/.bin/playwright'), ['test', '--config', 'e2e/self-check/playwright.config.ts'], {
      cwd: root,
      env: { ...process.env, OWN_PRODUCT_CHECK_PORT: String(port), OWN_PRODUCT_CHECK_REPORT: reportFile },
      encoding: 'utf8',
      timeout: 170_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(1);
    expect(output).toMatch(/Test timeout of \d+ms exceeded/);
    // Checked inside that run after the test's teardown, before its worker exited...
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { pid?: number; listeningAfterTeardown: boolean };
    expect(report.listeningAfterTeardown, 'port after the fixture teardown').toBe(false);
    // ...and after the run.
    expect(report.pid).toBeGreaterThan(0);
    expect(isRunning(report.pid ?? 0), 'the product process').toBe(false);
    expect(await isListening(port), `port ${port}`).toBe(false);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
