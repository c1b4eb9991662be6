import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { init } from '../src/server.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { call, testConfig, useTestServer } from './server.ts';
import { newClient, newJob, newProject, newProvider, newReview } from './factories.ts';

/**
 * The search index answers "a category near a point" with whole cards from memory (decision record
 * 0039): what every card shows, its next free time included, must be what the full statement
 * reads from PostgreSQL at that moment, after any change and as time passes. A second server with
 * SEARCH_INDEX=off on the same database answers with the statement alone; both run on one clock.
 */
const t = useTestServer();
let plain: Server;
/** As production answers: nothing checked against the schema, the cards' JSON sent as written (decision record 0042). */
let sent: Server;
let clock: ManualClock;
const ponce = { lat: 18.0111, lng: -66.6141 };
const ids: string[] = [];
// Tuesday 1 December 2026, 09:10 in Ponce (UTC-4): providers with the default hours are open.
const start = new Date('2026-12-01T13:10:00Z');

beforeAll(async () => {
  plain = await init(testConfig(t.config.databaseUrl, { SEARCH_CACHE_SECONDS: '0', SEARCH_INDEX: 'off' }), { knex: t.knex });
  sent = await init(testConfig(t.config.databaseUrl, { SEARCH_CACHE_SECONDS: '0', RESPONSE_VALIDATION_PERCENT: '0' }), { knex: t.knex });
  clock = new ManualClock(start);
  for (const server of [t.server, plain, sent]) (server.app as { context: { clock: unknown } }).context.clock = clock;
  for (let i = 0; i < 12; i += 1) {
    const id = await newProvider(t.knex, {
      company_name: `Tarjeta ${i}`,
      company_description: `Pintura de casas número ${i}, interiores y exteriores.`,
      categories: i % 3 === 0 ? ['painting', 'carpentry'] : ['painting'],
      lat: ponce.lat + i * 0.004,
      lng: ponce.lng - i * 0.003,
      municipality_slug: 'ponce',
      rate: i % 2 === 0 ? { amount_cents: 4500 + i, unit: 'hour', from: i % 4 === 0 } : undefined,
    });
    ids.push(id);
  }
  await newProject(t.knex, { providerId: ids[1]!, likes: 3 });
});

afterAll(async () => {
  await plain?.stop();
  await sent?.stop();
});

const at = `lat=${ponce.lat}&lng=${ponce.lng}`;
const searches = [`category=painting&${at}&radius_km=10&sort=rating`, `category=painting&${at}&radius_km=10&sort=distance&locale=en`, `category=carpentry&${at}&radius_km=10&sort=experience`];

type Card = { id: string; next_available_at: string | null; [key: string]: unknown };

async function pages(server: Server): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const query of searches) {
    for (const limit of [5, 20]) {
      const answer = await call(server, 'GET', `/api/v1/providers?${query}&limit=${limit}`);
      expect(answer.status).toBe(200);
      answers.push(answer.body);
    }
  }
  return answers;
}

/** The index's answers are the statement's, and were answered from memory. */
async function same(): Promise<Card[]> {
  const places = t.server.app.context.searchPlaces!;
  const before = places.counts.cards;
  const indexed = await pages(t.server);
  expect(indexed).toEqual(await pages(plain));
  expect(places.counts.cards - before).toBe(indexed.length);
  return (indexed[1] as { items: Card[] }).items;
}

const cardOf = (cards: Card[], id: string) => cards.find((card) => card.id === id)!;

describe('cards from memory are the statement’s cards', () => {
  it('as loaded', async () => {
    const cards = await same();
    expect(cards).toHaveLength(12);
    expect(cardOf(cards, ids[1]!).cover_photo).not.toBeNull();
    expect(cardOf(cards, ids[0]!).next_available_at).toBe('2026-12-01T09:15:00-04:00');
  });

  it('after a new provider, a rating, a name, a rate and a photo', async () => {
    ids.push(await newProvider(t.knex, { company_name: 'Recién pintado', categories: ['painting'], ...ponce }));
    await newReview(t.knex, { providerId: ids[2]!, rating: 5 });
    await t.knex('providers').where({ id: ids[3] }).update({ company_name: 'Nuevo nombre', rate_cents: 9900, rate_unit: 'visit', rate_from: true });
    await newProject(t.knex, { providerId: ids[4]!, featured: true });
    const cards = await same();
    expect(cards.map((card) => card.id)).toContain(ids[12]);
    expect(cardOf(cards, ids[3]!).company_name).toBe('Nuevo nombre');
    expect(cardOf(cards, ids[4]!).cover_photo).not.toBeNull();
  });

  it('after the names of a category change', async () => {
    await t.knex('categories').where({ slug: 'carpentry' }).update({ name_es: 'Ebanistería' });
    const cards = await same();
    expect(cardOf(cards, ids[0]!).categories).toContainEqual({ slug: 'carpentry', name: 'Ebanistería' });
    await t.knex('categories').where({ slug: 'carpentry' }).update({ name_es: 'Carpintería' });
    await same();
  });

  it('after hours, a blocked day and a booking change the next free time', async () => {
    const [hours, blocked, booked] = [ids[5]!, ids[6]!, ids[7]!];
    const closed = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { open: false, from: '08:00', to: '17:00' }]));
    await t.knex('providers').where({ id: hours }).update({ business_hours: JSON.stringify(closed) });
    await t.knex('blocked_dates').insert({ provider_id: blocked, date: '2026-12-01' });
    const client = await newClient(t.knex);
    await newJob(t.knex, { clientId: client, providerId: booked, start: '2026-12-01T13:15:00Z', hours: 3, status: 'upcoming' });
    const cards = await same();
    expect(cardOf(cards, hours).next_available_at).toBeNull();
    expect(cardOf(cards, blocked).next_available_at).toBe('2026-12-02T08:00:00-04:00');
    expect(cardOf(cards, booked).next_available_at).toBe('2026-12-01T12:15:00-04:00');
  });

  it('sent as written: the very text JSON.stringify writes of the statement’s cards', async () => {
    const places = sent.app.context.searchPlaces!;
    const before = places.counts.cards;
    for (const query of searches) {
      const written = await call(sent, 'GET', `/api/v1/providers?${query}&limit=20`);
      const read = await call(plain, 'GET', `/api/v1/providers?${query}&limit=20`);
      expect(written.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(written.raw).toBe(JSON.stringify(read.body));
    }
    expect(places.counts.cards - before).toBe(searches.length);
  });

  it('as time passes: a day later, at the free time itself, just after it, and after midnight', async () => {
    for (const step of [60_000, 4 * 60_000, 1, 14 * 60_000 - 1, 8 * 3_600_000, 24 * 3_600_000]) {
      clock.advance(step);
      await same();
    }
    const cards = await same();
    expect(cardOf(cards, ids[0]!).next_available_at).not.toBe('2026-12-01T09:15:00-04:00');
  });

  it('as the index computes ahead (the roll) and time reaches it', async () => {
    const places = t.server.app.context.searchPlaces! as unknown as { roll(): void; rolling: Promise<void> | null };
    places.roll();
    await places.rolling;
    for (let i = 0; i < 8; i += 1) {
      clock.advance(15 * 60_000);
      await same();
      places.roll();
      await places.rolling;
    }
  });
});
