/**
 * `npm start`: a real PostgreSQL (embedded under ./.data unless DATABASE_URL is set), migrations,
 * demo data on the first run, then api + web + locales on one port. Ctrl-C stops all of it.
 */
import { migrateLatest } from '@resuelve/migrations';
import { loadConfig } from './config.ts';
import { createKnex } from './db/knex.ts';
import { openDatabase } from './db/open-database.ts';
import { seedDemo, demoAccounts } from './db/demo-seed.ts';
import { start } from './server.ts';

async function main(): Promise<void> {
  const database = await openDatabase(process.env, (message) => console.log(message));
  const env = { ...process.env, DATABASE_URL: database.url };
  const config = loadConfig(env);
  const knex = createKnex(config.databaseUrl);
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await server.stop({ timeout: 5000 });
    await knex.destroy();
    await database.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
