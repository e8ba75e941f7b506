import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Starts the Auth emulator when none is given (FIREBASE_AUTH_EMULATOR_HOST), so the package's tests run on their own.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 120000,
    hookTimeout: 180000,
    fileParallelism: false,
  },
});
