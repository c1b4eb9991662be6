/**
 * `npm start`: a real PostgreSQL (DATABASE_URL, or this checkout's embedded cluster on a port of its
 * own), migrations, demo data on the first run, then api + web + locales on one port. Ctrl-C stops
 * all of it. A start that cannot succeed says in one line what is wrong and what to do, and exits 1.
 */
import { ConfigError, loadConfig } from './config.ts';
import { portIsFree, takeOverShutdown } from './db/embedded.ts';
import { DatabaseStartError } from './db/embedded-preflight.ts';
import { openDatabase } from './db/open-database.ts';

// What a failed start has brought up so far, undone last first.
const undo: (() => Promise<unknown>)[] = [];

/** How long a stop waits for the requests under way before it closes their connections. */
const drainMs = 10_000;

async function main(): Promise<void> {
  takeOverShutdown();
  const database = await openDatabase(process.env, (message) => console.log(message));
  undo.unshift(() => database.stop());
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url });
  if (!(await portIsFree(config.port, config.host))) throw portTaken(config.port);
  // The server's modules load once the database is there, so a database that cannot start says
  // so at once rather than after the whole api has been compiled.
  const [{ migrateLatest }, { createKnex }, { seedDemo, demoAccounts }, { start }] = await Promise.all([
    import('@resuelve/migrations'),
    import('./db/knex.ts'),
    import('./db/demo-seed.ts'),
    import('./server.ts'),
  ]);
  const knex = createKnex(config.databaseUrl);
  undo.unshift(() => knex.destroy());
  await migrateLatest(knex);
  const seeded = config.env === 'production' ? false : await seedDemo(knex);

  const server = await start(config, { knex });
  const address = `http://localhost:${config.port}`;
  console.log(`\nResuelve is running at ${address}`);
  console.log(`  API health:   ${address}/api/v1/health`);
  if (config.env !== 'production') {
    console.log(`  Dev outbox:   ${address}/dev/outbox (verification links and codes)`);
    console.log(`  Demo accounts${seeded ? ' (just created)' : ''}:`);
    for (const account of demoAccounts) console.log(`    ${account.role.padEnd(8)} ${account.email}  ${account.password}`);
  }

  // In this order, so no answer is lost: stop taking requests and answer those under way, stop the
  // background work (onPostStop), and only then the database they all write to.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping (finishing the requests under way)…`);
    let code = 0;
    try {
      await server.stop({ timeout: drainMs });
    } catch (error) {
      console.error(reason(error));
      code = 1;
    }
    await knex.destroy().catch(() => undefined);
    await database.stop();
    console.log('Stopped.');
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
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
