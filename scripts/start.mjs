// `npm start`: check that the embedded PostgreSQL can start here (unless DATABASE_URL), build what
// is missing, then run the server. A start that cannot succeed says why in one line and exits 1.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { buildWebIfStale } from './build-web.mjs';

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

buildWebIfStale();

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Ctrl-C reaches the server too (same process group); it stops the database and exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
