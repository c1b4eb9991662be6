// `npm test`: every check and test, each part timed: the web build, typecheck and lint (side by
// side), vitest's small projects together, then its ui project (jsdom, all CPU) beside its api
// project (integration on a real PostgreSQL, much of it waiting on the database), then the browser
// journeys, and a look through their servers' logs for private tokens. Every part runs even when an earlier one fails; the summary says which failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
const started = Date.now();
const parts = [];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms) => {
  // Rounded to the second first, so 13 min 59.6 s reads 14 min 00 s, never 13 min 60 s.
  const whole = Math.round(ms / 1000);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};

/**
 * Runs `args` with node, its output shown as it comes; resolves to the exit status. With a `label`,
 * each line of its output starts with it, so two parts running side by side stay readable.
 */
function run(args, label) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`[${label}] ${line}\n`));
      }
    }
    // 'close': the piped output has been read to its end too.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * The journeys' template database (migrated, the demo island seeded), made by
 * e2e/prepare-template.ts beside the checks and vitest, which leave it room: seeding waits on
 * PostgreSQL and sharp most of its time. Only on TEST_DATABASE_URL's server (without one, the
 * journeys start a PostgreSQL of their own and make it there). `name` is null when it failed: the
 * journeys then make their own. `drop` ends it, which drops the database.
 */
function prepareJourneyTemplate() {
  if (!process.env.TEST_DATABASE_URL) return { name: Promise.resolve(null), drop: async () => {} };
  const from = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'e2e', 'prepare-template.ts')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const name = new Promise((resolve) => {
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      const made = /^template (\S+)$/.exec(line);
      if (!made) return void process.stdout.write(`[journeys' template] ${line}\n`);
      console.log(`[journeys' template] ${made[1]} made in ${seconds(Date.now() - from)}, beside the other parts`);
      resolve(made[1]);
    });
    void exited.then(() => resolve(null));
  });
  return {
    name,
    drop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * The machine's CPU time so far (Linux /proc/stat: busy and all, in ticks), so each part can say how
 * busy it kept the CPUs: a part well under 100 % waits (on the database, timers, the network) and
 * leaves room for another beside it; one near 100 % only goes faster with less work.
 */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const all = fields.slice(0, 8).reduce((sum, value) => sum + value, 0); // guest time is already in user
    return { busy: all - idle, all };
  } catch {
    return null;
  }
}

const busyShare = (from, to) => (from && to && to.all > from.all ? `${Math.round((100 * (to.busy - from.busy)) / (to.all - from.all))} %` : '');

async function part(name, work) {
  const from = Date.now();
  const ticks = cpuTicks();
  let status = 1;
  try {
    status = await work();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  const took = Date.now() - from;
  const busy = busyShare(ticks, cpuTicks());
  parts.push({ name, status, took, busy });
  console.log(`\n── ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(took)}${busy ? `, the CPUs ${busy} busy` : ''}\n`);
  return status;
}

await part('web build', async () => {
  buildWebIfStale();
  return 0;
});
const journeyTemplate = prepareJourneyTemplate();
await Promise.all([
  part('typecheck', () => run([bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit'])),
  part('lint', () => run([bin('eslint', 'bin/eslint.js'), '.'])),
]);
const vitest = (...projects) => [bin('vitest', 'vitest.mjs'), 'run', ...projects.flatMap((project) => ['--project', project])];
// The small projects in one start of vitest (each start costs seconds of loading).
await part('vitest contract, e2e, desktop', () => run(vitest('contract', 'e2e', 'desktop')));
// The ui project beside the api project (decision 0052): the api's workers wait on PostgreSQL
// (each file's database, queries, servers' sockets) much of their time, which the ui's files fill.
// In the clean-clone run of 2026-11-28 both took 567 s together, on a machine that ran lint and
// typecheck 1.9 times slower than the day they took 211 s + 193 s one after the other.
// The api's public-page tests render with the built web app (web/dist and web/dist-server).
await Promise.all([part('vitest ui', () => run(vitest('ui'), 'ui')), part('vitest api', () => run(vitest('api'), 'api'))]);
const template = await journeyTemplate.name;
if (template) process.env.E2E_PREPARED_TEMPLATE = template;
// Every line the journeys' servers print, request lines included, kept for the check after them.
const serverLogs = mkdtempSync(join(tmpdir(), 'resuelve-server-logs-'));
process.env.E2E_SERVER_LOG_DIR = serverLogs;
process.env.E2E_LOG_LEVEL ??= 'info';
await part('journeys', () => run([join(root, 'scripts', 'e2e.mjs')]));
await part('no secret in the logs', () => run([join(root, 'scripts', 'check-log-secrets.mjs'), serverLogs]));
rmSync(serverLogs, { recursive: true, force: true });
await journeyTemplate.drop();

const width = Math.max(...parts.map((p) => p.name.length));
console.log('\nnpm test, part by part:');
for (const p of parts) console.log(`  ${p.name.padEnd(width)}  ${(p.status === 0 ? 'passed' : 'FAILED').padEnd(6)}  ${minutes(p.took).padStart(12)}  ${p.busy ? `CPUs ${p.busy.padStart(5)} busy` : ''}`);
const failed = parts.filter((p) => p.status !== 0);
console.log(`  ${'total'.padEnd(width)}  ${(failed.length ? 'FAILED' : 'passed').padEnd(6)}  ${minutes(Date.now() - started).padStart(12)}`);
process.exit(failed.length ? 1 : 0);
