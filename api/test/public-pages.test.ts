/**
 * Public pages rendered on the server (docs/decisions/0034), through the api as a browser asks:
 * the content in the address's language, the head's canonical and hreflang, the state the page
 * hydrates from, the language choice and its redirects, and the shell whenever rendering cannot
 * serve (a signed-in browser, an unknown provider, a broken render).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildWebIfStale, hasDevelopmentJsx } from '../../scripts/build-web.mjs';
import { createPageRenderer } from '../src/pages/page-render.ts';
import type { OffsetClock } from '../src/lib/offset-clock.ts';
import { newProject, newProvider, newReview } from './factories.ts';
import { useTestServer } from './server.ts';

// jsdom (the ui's test browser) reads the pages back as a browser would; it ships no types.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

const t = useTestServer({ PUBLIC_URL: 'https://resuelve.example' });
let providerId = '';
/** Every render of `t.server` that fell back to the browser (the shell): none may, outside the broken-render test. */
const renderFailures: unknown[] = [];

beforeAll(async () => {
  // The one way the web app is built (scripts/build-web.mjs): for production, as `npm start` builds it,
  // even under vitest's NODE_ENV=test, and only when missing or stale.
  buildWebIfStale();
  t.server.events.on('log', (event, tags) => {
    if (tags.web && tags.warn) renderFailures.push(event.data);
  });
  providerId = await newProvider(t.knex, {
    company_name: 'Plomería Borinquen <Pro>',
    company_description: 'Reparaciones de tuberías en Mayagüez.',
    categories: ['plumbing'],
    municipality_slug: 'mayaguez',
    rate: { amount_cents: 6500, unit: 'visit', from: false },
  });
  await newReview(t.knex, { providerId, rating: 5, comment: 'Excelente trabajo' });
}, 300_000);

afterEach(() => {
  expect(renderFailures, 'a public page fell back to rendering in the browser').toEqual([]);
});

describe('the built server render', () => {
  it('holds no development JSX (a render with it throws on every page, and the shell would hide that)', () => {
    expect(fs.existsSync(path.join(path.dirname(t.config.webDist), 'dist-server', 'entry-server.js'))).toBe(true);
    expect(hasDevelopmentJsx(path.join(path.dirname(t.config.webDist), 'dist-server', 'entry-server.js'))).toBe(false);
  });
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.server.inject({ method: 'GET', url, headers });
  const dom = new JSDOM(res.payload);
  return { res, doc: dom.window.document };
}

function pageState(
  doc: Document,
): {
  language: string;
  resources: Record<string, Record<string, unknown>>;
  queries: { queries: { queryKey: unknown[] }[] };
  formats?: Record<string, string>;
  matchedRoutes?: string[];
  now?: string;
} | null {
  const text = doc.getElementById('rs-page-state')?.textContent;
  return text ? JSON.parse(text) : null;
}

const spanishVisitor = { 'accept-language': 'es-PR,es;q=0.9', cookie: 'lang=es' };

describe('a provider profile rendered on the server', () => {
  it("writes its project photos' addresses relative to the page, so a visitor's first load shows them (the CSP allows only its own origin)", async () => {
    const photographer = await newProvider(t.knex, { company_name: 'Fotos del Oeste', categories: ['photography'], municipality_slug: 'mayaguez' });
    await newProject(t.knex, { providerId: photographer, title: 'Boda en Rincón', photos: 2 });
    const { res, doc } = await get(`/providers/${photographer}`, spanishVisitor);
    expect(res.statusCode).toBe(200);
    const addresses = [...doc.querySelectorAll('img[src], source[srcset], img[srcset]')].flatMap((element) =>
      [element.getAttribute('src'), ...(element.getAttribute('srcset') ?? '').split(',').map((part) => part.trim().split(' ')[0])].filter(
        (address): address is string => Boolean(address),
      ),
    );
    const photos = addresses.filter((address) => address.includes('/uploads/'));
    expect(photos.length).toBeGreaterThan(0);
    expect(photos.every((address) => address.startsWith('/api/v1/uploads/'))).toBe(true);
    expect(res.payload).not.toContain('.invalid');
  });

  it('opens the English address in English for a visitor whose browser and saved preference say Spanish', async () => {
    const { res, doc } = await get(`/en/providers/${providerId}`, spanishVisitor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.querySelector('h1')?.textContent).toBe('Plomería Borinquen <Pro>');
    expect(doc.getElementById('root')?.textContent).toContain('Sign in to get in touch');
    expect(doc.getElementById('root')?.textContent).toContain('Excelente trabajo');
    expect(doc.getElementById('root')?.textContent).not.toContain('Inicia sesión para contactar');
    // The head: its own canonical, both languages and x-default (the Spanish address).
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`https://resuelve.example/en/providers/${providerId}`);
    const alternates = Object.fromEntries([...doc.querySelectorAll('link[rel=alternate][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
    expect(alternates).toEqual({
      es: `https://resuelve.example/providers/${providerId}`,
      en: `https://resuelve.example/en/providers/${providerId}`,
      'x-default': `https://resuelve.example/providers/${providerId}`,
    });
    expect(doc.title).toContain('Plomería Borinquen <Pro>');
  });

  it('hands the page the words and answers it showed, and runs no inline script (the CSP allows none)', async () => {
    const { doc } = await get(`/providers/${providerId}`, spanishVisitor);
    expect(doc.documentElement.lang).toBe('es');
    const state = pageState(doc);
    expect(state?.language).toBe('es');
    expect(Object.keys(state?.resources.es ?? {})).toEqual(expect.arrayContaining(['common', 'nav', 'providers']));
    expect(state?.resources.en).toBeUndefined();
    const keys = state?.queries.queries.map((q) => JSON.stringify(q.queryKey)) ?? [];
    expect(keys.some((key) => key.includes('"detail"') && key.includes(providerId))).toBe(true);
    for (const script of doc.querySelectorAll('script')) {
      const type = script.getAttribute('type');
      expect(script.getAttribute('src') !== null || type === 'application/json' || type === 'application/ld+json').toBe(true);
    }
    // The page's CSS is in the head; the text font is asked for with the page.
    expect(doc.querySelector('style[data-page-css]')?.textContent?.length).toBeGreaterThan(10_000);
    // Each inlined file is also named by a disabled link, never fetched, so the app's CSS loader
    // does not fetch it again (decision 0043).
    const named = [...doc.querySelectorAll('link[rel=stylesheet]')];
    expect(named.length).toBeGreaterThan(1);
    expect(named.every((link) => link.hasAttribute('disabled') && /^\/assets\/[\w-]+\.css$/.test(link.getAttribute('href') ?? ''))).toBe(true);
    expect(named.some((link) => /^\/assets\/directory-pages-[\w-]+\.css$/.test(link.getAttribute('href') ?? ''))).toBe(true);
    // The texts its formatters wrote (the rating, the review count, the price), for hydration to write again.
    expect(Object.entries(state?.formats ?? {})).toEqual(expect.arrayContaining([[expect.stringMatching(/^nes-PR .* 65$/), '$65']]));
    // The routes it matched, by the router's ids (places in the tree), for the browser to load at once.
    expect(state?.matchedRoutes?.length).toBeGreaterThan(1);
    expect(state?.matchedRoutes?.every((id) => /^\d+(-\d+)*$/.test(id))).toBe(true);
    expect(doc.querySelector('link[rel=preload][as=font]')?.getAttribute('href')).toMatch(/inter-latin-wght-normal-.*\.woff2$/);
    // The app's code is started by page-boot.js after the first paint: no script of the app is asked for with the page.
    expect(doc.querySelector('link[rel=modulepreload]')).toBeNull();
    expect([...doc.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'))).toEqual(['/page-boot.js']);
    expect(doc.querySelector('meta[name=rs-entry]')?.getAttribute('content')).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    // The chunks it evaluates one per task before the entry: the profile's screen among them.
    const modules = doc.querySelector('meta[name=rs-modules]')?.getAttribute('content')?.split(' ') ?? [];
    expect(modules.some((file) => /^\/assets\/directory-pages-[\w-]+\.js$/.test(file))).toBe(true);
    expect(modules.every((file) => /^\/assets\/[\w-]+\.js$/.test(file))).toBe(true);
  });

  it('answers an unknown provider 404 with the shell, which shows its own not-found page', async () => {
    const { res, doc } = await get('/en/providers/00000000-0000-4000-8000-000000000000', spanishVisitor);
    expect(res.statusCode).toBe(404);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.getElementById('root')?.childElementCount).toBe(0);
    expect(pageState(doc)).toBeNull();
  });

  it('answers a profile address whose id is no uuid 404, as an unknown provider, not as a failure', async () => {
    const { res, doc } = await get('/providers/abc', spanishVisitor);
    expect(res.statusCode).toBe(404);
    expect(doc.getElementById('root')?.childElementCount).toBe(0);
  });

  it('gives a signed-in browser the shell, in the address language, so its own chrome comes with its session', async () => {
    const { res, doc } = await get(`/en/providers/${providerId}`, { cookie: 'rs_session=1; lang=es' });
    expect(res.statusCode).toBe(200);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.getElementById('root')?.childElementCount).toBe(0);
  });
});

describe('the moment a page is rendered at', () => {
  it('is the api’s clock, moved or not, handed to hydration as the page’s "now"', async () => {
    const clock = t.server.app.context.clock as OffsetClock;
    clock.advance(3 * 86_400_000);
    try {
      const { doc } = await get('/', spanishVisitor);
      const now = Date.parse(pageState(doc)?.now ?? '');
      expect(Math.abs(now - clock.now().getTime())).toBeLessThan(60_000);
      expect(now - Date.now()).toBeGreaterThan(2 * 86_400_000);
      // The footer's year is the page's: the same on the server and while the browser hydrates.
      expect(doc.querySelector('footer')?.textContent).toContain(String(new Date(now).getFullYear()));
    } finally {
      clock.reset();
    }
  });
});

describe('the language choice of an un-prefixed public address', () => {
  it('moves an English browser with nothing saved to the English address (302, varying by language and cookie)', async () => {
    const res = await t.server.inject({ method: 'GET', url: `/providers/${providerId}`, headers: { 'accept-language': 'en-US,en;q=0.9,es;q=0.5' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/en/providers/${providerId}`);
    expect(String(res.headers.vary)).toContain('Accept-Language');
    expect(String(res.headers.vary)).toContain('Cookie');
  });

  it('follows the saved preference over the browser', async () => {
    const english = await t.server.inject({ method: 'GET', url: '/providers?category=plumbing', headers: { cookie: 'lang=en', 'accept-language': 'es' } });
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe('/en/providers?category=plumbing');
    const { res, doc } = await get('/terms', { cookie: 'lang=es', 'accept-language': 'en-US,en' });
    expect(res.statusCode).toBe(200);
    expect(doc.documentElement.lang).toBe('es');
    expect(doc.querySelector('h1')?.textContent).toBe('Términos de servicio');
  });
});

describe('landing and search rendered on the server', () => {
  it('shows the landing page with its hero in each language', async () => {
    const es = await get('/', spanishVisitor);
    expect(es.doc.querySelector('h1')?.textContent).toBe('Resuelve lo que necesites con profesionales de tu área');
    expect(es.doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://resuelve.example/');
    const en = await get('/en', spanishVisitor);
    expect(en.doc.documentElement.lang).toBe('en');
    expect(en.doc.querySelector('h1')?.textContent).toBe('Get anything done with professionals from your area');
    // Links between public pages keep the English prefix.
    expect(en.doc.querySelector('a[href^="/en/providers?category="]')).not.toBeNull();
    expect(en.doc.querySelector('a[href^="/providers?"]')).toBeNull();
  });

  it('shows a search with its results, and an indexable canonical without the other filters', async () => {
    const { doc } = await get('/en/providers?category=plumbing&municipality=mayaguez&q=tuber', spanishVisitor);
    expect(doc.querySelector('h1')?.textContent).toBe('Find providers');
    const card = doc.querySelector(`a[href="/en/providers/${providerId}"]`);
    expect(card?.textContent).toBe('Plomería Borinquen <Pro>');
    expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://resuelve.example/en/providers?category=plumbing&municipality=mayaguez');
    expect(doc.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex, follow');
  });
});

describe('a render that fails', () => {
  it('answers null (the caller serves the shell) and says why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-render-'));
    const entry = path.join(dir, 'entry-server.js');
    fs.writeFileSync(entry, 'export async function render() { throw new Error("window is not defined"); }\n');
    const warn = vi.fn();
    const pages = createPageRenderer({
      webDist: t.config.webDist,
      serverEntry: entry,
      localesDir: t.config.localesDir,
      publicUrl: 'https://resuelve.example',
      api: async () => ({ status: 200, body: '{}', contentType: 'application/json' }),
      warn,
    });
    expect(await pages.render({ language: 'es', basePath: '/', search: '', remoteAddress: '127.0.0.1' })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('server render failed'), expect.objectContaining({ url: '/', error: expect.objectContaining({ message: 'window is not defined' }) }));
    expect(pages.shell('en')).toMatch(/^<!doctype html>\s*<html lang="en">/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('how we order results, rendered on the server (decision record 0054)', () => {
  it('states the inputs and their weights at /ranking and /en/ranking, each with its own head', async () => {
    const es = await get('/ranking', spanishVisitor);
    expect(es.res.statusCode).toBe(200);
    expect(es.doc.documentElement.lang).toBe('es');
    expect(es.doc.querySelector('h1')?.textContent).toBe('Cómo ordenamos los resultados');
    expect(es.doc.title).toBe('Cómo ordenamos los resultados · Resuelve');
    expect(es.doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://resuelve.example/ranking');
    expect(es.doc.body.textContent).toContain('Calificación: 45 %');
    expect(es.doc.body.textContent).toContain('Tiempo de respuesta: 15 %');
    const en = await get('/en/ranking', spanishVisitor);
    expect(en.doc.documentElement.lang).toBe('en');
    expect(en.doc.querySelector('h1')?.textContent).toBe('How we order results');
    expect(en.doc.body.textContent).toContain('Rating: 45%');
    // The landing page's footer links to it.
    const landing = await get('/', spanishVisitor);
    expect(landing.doc.querySelector('footer a[href="/ranking"]')?.textContent).toBe('Cómo ordenamos los resultados');
  });
});
