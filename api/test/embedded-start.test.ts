import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedCluster, portFile, type EmbeddedCluster } from '../src/db/embedded-cluster.ts';
import { DatabaseStartError, freePort, startEmbeddedPostgres } from '../src/db/embedded.ts';

async function answers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    return rows[0]!.one;
  } finally {
    await client.end();
  }
}

/** Another program listening on `port` until released. */
async function hold(port: number): Promise<net.Server> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

async function failure(start: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const began = Date.now();
  try {
    await start;
  } catch (error) {
    return { error, ms: Date.now() - began };
  }
  throw new Error('the start succeeded');
}

function expectOneLine(error: unknown, pattern: RegExp): void {
  expect(error).toBeInstanceOf(DatabaseStartError);
  const message = (error as Error).message;
  expect(message).toMatch(pattern);
  expect(message).not.toContain('\n');
}

// The clusters `npm start` runs: two checkouts on one machine, leftovers, taken ports.
describe('starting the embedded PostgreSQL of a data folder', () => {
  let root: string;
  let first: string;
  let second: string;
  const open: EmbeddedCluster[] = [];

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-start-'));
    // Started as root, the cluster runs as `postgres`, which must reach the folder.
    fs.chmodSync(root, 0o755);
    first = path.join(root, 'first', 'postgres');
    second = path.join(root, 'second', 'postgres');
  });

  afterAll(async () => {
    for (const cluster of open) await cluster.stop().catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  }, 30_000);

  it('two data folders started at once, with no port given, both come up on ports of their own and answer', async () => {
    const clusters = await Promise.all([
      openEmbeddedCluster({ dataDir: first, durable: false }),
      openEmbeddedCluster({ dataDir: second, durable: false }),
    ]);
    open.push(...clusters);
    const [a, b] = clusters as [EmbeddedCluster, EmbeddedCluster];
    expect(a.port).not.toBe(b.port);
    expect(await answers(a.url('postgres'))).toBe(1);
    expect(await answers(b.url('postgres'))).toBe(1);
    // Each folder remembers its own port.
    expect(fs.readFileSync(portFile(first), 'utf8').trim()).toBe(String(a.port));
    expect(fs.readFileSync(portFile(second), 'utf8').trim()).toBe(String(b.port));
  }, 90_000);

  it('a second start of a folder whose cluster runs uses that cluster and leaves it running', async () => {
    const running = open[0]!;
    const again = await openEmbeddedCluster({ dataDir: first, durable: false });
    expect(again.startedHere).toBe(false);
    expect(again.port).toBe(running.port);
    await again.stop();
    expect(await answers(running.url('postgres'))).toBe(1);
  }, 30_000);

  it('a folder started again comes up on the port it remembers', async () => {
    const stopped = open.shift()!;
    await stopped.stop();
    const again = await openEmbeddedCluster({ dataDir: first, durable: false });
    open.unshift(again);
    expect(again.startedHere).toBe(true);
    expect(again.port).toBe(stopped.port);
  }, 60_000);

  it('when another program has taken the remembered port, the cluster moves to a free one and remembers it', async () => {
    const stopped = open.pop()!;
    await stopped.stop();
    const squatter = await hold(stopped.port);
    try {
      const lines: string[] = [];
      const moved = await openEmbeddedCluster({ dataDir: second, durable: false, log: (line) => lines.push(line) });
      open.push(moved);
      expect(moved.port).not.toBe(stopped.port);
      expect(await answers(moved.url('postgres'))).toBe(1);
      expect(lines.join('\n')).toContain(`Port ${stopped.port}, remembered for ${second}, is now taken by another program`);
      expect(fs.readFileSync(portFile(second), 'utf8').trim()).toBe(String(moved.port));
    } finally {
      squatter.close();
    }
  }, 60_000);

  it('a port asked for by name that another program holds is said in one line at once, not waited on', async () => {
    const port = await freePort();
    const squatter = await hold(port);
    try {
      const { error, ms } = await failure(openEmbeddedCluster({ dataDir: path.join(root, 'named', 'postgres'), port }));
      expectOneLine(error, new RegExp(`^Port ${port} \\(EMBEDDED_PG_PORT\\) is taken by another program: .*unset EMBEDDED_PG_PORT`));
      expect(ms).toBeLessThan(10_000);
    } finally {
      squatter.close();
    }
  }, 30_000);

  it('a port taken just before PostgreSQL listens on it ends the start in one line, not a wait', async () => {
    // A folder made already, so what is timed is the server's own start.
    await open.pop()!.stop();
    const port = await freePort();
    const squatter = await hold(port);
    try {
      const { error, ms } = await failure(startEmbeddedPostgres({ dataDir: second, port, durable: false }).then(async (database) => database.stop()));
      expectOneLine(error, new RegExp(`^Port ${port} is taken by another program, so the embedded PostgreSQL cannot listen on it`));
      expect(ms).toBeLessThan(10_000);
    } finally {
      squatter.close();
    }
  }, 60_000);

  it('a start that does not accept connections in time is stopped and said in one line', async () => {
    // 1 ms: no PostgreSQL accepts connections that soon (30 ms was once enough on a quiet machine).
    const { error } = await failure(startEmbeddedPostgres({ dataDir: second, port: await freePort(), durable: false, timeoutMs: 1 }));
    expectOneLine(error, /^The embedded PostgreSQL in .* did not accept connections within 0\.001 s .*it was stopped/);
    // Stopped indeed: the folder starts again at once.
    const database = await startEmbeddedPostgres({ dataDir: second, port: await freePort(), durable: false });
    await database.stop();
  }, 60_000);

  it('a stale postmaster.pid naming a live program that is not PostgreSQL is said in one line', async () => {
    const dataDir = path.join(root, 'stale', 'postgres');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '18\n');
    // This very test process: alive, and not a PostgreSQL.
    fs.writeFileSync(path.join(dataDir, 'postmaster.pid'), `${process.pid}\n${dataDir}\n0\n${await freePort()}\n`);
    const { error, ms } = await failure(openEmbeddedCluster({ dataDir }));
    expectOneLine(error, /postmaster\.pid|kill/);
    if (process.platform === 'linux') expectOneLine(error, new RegExp(`stale postmaster\\.pid naming process ${process.pid}.*delete ${dataDir}/postmaster\\.pid`));
    expect(ms).toBeLessThan(15_000);
  }, 30_000);
});
