/**
 * A restart loses no answer: `npm start`'s server (api/src/main.ts on its embedded PostgreSQL) is
 * stopped with SIGINT under 20 bookings in flight and started again. Every booking under way when
 * the signal came is answered 201; one sent after it is refused before any work and, retried with
 * its Idempotency-Key once the server is back, answered 201; no answer is a 500, and every stored
 * booking is one some answer said 201 for.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours, type BusinessHours } from '@resuelve/contract';
import { portFile } from '../src/db/embedded-cluster.ts';
import { embeddedUrl, freePort } from '../src/db/embedded.ts';
import { createKnex } from '../src/db/knex.ts';
import { startApiProcess as startApi, type ApiProcess as Api } from './api-process.ts';
import { categoryId, newClient, newProvider, tokenFor } from './factories.ts';

const secret = 'restart-secret-restart-secret-restart';
/** The provider time lock of schedule-check.ts: held here, it keeps bookings waiting mid-request. */
const providerTimeLock = 5_120_012;

/** San Juan wall-clock `HH:00` on the day `days` from now, as an instant with its offset. */
function localSlot(days: number, hour: number): string {
  const day = new Date(Date.now() - 4 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00:00-04:00`;
}

interface Attempt {
  key: string;
  body: Record<string, unknown>;
  status: number | 'no answer';
  jobId?: string;
}

async function book(port: number, token: string, attempt: Pick<Attempt, 'key' | 'body'>): Promise<{ status: number | 'no answer'; jobId?: string }> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': attempt.key },
      body: JSON.stringify(attempt.body),
    });
    const body = (await res.json()) as { id?: string };
    return { status: res.status, ...(res.status === 201 ? { jobId: body.id } : {}) };
  } catch {
    return { status: 'no answer' };
  }
}

describe('a restart under 20 concurrent bookings', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-restart-'));
  fs.chmodSync(folder, 0o755);
  const dataDir = path.join(folder, 'postgres');
  const running: Api[] = [];
  let knex: Knex | undefined;

  afterAll(async () => {
    await knex?.destroy();
    for (const api of running) {
      if (api.child.exitCode === null) {
        api.child.kill('SIGTERM');
        await api.exited;
      }
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('answers every booking under way 201, stores nothing unanswered, and a retry with the key gets the rest', async () => {
    const port = await freePort();
    const env = {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: secret,
      EMBEDDED_PG_DIR: dataDir,
      UPLOADS_DIR: path.join(folder, 'uploads'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // A connection for every booking, so each one shows in pg_stat_activity once the server has it.
      DATABASE_POOL_MAX: '25',
    };
    const first = await startApi(env);
    running.push(first);

    const databaseUrl = embeddedUrl(Number(fs.readFileSync(portFile(dataDir), 'utf8').trim()), 'resuelve');
    knex = createKnex(databaseUrl, { poolMax: 2 });
    const everyDayOpen = Object.fromEntries(Object.keys(defaultBusinessHours).map((day) => [day, { open: true, from: '08:00', to: '17:00' }])) as BusinessHours;
    const providerId = await newProvider(knex, { categories: ['plumbing'], business_hours: everyDayOpen });
    const clientId = await newClient(knex);
    const token = tokenFor({ config: { jwtSecret: secret } }, clientId);
    const category = await categoryId(knex, 'plumbing');
    const bodyAt = (start: string) => ({
      provider_id: providerId,
      category_id: category,
      title: 'Fuga en el fregadero',
      description: 'Gotea debajo del fregadero de la cocina.',
      scheduled_start: start,
      duration_hours: 1,
      location_type: 'on_site',
    });
    // 25 distinct hours: 20 sent before the signal, 5 after it.
    const slots = [2, 3, 4, 5].flatMap((days) => [8, 9, 10, 11, 12, 13, 14].map((hour) => localSlot(days, hour))).slice(0, 25);
    const attempts: Attempt[] = slots.map((start) => ({ key: randomUUID(), body: bodyAt(start), status: 'no answer' }));

    // Bookings wait on the provider's time lock, held here, so they are surely under way at the
    // signal: all 20 waiting on it means the server has every one (with fewer seen, one still on its
    // way to the server was cut off by the stop on a busy host).
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query(`SELECT pg_advisory_lock(hashtextextended($1::text, ${providerTimeLock}))`, [providerId]);
    const inFlight = attempts.slice(0, 20).map(async (attempt) => Object.assign(attempt, await book(port, token, attempt)));
    const waiting = async () =>
      (await holder.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%pg_advisory_xact_lock%'`)).rows[0].n as number;
    for (let waited = 0; waited < 400 && (await waiting()) < 20; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await waiting(), 'bookings under way at the signal').toBe(20);
    first.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const late = attempts.slice(20).map(async (attempt) => Object.assign(attempt, await book(port, token, attempt)));
    await Promise.all(late);
    await holder.query(`SELECT pg_advisory_unlock_all()`);
    await holder.end();
    await Promise.all(inFlight);

    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/Stopped\./);
    expect(attempts.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(attempts.map((a) => a.status)).not.toContain(500);
    // The database stopped only after the answers went out, and with the server.
    expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);

    const second = await startApi(env);
    running.push(second);
    const answered = new Map<string, string>();
    for (const attempt of attempts) {
      if (attempt.status !== 201) {
        const retried = await book(port, token, attempt);
        expect(retried.status, `retry of ${attempt.body.scheduled_start as string}`).toBe(201);
        attempt.jobId = retried.jobId;
      }
      answered.set(attempt.jobId!, attempt.body.scheduled_start as string);
    }
    await knex.destroy();
    knex = createKnex(databaseUrl, { poolMax: 2 });
    const stored = await knex('jobs').where({ provider_id: providerId }).select('id');
    expect(stored.map((row: { id: string }) => row.id).sort()).toEqual([...answered.keys()].sort());
    expect(stored).toHaveLength(25);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
