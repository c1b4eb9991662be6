// `npm test`: every check and test, each part timed: the web build, typecheck and lint (side by
// side), vitest one project at a time (unit, and integration on a real PostgreSQL), then the
// browser journeys. Every part runs even when an earlier one fails; the summary says which failed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
const started = Date.now();
const parts = [];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;

/** Runs `args` with node, its output shown as it comes; resolves to the exit status. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function part(name, work) {
  const from = Date.now();
  let status = 1;
  try {
    status = await work();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  const took = Date.now() - from;
  parts.push({ name, status, took });
  console.log(`\n── ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(took)}\n`);
  return status;
}

await part('web build', async () => {
  buildWebIfStale();
  return 0;
});
await Promise.all([
  part('typecheck', () => run([bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit'])),
  part('lint', () => run([bin('eslint', 'bin/eslint.js'), '.'])),
]);
// The api's public-page tests render with the built web app (web/dist and web/dist-server).
for (const project of ['contract', 'e2e', 'desktop', 'ui', 'api']) {
  await part(`vitest ${project}`, () => run([bin('vitest', 'vitest.mjs'), 'run', '--project', project]));
}
await part('journeys', () => run([join(root, 'scripts', 'e2e.mjs')]));

const width = Math.max(...parts.map((p) => p.name.length));
console.log('\nnpm test, part by part:');
for (const p of parts) console.log(`  ${p.name.padEnd(width)}  ${(p.status === 0 ? 'passed' : 'FAILED').padEnd(6)}  ${minutes(p.took).padStart(12)}`);
const failed = parts.filter((p) => p.status !== 0);
console.log(`  ${'total'.padEnd(width)}  ${(failed.length ? 'FAILED' : 'passed').padEnd(6)}  ${minutes(Date.now() - started).padStart(12)}`);
process.exit(failed.length ? 1 : 0);
