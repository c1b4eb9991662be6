/**
 * The database `npm start` and the command-line tools use: DATABASE_URL when set, otherwise the
 * embedded PostgreSQL under ./.data. A tool run while `npm start` is up uses the running cluster
 * instead of starting a second one on the same files.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import { createKnex } from './knex.ts';
import { embeddedUrl, startEmbeddedPostgres } from './embedded.ts';

export interface OpenDatabase {
  url: string;
  /** Stops the embedded cluster if this process started it; otherwise does nothing. */
  stop: () => Promise<void>;
}

export const embeddedDataDir = path.join(repoRoot, '.data', 'postgres');
const databaseName = 'resuelve';

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function openDatabase(
  env: Record<string, string | undefined>,
  log: (message: string) => void = () => undefined,
): Promise<OpenDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => undefined };

  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  if (fs.existsSync(path.join(embeddedDataDir, 'postmaster.pid')) && (await accepts(port))) {
    log(`Using the embedded PostgreSQL already running on port ${port}`);
    return { url: embeddedUrl(port, databaseName), stop: async () => undefined };
  }

  log(`Starting embedded PostgreSQL in ${embeddedDataDir} …`);
  const embedded = await startEmbeddedPostgres({ dataDir: embeddedDataDir, port });
  const admin = createKnex(embedded.url('postgres'), { poolMax: 1 });
  try {
    const exists = await admin.raw(`SELECT 1 FROM pg_database WHERE datname = ?`, [databaseName]);
    if (exists.rows.length === 0) await admin.raw('CREATE DATABASE ??', [databaseName]);
  } finally {
    await admin.destroy();
  }
  return { url: embedded.url(databaseName), stop: () => embedded.stop() };
}
