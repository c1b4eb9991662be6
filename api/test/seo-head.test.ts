// @vitest-environment jsdom
/** The head builder of public pages (decision record 0036): pure, so tested without a server; jsdom reads the head back as a browser would. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locale, ProfileHeadData, PublicPage, SeoTexts } from '@resuelve/contract';
import { repoRoot } from '../src/config.ts';
import { publicHead, publicHeadParts, scriptJson } from '../src/modules/seo/service/head.ts';

const texts = (locale: Locale) => JSON.parse(readFileSync(path.join(repoRoot, 'locales', locale, 'seo.json'), 'utf8')) as SeoTexts;
const publicUrl = 'https://resuelve.example';
const head = (page: PublicPage, locale: Locale = 'es') => publicHead(page, { publicUrl, locale, texts: texts(locale) });
const parts = (page: PublicPage, locale: Locale = 'es') => publicHeadParts(page, { publicUrl, locale, texts: texts(locale) });

/** The tags of a head as the browser reads them (escaping undone by the parser). */
function read(html: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
  const metaContent = (key: string) =>
    doc.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
  const script = doc.head.querySelector('script[type="application/ld+json"]');
  return {
    doc,
    title: doc.title,
    meta: metaContent,
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    alternates: Object.fromEntries([...doc.head.querySelectorAll('link[rel="alternate"]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
    jsonLd: script ? (JSON.parse(script.textContent ?? '') as Record<string, unknown>) : null,
    bodyChildren: doc.body.children.length,
  };
}

function provider(overrides: Partial<ProfileHeadData> = {}): ProfileHeadData {
  return {
    id: '6f1c6c36-1111-4a5b-9c1d-000000000001',
    company_name: 'Plomería Borinquen',
    description: 'Reparamos tuberías, calentadores y filtraciones en todo el área metro.',
    categories: [
      { slug: 'plumbing', name: 'Plomería' },
      { slug: 'hvac', name: 'Aire acondicionado' },
      { slug: 'roofing', name: 'Techado' },
    ],
    municipality: { slug: 'san-juan', name: 'San Juan' },
    rating_average: 4.75,
    review_count: 23,
    profile_picture_url: '/api/v1/uploads/avatars/a.jpg',
    rate: { amount_cents: 4500, unit: 'hour', from: true },
    cover_photo: { url: '/api/v1/uploads/p/x-640.webp', src: '/api/v1/uploads/p/x', widths: [320, 640, 1280, 1920], placeholder: 'data:' },
    ...overrides,
  };
}

describe('publicHead', () => {
  it('writes the landing page in Spanish with its address, the English twin and x-default = Spanish', () => {
    const tags = read(head({ kind: 'landing' }));
    expect(tags.title).toBe('Resuelve · Servicios locales en Puerto Rico');
    expect(tags.meta('description')).toMatch(/^Plomeros, electricistas/);
    expect(tags.canonical).toBe('https://resuelve.example/');
    expect(tags.alternates).toEqual({ es: 'https://resuelve.example/', en: 'https://resuelve.example/en', 'x-default': 'https://resuelve.example/' });
    expect(tags.meta('og:locale')).toBe('es_PR');
    expect(tags.meta('og:locale:alternate')).toBe('en_US');
    expect(tags.meta('og:image')).toBe('https://resuelve.example/og-image.png');
    expect(tags.meta('og:image:width')).toBe('1200');
    expect(tags.meta('og:image:height')).toBe('630');
    expect(tags.meta('twitter:card')).toBe('summary_large_image');
    expect(tags.meta('robots')).toBeNull();
    expect(tags.jsonLd).toBeNull();
  });

  it('writes the English page at its /en address, canonical to itself, with the same alternates', () => {
    const tags = read(head({ kind: 'terms' }, 'en'));
    expect(tags.title).toBe('Terms of service · Resuelve');
    expect(tags.canonical).toBe('https://resuelve.example/en/terms');
    expect(tags.alternates).toEqual({
      es: 'https://resuelve.example/terms',
      en: 'https://resuelve.example/en/terms',
      'x-default': 'https://resuelve.example/terms',
    });
    expect(tags.meta('og:url')).toBe('https://resuelve.example/en/terms');
    expect(tags.meta('og:locale')).toBe('en_US');
    expect(tags.meta('og:locale:alternate')).toBe('es_PR');
    expect(read(head({ kind: 'privacy' }, 'es')).title).toBe('Aviso de privacidad · Resuelve');
  });

  it('names a search by its category and municipality, indexable, canonical keeping only those two', () => {
    const page: PublicPage = {
      kind: 'search',
      query: { municipality: 'san-juan', category: 'plumbing', sort: 'relevance' },
      category: { slug: 'plumbing', name: 'Plumbing' },
      municipality: { slug: 'san-juan', name: 'San Juan' },
    };
    const tags = read(head(page, 'en'));
    expect(tags.title).toBe('Plumbing in San Juan · Resuelve');
    expect(tags.meta('description')).toMatch(/^Plumbing in San Juan, Puerto Rico: compare providers/);
    expect(tags.canonical).toBe('https://resuelve.example/en/providers?category=plumbing&municipality=san-juan');
    expect(tags.alternates['x-default']).toBe('https://resuelve.example/providers?category=plumbing&municipality=san-juan');
    expect(tags.meta('robots')).toBeNull();
  });

  it.each([
    ['a search text', { q: 'fuga', category: 'plumbing' }],
    ['another filter', { category: 'plumbing', insured: 'true' }],
    ['a next page', { category: 'plumbing', cursor: 'abc' }],
    ['a sort other than the default', { sort: 'rating' }],
    ['a repeated category', { category: ['plumbing', 'hvac'] }],
    ['an unknown category', { category: 'no-such' }],
  ] as [string, Record<string, string | string[]>][])('marks a search with %s noindex, follow and keeps its canonical to category and municipality', (_what, query) => {
    const known = query.category === 'plumbing' ? { slug: 'plumbing', name: 'Plomería' } : null;
    const tags = read(head({ kind: 'search', query, category: known, municipality: null }));
    expect(tags.meta('robots')).toBe('noindex, follow');
    expect(tags.canonical).not.toContain('q=');
    expect(tags.canonical).not.toContain('cursor');
    expect(tags.canonical).not.toContain('insured');
  });

  it('indexes the plain search and names it for the whole island', () => {
    const tags = read(head({ kind: 'search', query: {} }));
    expect(tags.title).toBe('Proveedores de servicios en Puerto Rico · Resuelve');
    expect(tags.canonical).toBe('https://resuelve.example/providers');
    expect(tags.meta('robots')).toBeNull();
  });

  it('previews a profile with its business, rating, price and work photo (a JPEG about 1200 px wide)', () => {
    const tags = read(head({ kind: 'profile', provider: provider() }));
    expect(tags.title).toBe('Plomería Borinquen: Plomería, Aire acondicionado en San Juan · Resuelve');
    expect(tags.meta('og:title')).toBe('Plomería Borinquen: Plomería, Aire acondicionado en San Juan');
    expect(tags.meta('description')).toMatch(/^★ 4,8 \(23 reseñas\) · Desde \$45 por hora · Reparamos tuberías/);
    expect(tags.canonical).toBe('https://resuelve.example/providers/6f1c6c36-1111-4a5b-9c1d-000000000001');
    expect(tags.alternates.en).toBe('https://resuelve.example/en/providers/6f1c6c36-1111-4a5b-9c1d-000000000001');
    expect(tags.meta('og:image')).toBe('https://resuelve.example/api/v1/uploads/p/x-1280.jpg');
    expect(tags.meta('twitter:card')).toBe('summary_large_image');
    expect(tags.meta('og:image:alt')).toBe('Plomería Borinquen');
  });

  it('falls back to the avatar (a summary card) and then to the site image', () => {
    const avatar = read(head({ kind: 'profile', provider: provider({ cover_photo: null }) }, 'en'));
    expect(avatar.meta('og:image')).toBe('https://resuelve.example/api/v1/uploads/avatars/a.jpg');
    expect(avatar.meta('twitter:card')).toBe('summary');
    const none = read(head({ kind: 'profile', provider: provider({ cover_photo: null, profile_picture_url: null }) }, 'en'));
    expect(none.meta('og:image')).toBe('https://resuelve.example/og-image.png');
    expect(none.meta('twitter:card')).toBe('summary_large_image');
  });

  it('describes a profile as schema.org LocalBusiness with AggregateRating, address and price', () => {
    const tags = read(head({ kind: 'profile', provider: provider({ location: { lat: 18.4655, lng: -66.1057 }, website_url: 'https://borinquen.example' }) }, 'en'));
    expect(tags.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': 'https://resuelve.example/en/providers/6f1c6c36-1111-4a5b-9c1d-000000000001#business',
      name: 'Plomería Borinquen',
      url: 'https://resuelve.example/en/providers/6f1c6c36-1111-4a5b-9c1d-000000000001',
      image: 'https://resuelve.example/api/v1/uploads/p/x-1280.jpg',
      description: 'Reparamos tuberías, calentadores y filtraciones en todo el área metro.',
      address: { '@type': 'PostalAddress', addressLocality: 'San Juan', addressRegion: 'PR', addressCountry: 'PR' },
      sameAs: ['https://borinquen.example'],
      geo: { '@type': 'GeoCoordinates', latitude: 18.4655, longitude: -66.1057 },
      priceRange: 'From $45 an hour',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.75, reviewCount: 23, bestRating: 5, worstRating: 1 },
    });
    expect(JSON.stringify(tags.jsonLd)).not.toContain('telephone');
  });

  it('leaves out the rating before the first review, and the price and geo when unknown', () => {
    const fresh = provider({ review_count: 0, rating_average: 0, rate: null, description: null, categories: [], municipality: null });
    const tags = read(head({ kind: 'profile', provider: fresh }));
    expect(tags.jsonLd).not.toHaveProperty('aggregateRating');
    expect(tags.jsonLd).not.toHaveProperty('priceRange');
    expect(tags.jsonLd).not.toHaveProperty('geo');
    expect(read(head({ kind: 'profile', provider: provider({ website_url: 'javascript:alert(1)' }) })).jsonLd).not.toHaveProperty('sameAs');
    expect(tags.jsonLd?.address).toEqual({ '@type': 'PostalAddress', addressRegion: 'PR', addressCountry: 'PR' });
    expect(tags.title).toBe('Plomería Borinquen en Puerto Rico · Resuelve');
    expect(tags.meta('description')).toBe('Plomería Borinquen ofrece sus servicios en Resuelve. Mira sus precios, fotos y reseñas, y reserva en minutos.');
    expect(read(head({ kind: 'profile', provider: provider({ review_count: 1, rating_average: 5 }) })).meta('description')).toMatch(/^★ 5,0 \(1 reseña\)/);
  });

  it('keeps a hostile provider name and description inside their tags', () => {
    const name = `Evil "Co" </script><script>alert(1)</script> & <b>'x'</b>`;
    const description = '--></title><img src=x onerror=alert(2)> \u2028 ok';
    const html = head({ kind: 'profile', provider: provider({ company_name: name, description }) });
    expect(html).not.toContain('</script><script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    const tags = read(html);
    // The browser reads back exactly what was given: nothing escaped twice, nothing left the head.
    expect(tags.meta('og:image:alt')).toBe(name);
    expect(tags.title.startsWith(`${name}: Plomería`)).toBe(true);
    expect(tags.jsonLd?.name).toBe(name);
    expect(tags.jsonLd?.description).toBe(description.trim());
    expect(tags.doc.head.querySelectorAll('script')).toHaveLength(1);
    expect(tags.doc.head.querySelectorAll('img, b')).toHaveLength(0);
    expect(tags.bodyChildren).toBe(0);
  });

  it('escapes what could close a script inside JSON-LD', () => {
    expect(scriptJson({ a: '</script><!--&' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026"}');
    expect(JSON.parse(scriptJson({ a: '</script>' }))).toEqual({ a: '</script>' });
  });

  it('keeps a long description to one search-result line (at most 160 characters)', () => {
    const long = provider({ description: 'palabra '.repeat(100), review_count: 0, rate: null });
    const { description } = parts({ kind: 'profile', provider: long });
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
  });
});
