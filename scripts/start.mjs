// `npm start`: build what is missing, then run the server (embedded PostgreSQL unless DATABASE_URL).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
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
