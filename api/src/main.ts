/**
 * `npm start`: a real PostgreSQL (DATABASE_URL, or this checkout's embedded cluster on a port of its
 * own), migrations, demo data on the first run, then api + web + locales on one port. Ctrl-C stops
 * all of it. A start that cannot succeed says in one line what is wrong and what to do, and exits 1.
 * With API_PROCESSES > 1 the api runs as that many processes sharing the port (node:cluster; one
 * per CPU in production, DESIGN.md §11): this one prepares the database, they serve.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Knex } from 'knex';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { start as startServer } from './server.ts';
import { portIsFree, takeOverShutdown } from './db/embedded.ts';
import { DatabaseStartError } from './db/embedded-preflight.ts';
import { openDatabase } from './db/open-database.ts';

// What a failed start has brought up so far, undone last first.
const undo: (() => Promise<unknown>)[] = [];

/** What an api process of several tells this one once its server has started. */
const startedMessage = 'resuelve:started';

/** How long a stop waits for the requests under way before it closes their connections. */
const drainMs = 10_000;

async function main(): Promise<void> {
  takeOverShutdown();
  if (cluster.isWorker) return serveInThisWorker();
  const database = await openDatabase(process.env, (message) => console.log(message));
  undo.unshift(() => database.stop());
  const loaded = loadConfig({ ...process.env, DATABASE_URL: database.url });
  if (!(await portIsFree(loaded.port, loaded.host))) throw portTaken(loaded.port);
  // The server's modules load once the database is there, so a database that cannot start says
  // so at once rather than after the whole api has been compiled.
  const [{ migrateLatest }, { createKnex }, { seedDemo, demoAccounts }, { start, createStorage }] = await Promise.all([
    import('@resuelve/migrations'),
    import('./db/knex.ts'),
    import('./db/demo-seed.ts'),
    import('./server.ts'),
  ]);
  const knex = createKnex(loaded.databaseUrl, { poolMax: loaded.databasePoolMax });
  undo.unshift(() => knex.destroy());
  await migrateLatest(knex);
  const seeded = loaded.env === 'production' ? false : await seedDemo(knex, { storage: createStorage(loaded), config: loaded });
  const { emulator, config } = await startEmulator(loaded);

  const stopServing = config.apiProcesses > 1 ? await startProcesses(config) : await serve(config, knex, start);
  const address = `http://localhost:${config.port}`;
  console.log(`\nResuelve is running at ${address}${config.apiProcesses > 1 ? ` (${config.apiProcesses} api processes)` : ''}`);
  console.log(`  API health:   ${address}/api/v1/health`);
  if (config.env !== 'production') {
    console.log(`  Dev outbox:   ${address}/dev/outbox (verification links and codes)`);
    console.log(`  Demo accounts${seeded ? ' (just created)' : ''}:`);
    for (const account of demoAccounts) console.log(`    ${account.role.padEnd(8)} ${account.email}  ${account.password}`);
  }
  if (emulator) console.log(`  ATH Móvil:    ${emulator.url.replace('127.0.0.1', 'localhost')}/phone?number=7875550101 (the emulator's phone: demo payments, no money moves)`);

  // In this order, so no answer is lost: stop taking requests and answer those under way, stop the
  // background work (onPostStop), and only then the database they all write to.
  onStopSignal(async () => {
    const code = await stopServing();
    await emulator?.stop().catch(() => undefined);
    await knex.destroy().catch(() => undefined);
    await database.stop();
    console.log('Stopped.');
    return code;
  });
}

/**
 * The ATH Móvil emulator (api/src/emulators/athmovil/), once, in this process, when payments are on
 * and ATHMOVIL_BASE_URL is unset; answers the configuration pointing at it. Its port is
 * ATHMOVIL_EMULATOR_PORT; when that is the default (3090) and taken (another npm start, a test
 * starting the api), a free one, which the api processes learn through their environment.
 */
async function startEmulator(config: Config) {
  if (!config.payments.enabled || !config.payments.emulator) return { emulator: null, config };
  let port = config.payments.emulatorPort;
  if (!(await portIsFree(port, '127.0.0.1'))) {
    if (process.env.ATHMOVIL_EMULATOR_PORT) {
      throw new ConfigError(`Port ${port} for the ATH Móvil emulator is taken (another npm start?): stop it, or start with another ATHMOVIL_EMULATOR_PORT=<number>.`);
    }
    port = 0;
  }
  const { startAthMovilEmulator } = await import('./emulators/athmovil/server.ts');
  const emulator = await startAthMovilEmulator({ port, host: '127.0.0.1', notifyUrl: config.payments.notifyUrl });
  undo.unshift(() => emulator.stop());
  const actual = Number(new URL(emulator.url).port);
  process.env.ATHMOVIL_EMULATOR_PORT = String(actual);
  return { emulator, config: { ...config, payments: { ...config.payments, emulatorPort: actual, baseUrl: emulator.url } } };
}

/** The api in this process; resolves to its stop (0 when every request under way was answered). */
async function serve(config: Config, knex: Knex, start: typeof startServer): Promise<() => Promise<number>> {
  const server = await start(config, { knex });
  return async () => {
    try {
      await server.stop({ timeout: drainMs });
      return 0;
    } catch (error) {
      console.error(reason(error));
      return 1;
    }
  };
}

/** Runs `stop` once, at the first of SIGINT, SIGTERM or SIGHUP, then exits with its code. */
function onStopSignal(stop: () => Promise<number>): void {
  let stopping = false;
  const once = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) console.log(`\n${signal}: stopping (finishing the requests under way)…`);
    process.exit(await stop());
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void once(signal));
}

/**
 * The api as `config.apiProcesses` processes on one port (node:cluster hands each connection to the
 * next): each has its own pool, search index, caches and background work, as DESIGN.md §11 runs
 * several processes; resolves once every one has started, to their stop.
 */
async function startProcesses(config: Config): Promise<() => Promise<number>> {
  const workers: Worker[] = [];
  const stop = () => stopProcesses(workers);
  undo.unshift(stop);
  const fork = () => {
    // The database this process opened and the secret it read, so every process signs alike.
    const worker = cluster.fork({ DATABASE_URL: config.databaseUrl, JWT_SECRET: config.jwtSecret });
    workers.push(worker);
    return new Promise<void>((resolve, reject) => {
      // Said once its server has started (listening, background work begun: serveInThisWorker).
      worker.on('message', (message: unknown) => {
        if (message === startedMessage) resolve();
      });
      worker.once('exit', (code) => reject(new Error(`An api process stopped while starting (exit code ${code}); its error is above.`)));
    });
  };
  // The first alone: its start creates what the background jobs need on a new database, which
  // several starting at once would deadlock on (pg-boss); the others then start together.
  await fork();
  await Promise.all(Array.from({ length: config.apiProcesses - 1 }, fork));
  return stop;
}

/** Asks each api process to stop (it answers the requests under way first) and waits for them all: 0 when every one stopped cleanly. */
async function stopProcesses(workers: Worker[]): Promise<number> {
  const codes = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<number>((resolve) => {
          const stopped = (code: number | null, signal: string | null) => {
            if (code !== 0) console.error(`The api process ${worker.process.pid} stopped with ${code === null ? `signal ${signal}` : `exit code ${code}`}.`);
            resolve(code ?? 1);
          };
          if (worker.isDead()) return stopped(worker.process.exitCode, worker.process.signalCode);
          const killer = setTimeout(() => worker.process.kill('SIGKILL'), drainMs + 5_000);
          worker.once('exit', (code, signal) => {
            clearTimeout(killer);
            stopped(code, signal);
          });
          worker.process.kill('SIGTERM');
        }),
    ),
  );
  return codes.every((code) => code === 0) ? 0 : 1;
}

/** One of several api processes (startProcesses): the database is ready; serve until told to stop. */
async function serveInThisWorker(): Promise<void> {
  const config = loadConfig(process.env);
  const [{ createKnex }, { start }] = await Promise.all([import('./db/knex.ts'), import('./server.ts')]);
  const knex = createKnex(config.databaseUrl, { poolMax: config.databasePoolMax });
  const serving = serve(config, knex, start);
  // Listening comes before the start's last steps: a stop asked meanwhile waits for them, then stops.
  onStopSignal(async () => {
    const stopServing = await serving.catch(() => null);
    const code = stopServing ? await stopServing() : 1;
    await knex.destroy().catch(() => undefined);
    return code;
  });
  await serving;
  process.send?.(startedMessage);
}

function portTaken(port: number | undefined): ConfigError {
  return new ConfigError(`Port ${port} is taken by another program (another npm start?): stop it, or start on another port with PORT=<number> npm start.`);
}

/** The one line a person reads when the start cannot succeed. */
function reason(error: unknown): string {
  if (error instanceof DatabaseStartError || error instanceof ConfigError) return error.message;
  // Taken between the look above and the listen.
  const { code, port } = (error ?? {}) as { code?: string; port?: number };
  if (code === 'EADDRINUSE') return portTaken(port).message;
  return error instanceof Error ? error.message : String(error);
}

main().catch(async (error: unknown) => {
  console.error(reason(error));
  // A cluster this start brought up goes down with it, rather than outliving the failed start.
  for (const step of undo) await step().catch(() => undefined);
  process.exit(1);
});
