/**
 * The server a worker's journeys drive (decision 0045): e2e/serve.ts in a process of its own, on a
 * port of the worker's own, with a database cloned from the run's seeded template (global-setup.ts).
 * Nothing is shared between workers but PostgreSQL itself: each owns its data, its outbox and its
 * clock, so no journey waits for another's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface JourneyServer {
  port: number;
  url: string;
  /** The worker's own database, for the state no screen offers yet (database.ts). */
  databaseUrl: string;
  stop(): Promise<void>;
}

const basePort = Number(process.env.E2E_PORT ?? 3100);
const serveFile = path.resolve(import.meta.dirname, '../../serve.ts');

let current: JourneyServer | null = null;

/** This worker's server (set by the `journeyServer` worker fixture). */
export function journeyServer(): JourneyServer {
  if (!current) throw new Error('No journey server in this worker: use `test` from tests/support/fixtures.ts');
  return current;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through e2e/playwright.config.ts (its global setup sets it)`);
  return value;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The journey server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No journey server on ${url} after ${timeoutMs / 1000} s:\n${output()}`);
}

/** Starts worker `workerIndex`'s server (each worker, even a replacement after a failure, has its own index). */
export async function startJourneyServer(workerIndex: number): Promise<JourneyServer> {
  const port = basePort + workerIndex;
  const database = `rs_e2e_${required('E2E_RUN_ID')}_w${workerIndex}`;
  const adminUrl = new URL(required('E2E_ADMIN_URL'));
  adminUrl.pathname = `/${database}`;
  const child = spawn(process.execPath, ['--import', 'tsx', serveFile], {
    env: { ...process.env, E2E_PORT: String(port), E2E_DATABASE: database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // With E2E_SERVER_LOG_DIR (npm test sets it), every line the server prints is kept in a file of
  // its own, for the checks that read a whole run's logs (scripts/check-log-secrets.mjs).
  const logDir = process.env.E2E_SERVER_LOG_DIR;
  const file = logDir ? (fs.mkdirSync(logDir, { recursive: true }), fs.createWriteStream(path.join(logDir, `server-${port}-${Date.now().toString(36)}.log`))) : null;
  const keep = (chunk: Buffer) => {
    file?.write(chunk);
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    // The server's warnings and errors belong in the run's output, next to the journey that caused them.
    process.stderr.write(`[journey server ${port}] ${chunk.toString()}`);
  });
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForHealth(url, child, () => log, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  current = {
    port,
    url,
    databaseUrl: adminUrl.toString(),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(late);
      await new Promise<void>((resolve) => (file ? file.end(resolve) : resolve()));
      current = null;
    },
  };
  return current;
}
