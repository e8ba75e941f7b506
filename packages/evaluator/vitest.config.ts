import { defineConfig } from 'vitest/config';
// Whole-bank tests grade every problem's answers (and the frozen set): seconds alone, but minutes on
// a loaded 2-core machine, so their budget is generous; they assert results, never speed.
export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 120_000 },
});
