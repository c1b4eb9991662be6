// `npm test`: every test — unit and integration (vitest, real PostgreSQL) then the browser journeys.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

// The api's public-page tests render with the built web app (web/dist and web/dist-server).
buildWebIfStale();
const unit = run([join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run']);
const browser = run([join(root, 'scripts', 'e2e.mjs')]);
console.log(`\nunit and integration: ${unit === 0 ? 'passed' : 'FAILED'}; browser: ${browser === 0 ? 'passed' : 'FAILED'}`);
process.exit(unit || browser);
