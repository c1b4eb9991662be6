// @vitest-environment jsdom
/**
 * robots.txt and the sitemap (decision record 0036) on a real database: the index, the provider
 * pages cut by id (a small page size so a few hundred providers make many pages), the searches by
 * place, valid XML, and every odd address a 404 in the error shape, never a 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newProvider } from './factories.ts';
import { call, useTestServer } from './server.ts';

const perPage = 37;
const t = useTestServer({ SITEMAP_PROVIDERS_PER_PAGE: String(perPage), PUBLIC_URL: 'https://resuelve.example' });
const site = 'https://resuelve.example';

/** A parsed XML answer; a document that does not parse fails the test. */
function parse(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror'), text.slice(0, 300)).toHaveLength(0);
  return doc;
}

const texts = (doc: Document | Element, tag: string) => [...doc.getElementsByTagName(tag)].map((el) => el.textContent ?? '');
const local = (url: string) => url.replace(site, '');

async function sitemap(url: string) {
  const res = await call(t.server, 'GET', url);
  expect(res.status, `${url}: ${res.raw.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  return parse(res.raw);
}

const listed: string[] = [];
const unlisted: string[] = [];

beforeAll(async () => {
  const places = ['san-juan', 'mayaguez', 'ponce', null];
  const services = [['plumbing'], ['plumbing', 'electrical'], ['cleaning'], []];
  for (let i = 0; i < 300; i += 1) {
    listed.push(
      await newProvider(t.knex, {
        company_name: i === 7 ? `Tom & Jerry's <Plomería> "1"` : undefined,
        municipality_slug: places[i % 4],
        categories: services[i % 4],
      }),
    );
  }
  // Not onboarded and suspended providers are not public: never in the sitemap.
  for (let i = 0; i < 5; i += 1) unlisted.push(await newProvider(t.knex, { onboarded: false, municipality_slug: 'aguada', categories: ['hvac'] }));
  const suspended = await newProvider(t.knex, { municipality_slug: 'aguada', categories: ['hvac'] });
  await t.knex('profiles').where({ id: suspended }).update({ suspended_at: new Date() });
  unlisted.push(suspended);
}, 120_000);

describe('robots.txt', () => {
  it('is plain text from the api (no longer the web app), opening public pages and closing signed-in areas and the api', async () => {
    const res = await call(t.server, 'GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.raw).not.toContain('<');
    const lines = res.raw.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const closed of ['/api/', '/client/', '/provider/', '/admin/', '/messages', '/settings', '/onboarding', '/auth']) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    // Photos under the api stay reachable for link previews; public pages are never closed.
    expect(lines).toContain('Allow: /api/v1/uploads/');
    expect(lines.filter((l) => /^Disallow: \/(providers|en|terms|privacy)?$/.test(l))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${site}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('is an index of the fixed pages, the places and the provider pages, each an absolute address', async () => {
    const doc = await sitemap('/sitemap.xml');
    expect(doc.documentElement.nodeName).toBe('sitemapindex');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = texts(doc, 'loc');
    expect(locs.slice(0, 2)).toEqual([`${site}/sitemaps/pages.xml`, `${site}/sitemaps/places.xml`]);
    const providerPages = locs.filter((l) => l.includes('/sitemaps/providers.xml'));
    expect(providerPages).toHaveLength(Math.ceil(300 / perPage));
    expect(locs.every((l) => l.startsWith(`${site}/`))).toBe(true);
    // Every provider page says when its newest provider changed.
    const pages = [...doc.getElementsByTagName('sitemap')].slice(2);
    expect(pages.every((page) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(texts(page, 'lastmod')[0] ?? ''))).toBe(true);
  });

  it('pages every listed provider exactly once, in both languages with their alternates, and no unlisted one', async () => {
    const index = await sitemap('/sitemap.xml');
    const pages = texts(index, 'loc').filter((l) => l.includes('/sitemaps/providers.xml'));
    const seen: string[] = [];
    for (const page of pages) {
      const doc = await sitemap(local(page));
      expect(doc.documentElement.nodeName).toBe('urlset');
      const urls = [...doc.getElementsByTagName('url')];
      expect(urls.length).toBeLessThanOrEqual(2 * perPage);
      for (const url of urls) {
        const loc = texts(url, 'loc')[0]!;
        const links = Object.fromEntries(
          [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
        );
        const id = /\/providers\/([0-9a-f-]{36})$/.exec(loc)?.[1];
        expect(id, loc).toBeDefined();
        expect(links).toEqual({ es: `${site}/providers/${id}`, en: `${site}/en/providers/${id}`, 'x-default': `${site}/providers/${id}` });
        expect(texts(url, 'lastmod')[0]).toMatch(/^\d{4}-\d\d-\d\dT/);
        if (!loc.includes('/en/')) seen.push(id!);
      }
      expect(texts(doc, 'loc').filter((l) => l.includes('/en/providers/'))).toHaveLength(urls.length / 2);
    }
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
    expect([...seen].sort()).toEqual([...listed].sort());
    for (const id of unlisted) expect(seen).not.toContain(id);
  });

  it('keeps a provider listed after the index was read in exactly one of its pages', async () => {
    const pages = texts(await sitemap('/sitemap.xml'), 'loc').filter((l) => l.includes('/sitemaps/providers.xml'));
    const late = await newProvider(t.knex, {});
    let found = 0;
    for (const page of pages) found += texts(await sitemap(local(page)), 'loc').filter((l) => l === `${site}/providers/${late}`).length;
    expect(found).toBe(1);
    await t.knex('profiles').where({ id: late }).update({ is_onboarded: false });
  });

  it('lists the fixed public pages in both languages', async () => {
    const locs = texts(await sitemap('/sitemaps/pages.xml'), 'loc');
    expect(locs.sort()).toEqual(
      [
        `${site}/`,
        `${site}/en`,
        `${site}/providers`,
        `${site}/en/providers`,
        `${site}/terms`,
        `${site}/en/terms`,
        `${site}/privacy`,
        `${site}/en/privacy`,
        `${site}/ranking`,
        `${site}/en/ranking`,
      ].sort(),
    );
  });

  it('lists the searches by category, by municipality and by both that have listed providers, escaped', async () => {
    const res = await call(t.server, 'GET', '/sitemaps/places.xml');
    expect(res.raw).toContain('?category=plumbing&amp;municipality=mayaguez');
    const locs = texts(parse(res.raw), 'loc');
    expect(locs).toContain(`${site}/providers?category=plumbing`);
    expect(locs).toContain(`${site}/en/providers?category=plumbing`);
    expect(locs).toContain(`${site}/providers?municipality=ponce`);
    expect(locs).toContain(`${site}/providers?category=plumbing&municipality=mayaguez`);
    expect(locs).toContain(`${site}/en/providers?category=electrical&municipality=mayaguez`);
    expect(locs).toContain(`${site}/providers?category=cleaning&municipality=ponce`);
    // No providers there (unlisted only), or no such pair: not listed.
    expect(locs.filter((l) => l.includes('hvac') || l.includes('aguada'))).toEqual([]);
    expect(locs).not.toContain(`${site}/providers?category=cleaning&municipality=san-juan`);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('escapes what it writes: a provider name never reaches the sitemap, ids and queries are escaped', async () => {
    const res = await call(t.server, 'GET', '/sitemaps/providers.xml');
    expect(res.raw).not.toContain('Jerry');
    parse(res.raw);
  });

  it.each([
    '/sitemaps/providers.xml?from=not-a-uuid',
    '/sitemaps/providers.xml?before=1',
    '/sitemaps/providers.xml?from=ffffffff-ffff-4fff-bfff-ffffffffffff&before=00000000-0000-4000-8000-000000000000',
    '/sitemaps/providers.xml?page=-1',
    '/sitemaps/providers.xml?from=00000000-0000-4000-8000-000000000000&from=00000000-0000-4000-8000-000000000001',
    '/sitemaps/pages.xml?page=2',
    '/sitemaps/places.xml?x=%00',
    '/sitemaps/providers-99.xml',
    '/sitemaps/nothing',
    '/sitemaps/',
  ])('answers %s with 404 in the error shape', async (url) => {
    const res = await call(t.server, 'GET', url);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers an empty range with an empty, valid page', async () => {
    const doc = await sitemap('/sitemaps/providers.xml?from=ffffffff-ffff-4fff-bfff-fffffffffff0');
    expect(doc.getElementsByTagName('url')).toHaveLength(0);
  });
});
