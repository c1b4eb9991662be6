/**
 * Migration 0037 (issue 28): quotes and their versions, and the provider's default IVU rate. Up,
 * down and up again on a full schema; a version's figures must add up and never be negative, a job
 * holds one quote, and deleting the job takes its quote and versions with it.
 */
import { describe, expect, it } from 'vitest';
import { migrationSource } from '@resuelve/migrations';
import { rollBackThrough, useTestDatabase } from './database.ts';
import { newClient, newJob, newProvider } from './factories.ts';

const t = useTestDatabase({ poolMax: 2 });

async function tableExists(name: string): Promise<boolean> {
  return t.knex.schema.hasTable(name);
}

describe('the quotes migration', () => {
  it('runs up, down and up, and keeps the figures of a version whole', async () => {
    await rollBackThrough(t.knex, '20261128_0037_quotes');
    expect(await tableExists('quotes')).toBe(false);
    expect(await tableExists('quote_versions')).toBe(false);
    expect(await t.knex.schema.hasColumn('providers', 'default_tax_rate')).toBe(false);
    await t.knex.migrate.latest({ migrationSource });
    expect(await tableExists('quotes')).toBe(true);

    const provider = await newProvider(t.knex);
    const client = await newClient(t.knex);
    expect((await t.knex('providers').where({ id: provider }).first('default_tax_rate')).default_tax_rate).toBe('standard');
    await expect(t.knex('providers').where({ id: provider }).update({ default_tax_rate: 'luxury' })).rejects.toMatchObject({
      constraint: 'providers_default_tax_rate_known',
    });
    const job = await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-12-01T13:00:00Z', status: 'pending' });
    const [quote] = await t.knex('quotes').insert({ job_id: job.id, provider_id: provider, client_id: client }).returning('id');
    const version = {
      quote_id: quote.id,
      number: 1,
      lines: JSON.stringify([]),
      subtotal_cents: 1000,
      tax_cents: 115,
      total_cents: 1115,
      hours: 2,
      valid_until: '2026-12-01T00:00:00Z',
    };
    await t.knex('quote_versions').insert(version);
    await expect(t.knex('quote_versions').insert({ ...version, number: 2, total_cents: 1116 })).rejects.toMatchObject({
      constraint: 'quote_versions_amounts',
    });
    await expect(t.knex('quote_versions').insert({ ...version, number: 2, subtotal_cents: -1, total_cents: 114 })).rejects.toMatchObject({
      constraint: 'quote_versions_amounts',
    });
    await expect(t.knex('quotes').insert({ job_id: job.id, provider_id: provider, client_id: client })).rejects.toMatchObject({
      constraint: 'quotes_one_per_job',
    });
    await expect(t.knex('quotes').where({ id: quote.id }).update({ status: 'maybe' })).rejects.toMatchObject({ constraint: 'quotes_status_known' });

    await t.knex('jobs').where({ id: job.id }).delete();
    expect(await t.knex('quote_versions').where({ quote_id: quote.id })).toHaveLength(0);

    await rollBackThrough(t.knex, '20261128_0037_quotes');
    expect(await tableExists('quotes')).toBe(false);
    await t.knex.migrate.latest({ migrationSource });
    expect(await tableExists('quote_versions')).toBe(true);
  });
});
