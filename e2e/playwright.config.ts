import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const executablePath = process.env.CHROMIUM_PATH;

// Every journey runs twice: once in Spanish, once in English (the project name is the language).
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'es', use: { browserName: 'chromium', locale: 'es-PR' } },
    { name: 'en', use: { browserName: 'chromium', locale: 'en-US' } },
  ],
  webServer: {
    command: `node --import tsx ${new URL('./serve.ts', import.meta.url).pathname}`,
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
    // Without this Playwright SIGKILLs the server, which then cannot drop its database and temporary folders.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
