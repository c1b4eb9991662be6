import os from 'node:os';
import { defineConfig } from '@playwright/test';

const executablePath = process.env.CHROMIUM_PATH;

// Decision 0045: one worker per CPU (E2E_WORKERS to choose), each with a server, a database and a
// clock of its own (tests/support/fixtures.ts); no retries, so a flaky journey fails the run.
// Journeys run in Spanish, the product's default; those tagged @bilingual, where the language
// itself is under test, run in English too.
const workers = Number(process.env.E2E_WORKERS ?? os.availableParallelism());

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    // A trace records screenshots and page snapshots of every action of every journey, kept only
    // when it fails. CI's reader gets the log alone, so there it is off (E2E_TRACE to choose).
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? (process.env.CI ? 'off' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // English first: Playwright hands out one project's tests before the next's, and a worker moves
  // to another project only through a restart; the few English journeys (some of the longest) run
  // at the start beside Spanish ones instead of last with the other worker idle.
  projects: [
    { name: 'en', use: { browserName: 'chromium', locale: 'en-US' }, grep: /@bilingual/ },
    { name: 'es', use: { browserName: 'chromium', locale: 'es-PR' } },
  ],
});
