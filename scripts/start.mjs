// `npm start`: check that the embedded PostgreSQL can start here (unless DATABASE_URL), build what
// is missing, then run the server. A start that cannot succeed says why in one line and exits 1.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { buildWebOrExit } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!process.env.DATABASE_URL) {
  // Before the web build, which takes a while: a checkout the `postgres` user cannot reach (under
  // /root, started as root) is said at once, not after it.
  const { DatabaseStartError, checkEmbeddedAccess, embeddedDataDir } = await tsImport('../api/src/db/embedded-preflight.ts', import.meta.url);
  try {
    await checkEmbeddedAccess(embeddedDataDir(process.env));
  } catch (error) {
    if (!(error instanceof DatabaseStartError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

buildWebOrExit();

// The server and its embedded PostgreSQL run in a process group of their own: Ctrl-C in a terminal
// signals the whole foreground group, and PostgreSQL would take it as "stop at once", under the
// requests still running. The signal reaches the server alone, which drains its requests and
// then stops the database itself (api/src/main.ts).
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api', 'src', 'main.ts')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: process.env,
  detached: process.platform !== 'win32',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
