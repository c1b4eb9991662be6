/**
 * Migration 0040 (issue 28): no-show reports. Up, down and up again on a full schema; one report
 * per job, a known reporter and status, an answer with its time, a resolution with its time, no
 * negative fee, and deleting the job takes its report with it.
 */
import { describe, expect, it } from 'vitest';
import { migrationSource } from '@resuelve/migrations';
import { rollBackThrough, useTestDatabase } from './database.ts';
import { newClient, newJob, newProvider } from './factories.ts';

const t = useTestDatabase({ poolMax: 2 });

describe('the no-shows migration', () => {
  it('runs up, down and up, and keeps a report whole', async () => {
    await rollBackThrough(t.knex, '20261128_0040_no_shows');
    expect(await t.knex.schema.hasTable('no_show_reports')).toBe(false);
    await t.knex.migrate.latest({ migrationSource });
    expect(await t.knex.schema.hasTable('no_show_reports')).toBe(true);

    const provider = await newProvider(t.knex);
    const client = await newClient(t.knex);
    const job = await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-12-01T13:00:00Z', status: 'cancelled_by_client' });
    const report = { job_id: job.id, reported_by: 'provider', reporter_id: provider, note: 'Nadie abrió la puerta', fee_cents: 2500 };
    await expect(t.knex('no_show_reports').insert({ ...report, reported_by: 'admin' })).rejects.toMatchObject({ constraint: 'no_show_reports_reporter_known' });
    await expect(t.knex('no_show_reports').insert({ ...report, fee_cents: -1 })).rejects.toMatchObject({ constraint: 'no_show_reports_fee_whole' });
    await expect(t.knex('no_show_reports').insert({ ...report, answer: 'Estaba allí' })).rejects.toMatchObject({ constraint: 'no_show_reports_answered_whole' });
    await expect(t.knex('no_show_reports').insert({ ...report, status: 'resolved' })).rejects.toMatchObject({ constraint: 'no_show_reports_resolved_whole' });
    const [row] = await t.knex('no_show_reports').insert(report).returning(['id', 'status', 'fee_waived']);
    expect(row).toMatchObject({ status: 'open', fee_waived: false });
    await expect(t.knex('no_show_reports').insert({ ...report, reported_by: 'client', reporter_id: client })).rejects.toMatchObject({
      constraint: 'no_show_reports_one_per_job',
    });

    await t.knex('jobs').where({ id: job.id }).delete();
    expect(await t.knex('no_show_reports').where({ id: row.id }).first()).toBeUndefined();

    await rollBackThrough(t.knex, '20261128_0040_no_shows');
    expect(await t.knex.schema.hasTable('no_show_reports')).toBe(false);
    await t.knex.migrate.latest({ migrationSource });
    expect(await t.knex.schema.hasTable('no_show_reports')).toBe(true);
  });
});
