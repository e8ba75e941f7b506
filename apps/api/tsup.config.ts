import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'create-admin': 'src/cli/create-admin.ts', 'evaluator-worker': 'src/evaluator-worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  // Workspace packages ship TypeScript sources: bundle them; everything from npm stays external.
  noExternal: [/^@shunkan\//],
  splitting: false,
  sourcemap: true,
});
