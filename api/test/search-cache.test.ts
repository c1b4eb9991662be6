import { beforeAll, describe, expect, it } from 'vitest';
import { createSearchAnswers } from '../src/modules/search/service/answer-cache.ts';
import type { SearchPage, SearchParams } from '../src/modules/search/service/search.ts';
import { call, useTestServer } from './server.ts';
import { newProvider } from './factories.ts';

const t = useTestServer({ SEARCH_CACHE_SECONDS: '60' });
let providerId: string;

beforeAll(async () => {
  providerId = await newProvider(t.knex, { company_name: 'Jardines de Aibonito', categories: ['landscaping'], municipality_slug: 'aibonito', lat: 18.14, lng: -66.266 });
});

const names = (body: unknown) => (body as SearchPage).items.map((card) => card.company_name);

describe('GET /providers answers kept for SEARCH_CACHE_SECONDS', () => {
  it('answers the same search from memory, and another search from the database', async () => {
    const first = await call(t.server, 'GET', '/api/v1/providers?q=jardines&category=landscaping');
    expect(names(first.body)).toEqual(['Jardines de Aibonito']);

    await t.knex('providers').where({ id: providerId }).update({ company_name: 'Jardines del Cerro' });
    const again = await call(t.server, 'GET', '/api/v1/providers?q=jardines&category=landscaping');
    expect(names(again.body)).toEqual(['Jardines de Aibonito']);

    const other = await call(t.server, 'GET', '/api/v1/providers?q=jardines&category=landscaping&sort=rating');
    expect(names(other.body)).toEqual(['Jardines del Cerro']);
  });
});

describe('createSearchAnswers', () => {
  const params = { q: 'plomero', sort: 'relevance', limit: 20, locale: 'es' } as SearchParams;
  const page = JSON.stringify({ items: [], next_cursor: null } satisfies SearchPage);

  it('runs identical searches that arrive together once', async () => {
    const answers = createSearchAnswers(60);
    let runs = 0;
    const search = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page;
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => answers.get({ ...params }, search)));
    expect(results.every((result) => result === page)).toBe(true);
    expect(runs).toBe(1);
  });

  it('keeps nothing when the time to live is 0, and nothing that failed', async () => {
    const off = createSearchAnswers(0);
    let runs = 0;
    await off.get(params, async () => (runs += 1, page));
    await off.get(params, async () => (runs += 1, page));
    expect(runs).toBe(2);

    const on = createSearchAnswers(60);
    await expect(on.get(params, () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    await expect(on.get(params, async () => page)).resolves.toBe(page);
  });
});
