import { describe, expect, it } from 'vitest';
import { migrateLatest } from '@resuelve/migrations';
import { rollBackThrough, useTestDatabase } from './database.ts';

const t = useTestDatabase({ poolMax: 2 });

async function account(email: string): Promise<string> {
  const [user] = await t.knex('users').insert({ email, password_hash: 'x' }).returning('id');
  await t.knex('profiles').insert({ id: user.id });
  return user.id as string;
}

const constraint = async (name: string) => (await t.knex.raw('SELECT 1 FROM pg_constraint WHERE conname = ?', [name])).rows.length === 1;

describe('the geography migration', () => {
  it('seeds 78 municipalities and the ZIP codes, and ties providers to municipalities', async () => {
    expect(Number((await t.knex('municipalities').count('* as n').first())!.n)).toBe(78);
    expect(Number((await t.knex('zip_codes').count('* as n').first())!.n)).toBeGreaterThan(150);
    expect(await constraint('providers_municipality_fk')).toBe(true);
    const id = await account('fk@example.pr');
    await expect(t.knex('providers').insert({ id, company_name: 'Fuera', municipality_slug: 'atlantis' })).rejects.toThrow(/providers_municipality_fk/);
  });

  it('rolls back cleanly, and places the addresses saved meanwhile when it comes back', async () => {
    await rollBackThrough(t.knex, '20261121_0008_geography');
    expect(await t.knex.schema.hasTable('municipalities')).toBe(false);
    expect(await t.knex.schema.hasTable('zip_codes')).toBe(false);
    expect(await t.knex.schema.hasColumn('client_profiles', 'lat')).toBe(false);
    expect(await constraint('providers_municipality_fk')).toBe(false);

    const provider = await account('prov@example.pr');
    await t.knex('providers').insert({ id: provider, company_name: 'Taller Oeste', city: 'Mayaguez', zip_code: '00680' });
    const byCity = await account('city@example.pr');
    await t.knex('providers').insert({ id: byCity, company_name: 'Sin ZIP', city: ' bayamón ', zip_code: '99999' });
    const client = await account('client@example.pr');
    await t.knex('client_profiles').insert({ id: client, city: 'Ponce', zip_code: '00730-1234' });

    await migrateLatest(t.knex);
    expect(await t.knex('providers').where({ id: provider }).first('municipality_slug', 'lat')).toMatchObject({ municipality_slug: 'mayaguez', lat: expect.any(Number) });
    expect((await t.knex('providers').where({ id: byCity }).first('municipality_slug')).municipality_slug).toBe('bayamon');
    expect((await t.knex('client_profiles').where({ id: client }).first('municipality_slug')).municipality_slug).toBe('ponce');
  });
});
