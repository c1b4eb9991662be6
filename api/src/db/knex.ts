import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// Dates stay as JS Dates; bigint counts (COUNT(*)) come back as numbers, they fit.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

/**
 * A pool that answers "unavailable" instead of hanging when the database is down, and that
 * recovers by itself after a restart: no connection is kept at rest, broken ones are discarded.
 */
export function createKnex(databaseUrl: string, options: { poolMax?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: databaseUrl,
      connectionTimeoutMillis: 3000,
      statement_timeout: 15_000,
      application_name: 'resuelve-api',
      // Every statement of the api is short (well under a millisecond to a few): compiling one
      // with LLVM costs 20-30 ms, which PostgreSQL decides on from row estimates that generated
      // series and function calls overstate (bench/search.ts: 30 days of free slots went 1 → 25 ms).
      options: '-c jit=off',
    } as Knex.PgConnectionConfig,
    pool: {
      min: 0,
      max: options.poolMax ?? 10,
      idleTimeoutMillis: 10_000,
      acquireTimeoutMillis: 5000,
      createTimeoutMillis: 3000,
      propagateCreateError: false,
    },
    acquireConnectionTimeout: 5000,
  });
}
