/**
 * The database `npm start` and the command-line tools use: DATABASE_URL when set, otherwise the
 * embedded PostgreSQL of this checkout (./.data/postgres, or EMBEDDED_PG_DIR) on its own remembered
 * port. A tool run while `npm start` is up uses the running cluster instead of starting a second one
 * on the same files.
 */
import { createKnex } from './knex.ts';
import { openEmbeddedCluster } from './embedded-cluster.ts';
import { DatabaseStartError, embeddedDataDir } from './embedded-preflight.ts';

export interface OpenDatabase {
  url: string;
  /** Stops the embedded cluster if this process started it; otherwise does nothing. */
  stop: () => Promise<void>;
}

const databaseName = 'resuelve';

export async function openDatabase(
  env: Record<string, string | undefined>,
  log: (message: string) => void = () => undefined,
): Promise<OpenDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => undefined };

  const port = env.EMBEDDED_PG_PORT ? Number(env.EMBEDDED_PG_PORT) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new DatabaseStartError(`EMBEDDED_PG_PORT is "${env.EMBEDDED_PG_PORT}", not a port number: set a number from 1024 to 65535, or unset it to let npm start pick one.`);
  }
  const cluster = await openEmbeddedCluster({ dataDir: embeddedDataDir(env), ...(port === undefined ? {} : { port }), log });
  try {
    const admin = createKnex(cluster.url('postgres'), { poolMax: 1 });
    try {
      const exists = await admin.raw(`SELECT 1 FROM pg_database WHERE datname = ?`, [databaseName]);
      if (exists.rows.length === 0) await admin.raw('CREATE DATABASE ??', [databaseName]);
    } finally {
      await admin.destroy();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return { url: cluster.url(databaseName), stop: cluster.stop };
}
