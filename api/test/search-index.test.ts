import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { init } from '../src/server.ts';
import { roundedKm } from '../src/modules/search/repository/place-index/index.ts';
import { call, testConfig, useTestServer } from './server.ts';
import { newProvider } from './factories.ts';

/**
 * The place index (decision record 0035) chooses the page of "a category near a point" in memory;
 * the answers must be the full statement's, page after page. A second server with SEARCH_INDEX=off
 * on the same database answers every search with the statement alone, for comparison.
 */
const t = useTestServer();
let plain: Server;
const mayaguez = { lat: 18.2011, lng: -67.1396 };
const ids: string[] = [];

// A deterministic spread of providers around Mayagüez: ties in rating, reviews and years on purpose.
function seeded(i: number) {
  const angle = (i * 137.5 * Math.PI) / 180;
  const km = 1 + ((i * 7) % 38);
  return {
    lat: mayaguez.lat + (km / 111) * Math.cos(angle),
    lng: mayaguez.lng + (km / 105) * Math.sin(angle),
    rating: [4.5, 3.75, 5, 4.5, 2.25][i % 5]!,
    reviews: [10, 3, 10, 0, 25][i % 5]!,
    years: i % 6 === 0 ? null : (i * 3) % 11,
  };
}

beforeAll(async () => {
  plain = await init(testConfig(t.config.databaseUrl, { SEARCH_CACHE_SECONDS: '0', SEARCH_INDEX: 'off' }), { knex: t.knex });
  for (let i = 0; i < 45; i += 1) {
    const s = seeded(i);
    const id = await newProvider(t.knex, {
      company_name: `Índice ${i}`,
      categories: i % 4 === 0 ? ['plumbing', 'electrical'] : ['plumbing'],
      lat: s.lat,
      lng: s.lng,
      years_experience: s.years,
      insured: i % 3 === 0,
      verified: i % 2 === 0,
    });
    await t.knex('providers').where({ id }).update({
      rating_average: s.rating,
      review_count: s.reviews,
      // Relevance's other inputs (decision record 0054): a response time shown from 3 cases, a price or none.
      response_median_minutes: i % 7 === 0 ? null : (i * 37) % 600,
      response_cases: i % 5,
      rate_cents: i % 3 === 1 ? null : 2500 + i * 100,
      rate_unit: i % 3 === 1 ? null : i % 2 ? 'hour' : 'visit',
    });
    ids.push(id);
  }
});

afterAll(async () => {
  await plain?.stop();
});

/** Every page of a search, in order, as the cards' ids, from one server. */
async function allPages(server: Server, query: string, limit: number): Promise<{ pages: unknown[][]; cursors: (string | null)[] }> {
  const pages: unknown[][] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 60; n += 1) {
    const answer = await call(server, 'GET', `/api/v1/providers?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(answer.status).toBe(200);
    pages.push(answer.body.items);
    cursor = answer.body.next_cursor;
    cursors.push(cursor);
    if (!cursor) break;
  }
  return { pages, cursors };
}

const at = `lat=${mayaguez.lat}&lng=${mayaguez.lng}`;
const searches = [
  `category=plumbing&${at}&radius_km=40&sort=rating`,
  `category=plumbing&${at}&radius_km=40&sort=distance`,
  `category=plumbing&${at}&radius_km=25&sort=reviews`,
  `category=plumbing&${at}&radius_km=25&sort=experience`,
  `category=plumbing&${at}&radius_km=15&sort=relevance`,
  `category=plumbing&${at}&radius_km=30&sort=rating&insured=true`,
  `category=plumbing&${at}&radius_km=30&sort=distance&verified=false&min_rating=4`,
  `category=electrical&${at}&radius_km=40&sort=experience`,
  `q=plomero&category=plumbing&${at}&radius_km=40&sort=rating`,
  `q=plomeros&category=plumbing&${at}&radius_km=20&sort=distance&locale=en`,
  `q=plomero&category=plumbing&${at}&radius_km=40&sort=relevance`,
  `q=plomeria&category=plumbing&${at}&radius_km=30&sort=relevance&insured=false&locale=en`,
  `q=electricista&category=electrical&${at}&radius_km=40&sort=relevance&min_rating=3`,
];

describe('pages chosen in the place index are the statement’s pages', () => {
  for (const query of searches) {
    it(query, async () => {
      const places = t.server.app.context.searchPlaces!;
      const picked = places.counts.picked;
      for (const limit of [1, 4, 20]) {
        const indexed = await allPages(t.server, query, limit);
        const statement = await allPages(plain, query, limit);
        expect(indexed).toEqual(statement);
        expect(indexed.pages.flat().length).toBeGreaterThan(0);
      }
      expect(places.counts.picked).toBeGreaterThan(picked);
      expect(places.counts.rechecked).toBe(0);
    });
  }

  it('leaves a text of other words and a next-free-time order to the statement', async () => {
    const places = t.server.app.context.searchPlaces!;
    const picked = places.counts.picked;
    for (const query of [`q=indice&category=plumbing&${at}&radius_km=40&sort=relevance`, `category=plumbing&${at}&radius_km=40&sort=soonest`]) {
      expect(await allPages(t.server, query, 20)).toEqual(await allPages(plain, query, 20));
    }
    expect(places.counts.picked).toBe(picked);
  });

  it('answers a cursor it cannot read as the statement does', async () => {
    const cursor = Buffer.from(JSON.stringify(['rating', ['cinco', '3'], ids[0]])).toString('base64url');
    const path = `/api/v1/providers?category=plumbing&${at}&radius_km=40&sort=rating&cursor=${cursor}`;
    const indexed = await call(t.server, 'GET', path);
    expect(indexed.status).toBe(400);
    expect(indexed.body).toEqual((await call(plain, 'GET', path)).body);
  });
});

describe('the index follows the database', () => {
  const query = `category=plumbing&${at}&radius_km=40&sort=rating`;
  const first = async (server: Server) => (await call(server, 'GET', `/api/v1/providers?${query}&limit=3`)).body.items.map((c: { id: string }) => c.id);

  it('re-ranks a provider the moment their rating changes', async () => {
    const last = ids[44]!;
    await t.knex('providers').where({ id: last }).update({ rating_average: 5, review_count: 999 });
    expect((await first(t.server))[0]).toBe(last);
    expect(await first(t.server)).toEqual(await first(plain));
  });

  it('drops an unlisted provider and a moved one, and takes them back', async () => {
    const top = (await first(t.server))[0];
    await t.knex('profiles').where({ id: top }).update({ is_onboarded: false });
    expect(await first(t.server)).not.toContain(top);
    expect(await first(t.server)).toEqual(await first(plain));
    await t.knex('profiles').where({ id: top }).update({ is_onboarded: true });
    await t.knex('providers').where({ id: top }).update({ lat: 18.4655, lng: -66.1057 });
    expect(await first(t.server)).not.toContain(top);
    expect(await first(t.server)).toEqual(await first(plain));
  });

  it('answers from the statement while the index is down, then loads again', async () => {
    const places = t.server.app.context.searchPlaces!;
    await places.stop();
    expect(places.ready).toBe(false);
    const picked = places.counts.picked;
    const newcomer = await newProvider(t.knex, { company_name: 'Recién llegado', categories: ['plumbing'], ...mayaguez });
    await t.knex('providers').where({ id: newcomer }).update({ rating_average: 5, review_count: 5000 });
    expect((await first(t.server))[0]).toBe(newcomer);
    expect(places.counts.picked).toBe(picked);
    await places.start();
    expect(places.ready).toBe(true);
    expect(await first(t.server)).toEqual(await first(plain));
    expect(places.counts.picked).toBeGreaterThan(picked);
  });
});

describe('relevance (decision record 0054) from memory', () => {
  it('orders a category near a point by quality and distance with no statement, for a text naming the trade or none', async () => {
    const places = t.server.app.context.searchPlaces!;
    const picked = places.counts.picked;
    const cards = places.counts.cards;
    for (const query of [
      `q=${encodeURIComponent('plomería')}&category=plumbing&${at}&radius_km=40&sort=relevance`,
      `q=Plumbing&category=plumbing&${at}&radius_km=25&sort=relevance&locale=en`,
      `q=electricidad&category=electrical&${at}&radius_km=40&sort=relevance&verified=true`,
      `category=electrical&${at}&radius_km=40&sort=relevance`,
    ]) {
      for (const limit of [1, 20]) expect(await allPages(t.server, query, limit)).toEqual(await allPages(plain, query, limit));
    }
    expect(places.counts.picked).toBeGreaterThan(picked);
    expect(places.counts.cards).toBeGreaterThan(cards);
  });

  it('re-ranks a provider the moment their response time, price or badge changes', async () => {
    const query = `category=plumbing&${at}&radius_km=40&sort=relevance`;
    const top = async (server: Server) => (await call(server, 'GET', `/api/v1/providers?${query}&limit=5`)).body.items.map((c: { id: string }) => c.id);
    const before = await top(t.server);
    const last = (await allPages(t.server, query, 50)).pages.flat().at(-1) as { id: string };
    await t.knex('providers').where({ id: last.id }).update({
      rating_average: 5, review_count: 400, response_median_minutes: 5, response_cases: 30, rate_cents: 6000, rate_unit: 'hour', verified_at: new Date(),
    });
    const after = await top(t.server);
    expect(after[0]).toBe(last.id);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await top(plain));
  });
});

describe('distances rounded as PostgreSQL rounds them', () => {
  it('matches round((metres / 1000)::numeric, 3), halves included', async () => {
    const metres = [0, 0.4, 0.5, 1.5, 999.5, 1234.5, 12345.4999999, 12345.5, 12345.5000001, 25000, 39999.9995, 3.14159265358979e4];
    for (let i = 0; i < 300; i += 1) metres.push(Math.abs(Math.sin(i + 1) * 40000), Math.round(Math.abs(Math.cos(i) * 40000)) + 0.5);
    const { rows } = await t.knex.raw<{ rows: { km: string }[] }>(
      'SELECT round((m / 1000)::numeric, 3)::text AS km FROM unnest(?::float8[]) WITH ORDINALITY AS u(m, n) ORDER BY n',
      [`{${metres.map((m) => m.toPrecision(17)).join(',')}}`],
    );
    expect(metres.map((m) => roundedKm(m))).toEqual(rows.map((row) => Number(row.km)));
  });
});

describe('stopping the index', () => {
  it('leaves no connection open when stopped while it connects', async () => {
    const { PlaceIndex } = await import('../src/modules/search/repository/place-index/index.ts');
    const places = new PlaceIndex({ databaseUrl: t.config.databaseUrl });
    const starting = places.start();
    await places.stop();
    await starting;
    const open = async () =>
      (await t.knex.raw<{ rows: { n: number }[] }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'resuelve-search-index' AND datname = current_database()`,
      )).rows[0]!.n;
    // The server's own index holds one; the stopped one none (a closing backend may linger a moment).
    let n = await open();
    for (let i = 0; i < 50 && n > 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      n = await open();
    }
    expect(n).toBe(1);
    expect(places.ready).toBe(false);
  });
});
