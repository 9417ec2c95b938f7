import { defineConfig } from 'vitest/config';

// Two projects: `unit` (fixtures, contract helpers, web logic) and `api` (the real server on a real
// database; see server/src/test/global-setup.ts). Browser tests run under Playwright, not here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'fixtures/**/*.test.ts',
            'reference/**/*.test.ts',
            'openapi/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'mocks/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, not per file: importing the server's graph again for each of its 120
          // files was a fifth of the suite's time (on PostgreSQL, 2 cores: 692 → 475 s). A server test file
          // therefore closes what it starts (its app, database, servers, timers) and leaves module-level state and
          // process.env as it found them; each file still gets its own database (worker-database.ts, harness.ts).
          isolate: false,
          globalSetup: ['server/src/test/global-setup.ts'],
          setupFiles: ['server/src/test/worker-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
