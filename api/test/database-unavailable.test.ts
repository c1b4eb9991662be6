/**
 * The database going away under a request is a 503 service_unavailable with Retry-After, never a
 * 500, even at COMMIT; and /health says so within a second whatever the database does.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { createKnex } from '../src/db/knex.ts';
import { init } from '../src/server.ts';
import { call, eventually, useTestServer } from './server.ts';
import { bookingBody, jobWorld } from './factories.ts';

const t = useTestServer();

describe('losing the database at COMMIT', () => {
  it('answers 503 service_unavailable with Retry-After, and the retry with the same key is booked', async () => {
    const world = await jobWorld(t);
    // The test's own connection, apart from the server's pool whose connection is cut.
    const admin = createKnex(t.config.databaseUrl, { poolMax: 1 });
    // A deferred trigger runs at COMMIT: it sleeps there, long enough to cut the connection.
    await admin.raw(`
      CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(5); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON jobs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit();`);
    const key = 'commit-lost-1';
    try {
      const answer = call(t.server, 'POST', '/api/v1/jobs', { token: world.clientToken, body: bookingBody(world), headers: { 'idempotency-key': key } });
      let terminated = false;
      for (let waited = 0; waited < 100 && !terminated; waited++) {
        const { rows } = await admin.raw(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event = 'PgSleep' AND query ILIKE 'COMMIT%'`,
        );
        terminated = rows.length > 0;
        if (!terminated) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(terminated).toBe(true);
      const res = await answer;
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await admin.raw('DROP TRIGGER slow_commit ON jobs; DROP FUNCTION slow_commit();');
      await admin.destroy();
    }
    // Retried as a client told Retry-After retries: a pooled connection the cut left behind may
    // answer 503 once more on a busy host (never 500), and the key books the job exactly once.
    const retry = () => call(t.server, 'POST', '/api/v1/jobs', { token: world.clientToken, body: bookingBody(world), headers: { 'idempotency-key': key } });
    const retried = await eventually(retry, (res) => res.status !== 503, 10_000);
    expect(retried.status).toBe(201);
    expect(await t.knex('jobs').where({ client_id: world.clientId }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });
});

describe('/health while the database cannot answer', () => {
  let server: Server;
  let small: Knex;
  afterAll(async () => {
    await server?.stop();
    await small?.destroy();
  });

  it('answers 503 after its own short wait when the pool has no connection to give, and 200 again once it has', async () => {
    small = createKnex(t.config.databaseUrl, { poolMax: 1 });
    server = await init(t.config, { knex: small });
    expect((await call(server, 'GET', '/api/v1/health')).status).toBe(200);
    let release!: () => void;
    const held = small.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (let poll = 0; poll < 3; poll++) {
        const started = Date.now();
        const res = await call(server, 'GET', '/api/v1/health');
        // The check's own timer answered (healthCheckMs), not the 2-second statement timeout nor the
        // pool's minute-long wait; the margin is for a loaded CI machine, speed itself is not tested.
        expect(Date.now() - started).toBeLessThan(2000);
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ status: 503, code: 'service_unavailable' });
        expect(res.headers['retry-after']).toBeDefined();
      }
    } finally {
      release();
      await held;
    }
    const recovered = await eventually(() => call(server, 'GET', '/api/v1/health'), (res) => res.status === 200, 10_000);
    expect(recovered.status).toBe(200);
  }, 30_000);
});
