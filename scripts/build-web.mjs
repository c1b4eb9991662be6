// Builds the web app (web/dist) and its server render (web/dist-server) when either is missing or
// older than the ui and web sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export function buildWebIfStale() {
  const built = [join(root, 'web', 'dist', 'index.html'), join(root, 'web', 'dist-server', 'entry-server.js')];
  const sources = Math.max(newest(join(root, 'ui')), newest(join(root, 'web')), newest(join(root, 'contract')));
  if (built.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources)) return;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error('The web app did not build; see above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale();
