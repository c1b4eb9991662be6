/**
 * Retention on a real PostgreSQL: pg-boss's archive and deletion at the settings the api starts it
 * with (bossRetention), and the hourly pruning of rate limits, idempotency keys, sessions and
 * client logs (background/retention.ts), each kept exactly as long as said and no longer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PgBoss from 'pg-boss';
import { bossRetention } from '../src/background/boss.ts';
import { pruneExpiredRows, retention } from '../src/background/retention.ts';
import { useTestDatabase } from './database.ts';
import { newClient } from './factories.ts';

const database = useTestDatabase();
const day = 86_400_000;
const minute = 60_000;

describe('pg-boss retention (bossRetention)', () => {
  let boss: PgBoss;
  beforeAll(async () => {
    // The maintenance is run by hand below; supervise off so it never runs on its own meanwhile.
    boss = new PgBoss({ connectionString: database.url, schema: 'pgboss_retention', max: 2, ...bossRetention, supervise: false, schedule: false });
    boss.on('error', () => undefined);
    await boss.start();
    // As the api makes its queues: no retry, so a failure is final.
    await boss.createQueue('retention-probe', { name: 'retention-probe', retryLimit: 0 });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
  });

  const finished = async (outcome: 'complete' | 'fail'): Promise<string> => {
    await boss.send('retention-probe', {});
    const [job] = await boss.fetch('retention-probe');
    const id = job!.id;
    if (outcome === 'complete') await boss.complete('retention-probe', id);
    else await boss.fail('retention-probe', id, { why: 'probe' });
    return id;
  };
  const finishedAgo = (id: string, ms: number) => database.knex.raw(`UPDATE pgboss_retention.job SET completed_on = now() - make_interval(secs => ?) WHERE id = ?`, [ms / 1000, id]);
  const where = async (id: string) => {
    const { rows: inJob } = await database.knex.raw('SELECT 1 FROM pgboss_retention.job WHERE id = ?', [id]);
    const { rows: inArchive } = await database.knex.raw('SELECT 1 FROM pgboss_retention.archive WHERE id = ?', [id]);
    return inJob.length ? 'job' : inArchive.length ? 'archive' : 'gone';
  };

  it('archives a completed job after an hour, a failed one after 3 days, and deletes archived ones after 7 days', async () => {
    expect(bossRetention).toEqual({ archiveCompletedAfterSeconds: 3600, archiveFailedAfterSeconds: 259_200, deleteAfterDays: 7, maintenanceIntervalSeconds: 120 });
    const completedYoung = await finished('complete');
    const completedOld = await finished('complete');
    const failedYoung = await finished('fail');
    const failedOld = await finished('fail');
    await finishedAgo(completedYoung, 59 * minute);
    await finishedAgo(completedOld, 61 * minute);
    await finishedAgo(failedYoung, 3 * day - 5 * minute);
    await finishedAgo(failedOld, 3 * day + 5 * minute);

    await boss.maintain(); // what pg-boss runs every maintenanceIntervalSeconds: archive, then delete
    expect(await where(completedYoung)).toBe('job');
    expect(await where(completedOld)).toBe('archive');
    expect(await where(failedYoung)).toBe('job');
    expect(await where(failedOld)).toBe('archive');

    await database.knex.raw(`UPDATE pgboss_retention.archive SET archived_on = now() - interval '6 days 23 hours' WHERE id = ?`, [completedOld]);
    await database.knex.raw(`UPDATE pgboss_retention.archive SET archived_on = now() - interval '7 days 1 hour' WHERE id = ?`, [failedOld]);
    await boss.maintain();
    expect(await where(completedOld)).toBe('archive');
    expect(await where(failedOld)).toBe('gone');
  });
});

describe('pruning (background retention)', () => {
  it('deletes ended rate-limit windows, idempotency keys past their days, expired sessions and old client logs, and nothing younger', async () => {
    const { knex } = database;
    const now = new Date();
    const clock = { now: () => now };
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const user = await newClient(knex);

    await knex('rate_limits').insert([
      { key: 'retention:ended', window_start: ago(2 * minute), count: 3, expires_at: ago(minute) },
      { key: 'retention:open', window_start: ago(30_000), count: 3, expires_at: new Date(now.getTime() + 30_000) },
    ]);
    await knex('idempotency_keys').insert([
      { user_id: user, key: 'old', request_hash: 'h', response_status: 201, response_body: {}, created_at: ago(retention.idempotencyKeyDays * day + minute) },
      { user_id: user, key: 'young', request_hash: 'h', response_status: 201, response_body: {}, created_at: ago(retention.idempotencyKeyDays * day - minute) },
    ]);
    await knex('refresh_tokens').insert([
      { user_id: user, family_id: user, token_hash: 'retention:expired', client: 'web', expires_at: ago(minute) },
      { user_id: user, family_id: user, token_hash: 'retention:alive', client: 'web', expires_at: new Date(now.getTime() + day) },
    ]);
    await knex('client_logs').insert([
      { logged_at: ago(31 * day), received_at: ago(31 * day), level: 'info', message: 'retention old' },
      { logged_at: ago(29 * day), received_at: ago(29 * day), level: 'info', message: 'retention young' },
    ]);

    expect(await pruneExpiredRows({ knex, clock } as never)).toBeGreaterThanOrEqual(4);

    expect(await knex('rate_limits').whereLike('key', 'retention:%').pluck('key')).toEqual(['retention:open']);
    expect(await knex('idempotency_keys').where({ user_id: user }).pluck('key')).toEqual(['young']);
    expect((await knex('refresh_tokens').whereLike('token_hash', 'retention:%').pluck('token_hash')).sort()).toEqual(['retention:alive']);
    expect(await knex('client_logs').whereLike('message', 'retention %').pluck('message')).toEqual(['retention young']);
    // The factory's own session (a year ahead) stays.
    expect(await knex('refresh_tokens').where({ token_hash: `factory:${user}` }).count({ n: '*' }).first().then((row) => Number(row?.n))).toBe(1);
  });

  it('deletes in batches until none is left', async () => {
    const { knex } = database;
    const now = new Date();
    const rows = Array.from({ length: retention.batch + 7 }, (_, i) => ({ key: `retention:batch:${i}`, window_start: new Date(now.getTime() - 120_000), count: 1, expires_at: new Date(now.getTime() - 60_000) }));
    for (let i = 0; i < rows.length; i += 1000) await knex('rate_limits').insert(rows.slice(i, i + 1000));
    expect(await pruneExpiredRows({ knex, clock: { now: () => now } } as never)).toBe(retention.batch + 7);
    expect(await knex('rate_limits').whereLike('key', 'retention:batch:%').count({ n: '*' }).first().then((row) => Number(row?.n))).toBe(0);
  });
});
