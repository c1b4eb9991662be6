// Browser journeys (Playwright) in a real Chromium: the system's when present, else Playwright's.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebOrExit } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js');

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((path) => path && existsSync(path));
}

let chromium = findChromium();
if (!chromium) {
  console.log('No system Chromium found; asking Playwright to install its own…');
  const installed = spawnSync(process.execPath, [playwright, 'install', 'chromium'], { cwd: root, stdio: 'inherit' });
  if (installed.status !== 0) {
    console.error('Browser tests need Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
}

buildWebOrExit();
const env = { ...process.env, ...(chromium ? { CHROMIUM_PATH: chromium } : {}) };
const result = spawnSync(process.execPath, [playwright, 'test', '-c', join(root, 'e2e', 'playwright.config.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
