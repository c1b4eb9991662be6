import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';

const t = useTestServer();
const slugs = (body: { items: { slug: string }[] }) => body.items.map((c) => c.slug);

describe('categories', () => {
  it('lists every seeded category named in the requested language, Spanish by default', async () => {
    const es = await call(t.server, 'GET', '/api/v1/categories');
    const en = await call(t.server, 'GET', '/api/v1/categories?locale=en');
    expect(es.status).toBe(200);
    expect(es.body.total).toBeGreaterThanOrEqual(30);
    expect(es.body.items.find((c: { slug: string }) => c.slug === 'plumbing')).toMatchObject({ name: 'Plomería', group: 'home' });
    expect(en.body.items.find((c: { slug: string }) => c.slug === 'plumbing')).toMatchObject({ name: 'Plumbing' });
    expect(es.headers['cache-control']).toContain('max-age=300');
  });

  it('marks the client interest list of SPEC.md §3', async () => {
    const res = await call(t.server, 'GET', '/api/v1/categories');
    const interests = res.body.items.filter((c: { is_interest: boolean }) => c.is_interest).map((c: { slug: string }) => c.slug);
    expect(interests.sort()).toEqual(
      ['carpentry', 'cleaning', 'construction', 'electrical', 'general-maintenance', 'hvac', 'landscaping', 'painting', 'plumbing', 'roofing'],
    );
  });

  it('finds one category by id or by slug, and 404s an unknown one in the error shape', async () => {
    const bySlug = await call(t.server, 'GET', '/api/v1/categories/pet-grooming?locale=en');
    expect(bySlug.body).toMatchObject({ slug: 'pet-grooming', name: 'Pet grooming', group: 'pets' });
    const byId = await call(t.server, 'GET', `/api/v1/categories/${bySlug.body.id}`);
    expect(byId.body).toMatchObject({ slug: 'pet-grooming', name: 'Grooming de mascotas' });
    const missing = await call(t.server, 'GET', '/api/v1/categories/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  });

  it.each([
    ['plomeria', 'plumbing'], // no accent finds "Plomería"
    ['PLOMERÍA', 'plumbing'],
    ['plomero', 'plumbing'], // a keyword
    ['plumber', 'plumbing'], // English
    ['electrisista', 'electrical'], // a typo
    ['fotografo', 'photography'],
    ['aire acondicionado', 'hvac'],
  ])('search %j finds %s first', async (q, slug) => {
    const res = await call(t.server, 'GET', `/api/v1/categories/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(slugs(res.body)[0]).toBe(slug);
  });

  it('pages search results with limit and offset without overlap', async () => {
    const first = await call(t.server, 'GET', '/api/v1/categories/search?q=a&limit=3&offset=0');
    const second = await call(t.server, 'GET', '/api/v1/categories/search?q=a&limit=3&offset=3');
    expect(first.body.items).toHaveLength(3);
    expect(first.body.total).toBeGreaterThan(6);
    expect(slugs(first.body).filter((s) => slugs(second.body).includes(s))).toEqual([]);
  });

  it('suggests up to 5 by default, and nothing under 2 characters', async () => {
    const short = await call(t.server, 'GET', '/api/v1/categories/suggestions?q=p');
    expect(short.body.items).toEqual([]);
    const res = await call(t.server, 'GET', '/api/v1/categories/suggestions?q=pe&locale=en');
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.length).toBeLessThanOrEqual(5);
  });

  it.each([
    ['fot', 'es', ['Fotografía']],
    ['fot', 'en', ['Photography']],
    ['FOTO', 'en', ['Photography']],
    ['pho', 'en', ['Photography']],
    ['plom', 'es', ['Plomería']],
  ])('suggests for %j (%s) only categories with a word starting so, never a look-alike: %j', async (q, locale, names) => {
    const res = await call(t.server, 'GET', `/api/v1/categories/suggestions?q=${encodeURIComponent(q)}&locale=${locale}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { name: string }) => c.name)).toEqual(names);
  });

  it('ranks suggestions whose name starts with the text first, in the visitor’s language, accents ignored', async () => {
    const es = await call(t.server, 'GET', '/api/v1/categories/suggestions?q=limpi&locale=es&limit=20');
    expect(es.body.items[0].name).toMatch(/^Limpieza/);
    expect(es.body.items.every((c: { name: string }) => c.name !== 'Catering')).toBe(true);
    const accented = await call(t.server, 'GET', `/api/v1/categories/suggestions?q=${encodeURIComponent('fotografía')}&locale=en`);
    expect(slugs(accented.body)).toEqual(['photography']);
    const en = await call(t.server, 'GET', '/api/v1/categories/suggestions?q=clea&locale=en&limit=20');
    expect(en.body.items[0].name).toMatch(/^Clean/);
  });

  it('offers close spellings only for a longer text that starts no word, and takes % and _ as letters', async () => {
    const typo = await call(t.server, 'GET', '/api/v1/categories/suggestions?q=electrisista');
    expect(slugs(typo.body)[0]).toBe('electrical');
    const wildcard = await call(t.server, 'GET', '/api/v1/categories/suggestions?q=%25%25');
    expect(wildcard.status).toBe(200);
    expect(wildcard.body.items).toEqual([]);
  });

  it('refuses bad query values with field codes', async () => {
    const res = await call(t.server, 'GET', '/api/v1/categories/search?limit=1000&locale=fr&x=1');
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ limit: 'out_of_range', locale: 'not_allowed', x: 'unknown_field' });
  });
});
