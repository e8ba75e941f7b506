/** `pnpm bench`: every benchmark, one after the other, printing figures (no pass/fail thresholds). */
await import('./evaluator.js');
await import('./problem.js');
