// Builds the web app (web/dist) and its server render (web/dist-server) when either is missing or
// older than the ui and web sources, or was built in development mode. The one way the web app is
// built, by `npm start`, `npm test`, the journeys and the api's page tests alike: always for
// production, whatever NODE_ENV the caller runs under (vitest sets `test`, and Vite's React plugin
// then emits React's development JSX runtime, which the server render cannot run).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time (ms) of any file under `dir`, build outputs and dependencies aside. */
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

/** The newest modification time (ms) among the files of `dirs`. */
export function newestSource(dirs) {
  return Math.max(...dirs.map(newest));
}

const serverEntry = join(root, 'web', 'dist-server', 'entry-server.js');

/** True when the server render holds React's development JSX runtime (a build outside production mode). */
export function hasDevelopmentJsx(file = serverEntry) {
  return existsSync(file) && readFileSync(file, 'utf8').includes('jsxDEV');
}

export function buildWebIfStale() {
  const built = [join(root, 'web', 'dist', 'index.html'), serverEntry];
  const sources = newestSource([join(root, 'ui'), join(root, 'web'), join(root, 'contract')]);
  if (built.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources) && !hasDevelopmentJsx()) return;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web app did not build; see above.');
  if (hasDevelopmentJsx()) throw new Error("The server render was built with React's development JSX runtime (web/dist-server/entry-server.js holds jsxDEV).");
}

/** For a command: builds when stale, or says in one line why it could not and exits 1. */
export function buildWebOrExit() {
  try {
    buildWebIfStale();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebOrExit();
