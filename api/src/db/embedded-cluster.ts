/**
 * The lasting cluster of one data folder (`npm start`, the command-line tools): it keeps the port it
 * was first given in a file beside its data, so two checkouts on one machine never reach for the
 * same port, and a cluster left running from an earlier start is used rather than fought.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DatabaseStartError, PortBusyError, embeddedUrl, freePort, portIsFree, startEmbeddedPostgres } from './embedded.ts';

export interface EmbeddedCluster {
  port: number;
  url: (database: string) => string;
  /** Stops the cluster if this call started it; one left from an earlier start keeps running. */
  stop: () => Promise<void>;
  /** False when a cluster already running on this data folder was used. */
  startedHere: boolean;
}

/** `<data folder>.port`: the port this data folder's cluster listens on, chosen on its first start. */
export function portFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.port`;
}

function rememberedPort(dataDir: string): number | null {
  try {
    const port = Number(fs.readFileSync(portFile(dataDir), 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}

function remember(dataDir: string, port: number): void {
  if (rememberedPort(dataDir) !== port) fs.writeFileSync(portFile(dataDir), `${port}\n`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The program a process runs, where the system says (Linux); null elsewhere. */
function programOf(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Whether the PostgreSQL answering on `port` serves this very data folder. */
async function servesFolder(port: number, dataDir: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: embeddedUrl(port, 'postgres'), connectionTimeoutMillis: 2000, query_timeout: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`);
    return fs.realpathSync(rows[0]?.dir ?? '') === fs.realpathSync(dataDir);
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server named by the folder's postmaster.pid, when that process still runs. */
function runningPostmaster(dataDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  // A dead pid is a stale file from a crash: PostgreSQL removes it itself when it starts.
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? { pid, port } : null;
}

/**
 * A cluster already running on this data folder (left by an earlier start, or `npm start` while a
 * tool runs), or null when none runs. A live process that does not answer as this
 * folder's PostgreSQL within `waitMs` (it may still be starting) is an error to act on.
 */
async function leftoverCluster(dataDir: string, waitMs: number): Promise<{ pid: number; port: number } | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const running = runningPostmaster(dataDir);
    if (!running) return null;
    if (Number.isInteger(running.port) && (await servesFolder(running.port, dataDir))) return running;
    if (Date.now() >= deadline) {
      const pidFile = path.join(dataDir, 'postmaster.pid');
      const program = programOf(running.pid);
      if (program !== null && !program.startsWith('postgres')) {
        throw new DatabaseStartError(
          `The data folder ${dataDir} has a stale postmaster.pid naming process ${running.pid}, which is now another program (${program}): delete ${pidFile} and start again.`,
        );
      }
      throw new DatabaseStartError(
        `A PostgreSQL left from an earlier start (pid ${running.pid}) holds the data folder ${dataDir} but does not answer on port ${running.port}: stop it (kill ${running.pid}) and start again.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function openEmbeddedCluster(options: {
  dataDir: string;
  /** A port asked for by name (EMBEDDED_PG_PORT): used as it is, never moved or remembered. */
  port?: number;
  durable?: boolean;
  timeoutMs?: number;
  log?: (message: string) => void;
}): Promise<EmbeddedCluster> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? (() => undefined);

  const leftover = await leftoverCluster(dataDir, 5000);
  if (leftover !== null) {
    const { pid, port } = leftover;
    log(`Using the embedded PostgreSQL already running on port ${port} (pid ${pid}, ${dataDir}); it keeps running after this process`);
    if (options.port === undefined) remember(dataDir, port);
    return { port, url: (database) => embeddedUrl(port, database), stop: async () => undefined, startedHere: false };
  }

  let port = options.port ?? rememberedPort(dataDir);
  if (options.port !== undefined && !(await portIsFree(options.port))) {
    throw new DatabaseStartError(`Port ${options.port} (EMBEDDED_PG_PORT) is taken by another program: free it, choose another, or unset EMBEDDED_PG_PORT to let npm start pick one.`);
  }
  if (port !== null && options.port === undefined && !(await portIsFree(port))) {
    const moved = await freePort();
    log(`Port ${port}, remembered for ${dataDir}, is now taken by another program; the embedded PostgreSQL moves to port ${moved}.`);
    port = moved;
  }

  // Another start may take a port between the look and the listen: a chosen port is chosen again.
  for (let attempt = 1; ; attempt++) {
    port ??= await freePort();
    log(`Starting embedded PostgreSQL in ${dataDir} on port ${port} …`);
    try {
      const database = await startEmbeddedPostgres({
        dataDir,
        port,
        ...(options.durable === undefined ? {} : { durable: options.durable }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
      if (options.port === undefined) remember(dataDir, port);
      const started = port;
      return { port: started, url: database.url, stop: database.stop, startedHere: true };
    } catch (error) {
      if (!(error instanceof PortBusyError) || options.port !== undefined || attempt >= 3) throw error;
      port = null;
    }
  }
}
