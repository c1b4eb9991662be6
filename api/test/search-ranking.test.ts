import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankKey, ranking, staticQuality, type RankInputs } from '@resuelve/contract';
import { init } from '../src/server.ts';
import { rankKeySql, staticQualitySql } from '../src/modules/search/repository/rank.ts';
import { call, testConfig, useTestServer } from './server.ts';
import { newProvider } from './factories.ts';

/**
 * Honest ranking (issue 30, decision record 0054): a text that names a trade keeps the results to
 * it, and within it the order is the documented quality (contract ranking), the same from the
 * search index (this server) and from the statement alone (a second server, SEARCH_INDEX=off).
 */
const t = useTestServer();
let plain: Server;
const ids: Record<string, string> = {};
const mayaguez = { lat: 18.2011, lng: -67.1396 };
/** A point `km` north of Mayagüez. */
const north = (km: number) => ({ lat: mayaguez.lat + km / 111, lng: mayaguez.lng });
const near = `lat=${mayaguez.lat}&lng=${mayaguez.lng}&radius_km=30`;

interface Quality {
  rating: number;
  reviews: number;
  minutes?: number | null;
  cases?: number;
  priced?: boolean;
}

async function provider(name: string, categories: string[], at: { lat: number; lng: number }, q: Quality, extra: { description?: string; verified?: boolean } = {}) {
  const id = await newProvider(t.knex, {
    company_name: name,
    company_description: extra.description ?? null,
    categories,
    ...at,
    municipality_slug: 'mayaguez',
    verified: extra.verified ?? false,
    rate: q.priced ? { amount_cents: 5000, unit: 'hour', from: false } : null,
  });
  await t.knex('providers').where({ id }).update({
    rating_average: q.rating,
    review_count: q.reviews,
    response_median_minutes: q.minutes ?? null,
    response_cases: q.cases ?? 0,
  });
  return id;
}

beforeAll(async () => {
  plain = await init(testConfig(t.config.databaseUrl, { SEARCH_CACHE_SECONDS: '0', SEARCH_INDEX: 'off' }), { knex: t.knex });
  // Cleaners, one of them poor; pool firms better in every way, two of whose texts say "limpieza";
  // a locksmith whose name only resembles the word.
  ids.cleanerGood = await provider('Casa Brillante', ['cleaning'], north(3), { rating: 4.6, reviews: 12, priced: true });
  ids.cleanerPoor = await provider('Limpiezas Rápidas', ['cleaning'], north(9), { rating: 2.5, reviews: 4 });
  ids.cleanerNew = await provider('Hogar Limpio', ['cleaning'], north(5), { rating: 0, reviews: 0 });
  ids.poolSays = await provider('Piscinas Cristal', ['pool'], north(1), { rating: 5, reviews: 90, minutes: 10, cases: 40, priced: true }, {
    description: 'Limpieza de piscinas, cloro y bombas.',
    verified: true,
  });
  ids.poolSays2 = await provider('Agua Azul', ['pool'], north(2), { rating: 4.9, reviews: 60, priced: true }, { description: 'Mantenimiento y limpieza semanal.' });
  ids.poolQuiet = await provider('Pool Pro', ['pool'], north(1), { rating: 5, reviews: 70, priced: true }, { description: 'Cloro y bombas.' });
  ids.locksmith = await provider('Cerrajería Limpia', ['locksmith'], north(2), { rating: 5, reviews: 50, priced: true });
  // Plumbers: a 2.8★ one named after the trade with no price, a 4.9★ one with 40 reviews, a 5★ one
  // with a single review (the nearest), and one answering fast.
  ids.plomeroNamed = await provider('Plomero Plomería Plomeros', ['plumbing'], north(0.5), { rating: 2.8, reviews: 9 });
  ids.fortyReviews = await provider('Tuberías Martínez', ['plumbing'], north(2), { rating: 4.9, reviews: 40, priced: true });
  ids.oneReview = await provider('Fugas Express', ['plumbing'], north(1), { rating: 5, reviews: 1, priced: true });
  // Electricians alike but for a tenth of a star and a response time.
  ids.twinA = await provider('Voltios A', ['electrical'], north(4), { rating: 4.5, reviews: 10, priced: true });
  ids.twinB = await provider('Voltios B', ['electrical'], north(4), { rating: 4.4, reviews: 10, priced: true, minutes: 30, cases: 2 });
});

afterAll(async () => {
  await plain?.stop();
});

const named = (items: { id: string }[]) => items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? 'other');

/** The cards' names from both servers, which must agree. */
async function order(query: string): Promise<string[]> {
  const [indexed, statement] = await Promise.all([t.server, plain].map((server) => call(server, 'GET', `/api/v1/providers?${query}&limit=50`)));
  expect(indexed!.status, JSON.stringify(indexed!.body)).toBe(200);
  expect(indexed!.body).toEqual(statement!.body);
  return named(indexed!.body.items);
}

describe('a text that names a trade keeps to it', () => {
  it('"limpieza": every cleaner first, pool firms only when their own words say it, and after them; the look-alike never', async () => {
    for (const query of ['q=limpieza', `q=limpieza&${near}`, 'q=LIMPIEZA%20', `q=limpieza&${near}&sort=relevance`]) {
      const found = await order(query);
      expect(found.slice(0, 3).sort(), query).toEqual(['cleanerGood', 'cleanerNew', 'cleanerPoor']);
      expect(found.slice(3).sort(), query).toEqual(['poolSays', 'poolSays2']);
      expect(found, query).not.toContain('locksmith');
      expect(found, query).not.toContain('poolQuiet');
    }
  });

  it('a hidden trade never leads, whatever its quality and distance', async () => {
    // The pool firm that says "limpieza" is nearer, rated 5★ over 90 reviews, answers in minutes, verified.
    const found = await order(`q=limpieza&${near}`);
    expect(found.indexOf('poolSays')).toBeGreaterThan(found.indexOf('cleanerPoor'));
    expect(found[0]).toBe('cleanerGood');
  });

  it('a text that names the pool trade finds the pool firms, and the filter of a category keeps to it', async () => {
    expect((await order(`q=piscina&${near}`)).sort()).toEqual(['poolQuiet', 'poolSays', 'poolSays2']);
    expect(await order(`q=limpieza&category=cleaning&${near}&sort=relevance`)).toEqual(['cleanerGood', 'cleanerNew', 'cleanerPoor']);
    // Pool firms for "limpieza" within the pool category: those whose words say it.
    expect((await order(`q=limpieza&category=pool&${near}`)).sort()).toEqual(['poolSays', 'poolSays2']);
  });

  it('"plomero" does not put the 2.8★ plumber without a price first because his name says it', async () => {
    for (const query of ['q=plomero', `q=plomero&${near}`, `q=plomero&category=plumbing&${near}&sort=relevance`, `category=plumbing&${near}`]) {
      const found = await order(query);
      expect(found, query).toHaveLength(3);
      expect(found[2], query).toBe('plomeroNamed');
    }
  });
});

describe('the quality within a trade', () => {
  it('puts a 4.9★ provider with 40 reviews above a 5★ provider with one, both near (the latter nearer)', async () => {
    for (const query of [`q=plomero&${near}`, `category=plumbing&${near}&sort=relevance`, `q=plumbing&category=plumbing&${near}`, 'q=plomero']) {
      const found = await order(query);
      expect(found.indexOf('fortyReviews'), query).toBeLessThan(found.indexOf('oneReview'));
    }
  });

  it('counts a response time only from the minimum of cases, and a quick one moves a provider up', async () => {
    const query = `category=electrical&${near}&sort=relevance`;
    // Two cases: no figure yet, so the tenth of a star decides.
    expect(await order(query)).toEqual(['twinA', 'twinB']);
    expect(await order('q=electricista')).toEqual(['twinA', 'twinB']);
    await t.knex('providers').where({ id: ids.twinB }).update({ response_cases: 3 });
    expect(await order(query)).toEqual(['twinB', 'twinA']);
    expect(await order('q=electricista')).toEqual(['twinB', 'twinA']);
  });

  it('pages by cursor through the relevance order in both servers alike', async () => {
    const whole = await order(`q=limpieza&${near}`);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await call(t.server, 'GET', `/api/v1/providers?q=limpieza&${near}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      paged.push(...named(answer.body.items));
      cursor = answer.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(whole);
  });
});

describe('the arithmetic', () => {
  it('is the same double in PostgreSQL as in the contract, and the same key', async () => {
    const cases: (RankInputs & { km: number | null; group: number })[] = [];
    for (let i = 0; i < 400; i += 1) {
      cases.push({
        rating: [0, 1, 2.25, 2.8, 3.75, 4.5, 4.9, 5][i % 8]!,
        reviews: [0, 1, 3, 9, 40, 1234][i % 6]!,
        responseMinutes: i % 5 === 0 ? null : (i * 53) % 2000,
        priced: i % 3 === 0,
        verified: i % 4 === 0,
        km: i % 9 === 0 ? null : Number(((i * 7.919) % 80).toFixed(3)),
        group: i % 2,
      });
    }
    const { rows } = await t.knex.raw<{ rows: { quality: number; key: number }[] }>(
      `SELECT q.quality, ${rankKeySql('v.grp', 'q.quality', 'v.km')} AS key
         FROM unnest(?::numeric[], ?::int[], ?::int[], ?::boolean[], ?::boolean[], ?::numeric[], ?::float8[]) WITH ORDINALITY AS v(rating, reviews, minutes, priced, verified, km, grp, n),
         LATERAL (SELECT ${staticQualitySql({ rating: 'v.rating', reviews: 'v.reviews', responseMinutes: 'v.minutes', responseCases: '3', priced: 'v.priced', verified: 'v.verified' })} AS quality) AS q
        ORDER BY v.n`,
      [
        `{${cases.map((c) => c.rating).join(',')}}`,
        `{${cases.map((c) => c.reviews).join(',')}}`,
        `{${cases.map((c) => c.responseMinutes ?? 'NULL').join(',')}}`,
        `{${cases.map((c) => c.priced).join(',')}}`,
        `{${cases.map((c) => c.verified).join(',')}}`,
        `{${cases.map((c) => c.km ?? 'NULL').join(',')}}`,
        `{${cases.map((c) => c.group).join(',')}}`,
      ],
    );
    expect(rows.map((row) => row.quality)).toEqual(cases.map((c) => staticQuality(c)));
    expect(rows.map((row) => row.key)).toEqual(cases.map((c) => rankKey(c.group, staticQuality(c), c.km)));
  });

  it('keeps the quality below 1, so the trade named always comes first', () => {
    const best = staticQuality({ rating: 5, reviews: 1_000_000, responseMinutes: 0, priced: true, verified: true }) + ranking.weights.distance;
    expect(best).toBeLessThan(1);
    expect(Object.values(ranking.weights).reduce((sum, w) => sum + w, 0)).toBeCloseTo(1, 12);
  });
});
