/**
 * Migration 0038 (issue 28): a provider's cancellation policy and the fee a job records. Up, down
 * and up again on a full schema; a policy is whole (window, fee kind and value together, from the
 * choices), and a job's fee has its kind.
 */
import { describe, expect, it } from 'vitest';
import { migrationSource } from '@resuelve/migrations';
import { rollBackThrough, useTestDatabase } from './database.ts';
import { newClient, newJob, newProvider } from './factories.ts';

const t = useTestDatabase({ poolMax: 2 });

describe('the cancellation policy migration', () => {
  it('runs up, down and up, and keeps policies and fees whole', async () => {
    await rollBackThrough(t.knex, '20261128_0038_cancellation_policy');
    expect(await t.knex.schema.hasColumn('providers', 'cancel_free_hours')).toBe(false);
    expect(await t.knex.schema.hasColumn('jobs', 'fee_cents')).toBe(false);
    await t.knex.migrate.latest({ migrationSource });
    expect(await t.knex.schema.hasColumn('jobs', 'fee_kind')).toBe(true);

    const provider = await newProvider(t.knex);
    const client = await newClient(t.knex);
    const policy = await t.knex('providers').where({ id: provider }).first('cancel_free_hours', 'cancel_fee_kind', 'cancel_fee_value', 'reschedule_notice_hours');
    expect(policy).toEqual({ cancel_free_hours: null, cancel_fee_kind: null, cancel_fee_value: null, reschedule_notice_hours: 0 });

    const set = (values: Record<string, unknown>) => t.knex('providers').where({ id: provider }).update(values);
    await set({ cancel_free_hours: 24, cancel_fee_kind: 'fixed', cancel_fee_value: 2500, reschedule_notice_hours: 12 });
    await set({ cancel_free_hours: 2, cancel_fee_kind: 'percent', cancel_fee_value: 100 });
    for (const bad of [
      { cancel_free_hours: 5, cancel_fee_kind: 'fixed', cancel_fee_value: 2500 },
      { cancel_free_hours: 24, cancel_fee_kind: null, cancel_fee_value: null },
      { cancel_free_hours: null, cancel_fee_kind: 'fixed', cancel_fee_value: 2500 },
      { cancel_free_hours: 24, cancel_fee_kind: 'percent', cancel_fee_value: 101 },
      { cancel_free_hours: 24, cancel_fee_kind: 'fixed', cancel_fee_value: 99 },
    ]) {
      await expect(set(bad)).rejects.toMatchObject({ constraint: 'providers_cancellation_policy' });
    }
    await expect(set({ reschedule_notice_hours: 6 })).rejects.toMatchObject({ constraint: 'providers_reschedule_notice' });

    const job = await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-12-01T13:00:00Z', status: 'cancelled_by_client' });
    const fee = (values: Record<string, unknown>) => t.knex('jobs').where({ id: job.id }).update(values);
    await fee({ fee_cents: 2500, fee_kind: 'late_cancellation' });
    await fee({ fee_cents: 0, fee_kind: 'client_no_show' });
    await expect(fee({ fee_cents: 2500, fee_kind: null })).rejects.toMatchObject({ constraint: 'jobs_fee_whole' });
    await expect(fee({ fee_cents: null, fee_kind: 'late_cancellation' })).rejects.toMatchObject({ constraint: 'jobs_fee_whole' });
    await expect(fee({ fee_cents: -1, fee_kind: 'late_cancellation' })).rejects.toMatchObject({ constraint: 'jobs_fee_whole' });
    await expect(fee({ fee_cents: 100, fee_kind: 'provider_late' })).rejects.toMatchObject({ constraint: 'jobs_fee_whole' });

    await rollBackThrough(t.knex, '20261128_0038_cancellation_policy');
    expect(await t.knex.schema.hasColumn('providers', 'reschedule_notice_hours')).toBe(false);
    await t.knex.migrate.latest({ migrationSource });
    expect(await t.knex.schema.hasColumn('providers', 'cancel_fee_value')).toBe(true);
  });
});
