/**
 * Migration 0039 (issue 28): job_bills holds a job's final lines and total, one bill per job,
 * numbered in the order bills are made; its checks keep the figures whole (total = subtotal + tax,
 * nothing negative) and a confirmed bill dated. It goes down and up again cleanly.
 */
import { describe, expect, it } from 'vitest';
import * as bills from '../../migrations/src/20261128_0039_bills.ts';
import { useTestDatabase } from './database.ts';
import { newClient, newJob, newProvider } from './factories.ts';

const t = useTestDatabase({ poolMax: 2 });

describe('the bills migration', () => {
  it('keeps one whole bill per job, numbered, and runs down and up again', async () => {
    const provider = await newProvider(t.knex);
    const client = await newClient(t.knex);
    const first = await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-11-20T13:00:00Z', status: 'completed' });
    const second = await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-11-21T13:00:00Z', status: 'completed' });
    await t.knex('job_bills').insert({ job_id: first.id, subtotal_cents: 10000, tax_cents: 1150, total_cents: 11150 });
    await t.knex('job_bills').insert({ job_id: second.id });
    const numbers = await t.knex('job_bills').orderBy('number').pluck('job_id');
    expect(numbers).toEqual([first.id, second.id]);

    await expect(t.knex('job_bills').insert({ job_id: first.id })).rejects.toMatchObject({ constraint: 'job_bills_pkey' });
    await expect(t.knex('job_bills').where({ job_id: second.id }).update({ total_cents: 5 })).rejects.toMatchObject({ constraint: 'job_bills_amounts' });
    await expect(t.knex('job_bills').where({ job_id: second.id }).update({ status: 'confirmed' })).rejects.toMatchObject({ constraint: 'job_bills_confirmed_whole' });
    await expect(t.knex('job_bills').where({ job_id: second.id }).update({ status: 'paid' })).rejects.toMatchObject({ constraint: 'job_bills_status_known' });

    // A job's bill goes with it.
    await t.knex('jobs').where({ id: second.id }).delete();
    expect(await t.knex('job_bills').pluck('job_id')).toEqual([first.id]);

    await t.knex.transaction((trx) => bills.down(trx));
    expect(await t.knex.schema.hasTable('job_bills')).toBe(false);
    await t.knex.transaction((trx) => bills.up(trx));
    await t.knex('job_bills').insert({ job_id: first.id, status: 'confirmed', confirmed_at: new Date() });
    expect(await t.knex('job_bills').first('status', 'total_cents')).toEqual({ status: 'confirmed', total_cents: 0 });
  });
});
