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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'es', use: { browserName: 'chromium', locale: 'es-PR' } },
    { name: 'en', use: { browserName: 'chromium', locale: 'en-US' }, grep: /@bilingual/ },
  ],
});
