import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine: API tests spend much of their time waiting on
    // the database and on timers.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.api.test.ts'],
          environment: 'node',
          // A hang detector, not a speed check: component tests drive a whole DOM, beside the API
          // tests on the same two cores in npm test, and a long journey there takes seconds.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts', 'tests/hostile/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-setup.ts'],
          // Each file builds its own app on its own database and keeps nothing in module state, so
          // the server's modules are loaded once per worker instead of once per file (half the
          // suite's time went to loading them).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real server processes of the built shop (npm run build first); `npm test` runs them after the build.
        test: {
          name: 'process',
          // Real server processes, timed against each other: one file at a time.
          fileParallelism: false,
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
