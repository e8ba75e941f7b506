// Runs a command, streams its output, and counts the tests its runner reports (vitest / Playwright).
import { spawn } from 'node:child_process';
import { root } from './processes.mjs';

// eslint-disable-next-line no-control-regex -- ANSI colour codes start with ESC
const ANSI = /\u001b\[[0-9;]*m/g;

export function runCounted(label, command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const take = (stream, out) =>
      stream.on('data', (chunk) => {
        out.write(chunk);
        text += chunk.toString();
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    // A runner that cannot be started is a failed suite, not a summary that never comes.
    child.on('error', (error) => {
      process.stderr.write(`${label}: ${error.message}\n`);
      resolve({ label, ok: false, passed: 0, failed: 0 });
    });
    // Counted on 'close', not 'exit': 'exit' may come before the last output (the runner's own count)
    // has been read. A process the runner left behind holding its output open must not hold the suite:
    // then the count is taken 10 s after the exit.
    let exitCode = null;
    child.on('exit', (code) => {
      exitCode = code;
      setTimeout(() => finish(code), 10_000).unref();
    });
    child.on('close', (code) => finish(code ?? exitCode));
    let finished = false;
    const finish = (code) => {
      if (finished) return;
      finished = true;
      const clean = text.replace(ANSI, '');
      let passed = 0;
      let failed = 0;
      // vitest: "Tests  12 passed (12)" or "Tests  1 failed | 11 passed (12)"
      for (const match of clean.matchAll(/Tests\s+(?:(\d+) failed\s*\|\s*)?(?:(\d+) passed)?/g)) {
        failed += Number(match[1] ?? 0);
        passed += Number(match[2] ?? 0);
      }
      // Playwright list reporter: "  12 passed (30s)" / "  1 failed"
      for (const match of clean.matchAll(/^\s+(\d+) passed \(/gm)) passed += Number(match[1]);
      for (const match of clean.matchAll(/^\s+(\d+) failed$/gm)) failed += Number(match[1]);
      resolve({ label, ok: code === 0, passed, failed });
    };
  });
}
