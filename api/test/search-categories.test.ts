import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newProvider } from './factories.ts';

const t = useTestServer();

async function found(query: string): Promise<string[]> {
  const answer = await call(t.server, 'GET', `/api/v1/providers?${query}`);
  expect(answer.status).toBe(200);
  return answer.body.items.map((item: { id: string }) => item.id);
}

describe('search follows the services and the account of a provider', () => {
  it('finds a provider by a category added later and no longer by one removed', async () => {
    const provider = await newProvider(t.knex, { company_name: 'Servicios Vega', categories: ['plumbing'] });
    expect(await found('category=plumbing')).toEqual([provider]);
    expect(await found('q=plomero')).toEqual([provider]);
    const electrical = (await t.knex('categories').where({ slug: 'electrical' }).first('id')) as { id: number };
    await t.knex('provider_categories').insert({ provider_id: provider, category_id: electrical.id });
    await t.knex('provider_categories').where({ provider_id: provider }).whereNot({ category_id: electrical.id }).delete();
    expect(await found('category=plumbing')).toEqual([]);
    expect(await found('q=plomero')).toEqual([]);
    expect(await found('category=electrical')).toEqual([provider]);
    expect(await found('q=electricista')).toEqual([provider]);
  });

  it('lists a provider once onboarding finishes and no longer when the account stops being a provider', async () => {
    const provider = await newProvider(t.knex, { company_name: 'Pintores Ríos', categories: ['painting'], onboarded: false });
    expect(await found('q=pintores')).toEqual([]);
    await t.knex('profiles').where({ id: provider }).update({ is_onboarded: true });
    expect(await found('q=pintores')).toEqual([provider]);
    await t.knex('profiles').where({ id: provider }).update({ is_contractor: false });
    expect(await found('q=pintores')).toEqual([]);
  });
});
