/**
 * `npm start` with API_PROCESSES=2 (api/src/main.ts, decision record 0042): this process prepares
 * the database and two api processes serve one port, each answering its share of new connections;
 * a stop signal stops both after their requests and the start's process exits 0.
 */
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { createTestDatabase } from './database.ts';
import { apiWorkersOf, startApiProcess, type ApiProcess } from './api-process.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: ApiProcess | undefined;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort();
  api = await startApiProcess({
    NODE_ENV: 'production',
    JWT_SECRET: 'processes-secret-processes-secret-0042',
    DATABASE_URL: database.url,
    PORT: String(port),
    API_PROCESSES: '2',
    LOG_LEVEL: 'warn',
    SEARCH_INDEX: 'off',
  });
}, 120_000);

afterAll(async () => {
  if (api && api.child.exitCode === null) {
    api.child.kill('SIGKILL');
    await api.exited;
  }
  await database?.drop();
});

/** utime + stime of a process, in clock ticks. */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** A GET on a connection of its own (no keep-alive), its status. */
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

describe('the api as two processes on one port (API_PROCESSES)', () => {
  it('says so, and both processes answer new connections', async () => {
    expect(api!.output()).toContain('(2 api processes)');
    const workers = apiWorkersOf(api!.child.pid!);
    expect(workers, api!.output()).toHaveLength(2);
    const before = workers.map(cpuTicks);
    const statuses: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => get('/api/v1/providers?category=plumbing&sort=rating&limit=20')))));
    }
    expect(statuses.filter((status) => status !== 200), api!.output()).toEqual([]);
    // Each process did work of its own for those 200 connections (the cluster hands them in turn).
    const after = workers.map(cpuTicks);
    expect(after[0]! - before[0]!).toBeGreaterThan(0);
    expect(after[1]! - before[1]!).toBeGreaterThan(0);
  }, 60_000);

  it('stops both at SIGTERM and exits 0', async () => {
    const workers = apiWorkersOf(api!.child.pid!);
    api!.child.kill('SIGTERM');
    expect(await api!.exited, api!.output()).toBe(0);
    expect(api!.output()).toContain('Stopped.');
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  }, 60_000);
});
