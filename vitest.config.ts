import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per workspace; database tests run in separate files, each on its own database.
// As many workers as the machine has CPUs (VITEST_WORKERS to choose).
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.VITEST_WORKERS ?? os.availableParallelism()),
    projects: [
      { test: { name: 'contract', include: ['contract/**/*.test.ts'], environment: 'node' } },
      // The journeys' own support code (their clock); the journeys themselves are Playwright's (e2e/tests).
      { test: { name: 'e2e', include: ['e2e/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          globalSetup: ['./api/test/global-setup.ts'],
          include: ['api/**/*.test.ts', 'migrations/**/*.test.ts', 'locales/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // A worker loads the api's modules once for all its files (decision 0045): each file still
          // has its own database and server; isolating them cost a module load per file, most of the
          // project's time on two cores.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'ui',
          include: ['ui/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Threads start a jsdom file faster than forks (215 s against 235 s for the project here).
          pool: 'threads',
          setupFiles: ['./ui/test/setup.ts'],
        },
      },
      { test: { name: 'desktop', include: ['desktop/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
