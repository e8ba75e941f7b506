/**
 * `pnpm bench`: every benchmark, one after the other, printing figures (no pass/fail thresholds).
 * Each runs in a process of its own (same TypeScript loader), so one's heap, timers and sockets
 * cannot colour the next one's figures.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
let failed = false;
for (const bench of ['evaluator.ts', 'problem.ts', 'learning.ts', 'http.ts', 'web.ts']) {
  const run = spawnSync(process.execPath, [...process.execArgv, path.join(here, bench)], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`${bench} failed (exit ${run.status ?? run.signal})`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
