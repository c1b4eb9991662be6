import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { loadConfig } from '../src/config.ts';
import { createKnex } from '../src/db/knex.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { init } from '../src/server.ts';
import { call, eventually } from './server.ts';

// A cluster of this file's own, so it can be stopped and started under a running server.
describe('database outage', () => {
  let dataDir: string;
  let port: number;
  let database: EmbeddedDatabase;
  let knex: Knex;
  let server: Server;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-restart-'));
    fs.chmodSync(dataDir, 0o755);
    port = await freePort();
    database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), port, durable: false });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url('postgres'), RATE_LIMIT_PER_MINUTE: '100000' });
    knex = createKnex(config.databaseUrl);
    server = await init(config, { knex });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await knex?.destroy();
    await database?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /health within a second while the database is frozen (SIGSTOP), and 200 once it runs again', async () => {
    expect((await call(server, 'GET', '/api/v1/health')).status).toBe(200);
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
    const frozen = [postmaster, ...children];
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      for (let poll = 0; poll < 3; poll++) {
        const started = Date.now();
        const res = await call(server, 'GET', '/api/v1/health');
        expect(Date.now() - started).toBeLessThan(1000);
        expect(res.body).toMatchObject({ status: 503, code: 'service_unavailable' });
      }
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    const recovered = await eventually(() => call(server, 'GET', '/api/v1/health'), (res) => res.status === 200, 10_000);
    expect(recovered.status).toBe(200);
  }, 60_000);

  it('answers 503 promptly while the database is down and recovers after it restarts', async () => {
    expect((await call(server, 'GET', '/api/v1/health')).status).toBe(200);

    await database.stop();
    const started = Date.now();
    const down = await call(server, 'GET', '/api/v1/health');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(Date.now() - started).toBeLessThan(8000); // bounded by the pool's time-outs, not hanging

    database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), port, durable: false });
    const recovered = await eventually(() => call(server, 'GET', '/api/v1/health'), (res) => res.status === 200, 10_000);
    expect(recovered.status).toBe(200);
  }, 60_000);
});
