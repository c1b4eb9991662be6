/**
 * A provider's rating_average and review_count follow every review written, changed or deleted
 * through the api at once: on the provider, on the profile, on the dashboard's stats and on the
 * search cards (provider_places, migration 0015).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import type { JobWorld } from './factories.ts';
import { anotherReviewer, completedJob, postReview, reviewWorld } from './reviews-fixtures.ts';

const t = useTestServer();
let world: JobWorld & { jobId: string };

beforeAll(async () => {
  world = await reviewWorld(t);
});

/** The figures every place that shows them gives now. */
async function figures() {
  const provider = await t.knex('providers').where({ id: world.providerId }).first('rating_average', 'review_count');
  const places = await t.knex('provider_places').where({ provider_id: world.providerId }).select('rating_average', 'review_count');
  const profile = (await call(t.server, 'GET', `/api/v1/providers/${world.providerId}`)).body;
  const card = (await call(t.server, 'GET', '/api/v1/providers?category=plumbing&lat=18.2&lng=-67.14&radius_km=5')).body.items.find(
    (c: { id: string }) => c.id === world.providerId,
  );
  const stats = (await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: world.providerToken })).body;
  const reviews = (await call(t.server, 'GET', `/api/v1/providers/${world.providerId}/reviews`)).body;
  expect(places.length).toBeGreaterThan(0);
  return {
    provider: [Number(provider.rating_average), provider.review_count],
    places: places.map((p: { rating_average: string; review_count: number }) => [Number(p.rating_average), p.review_count]),
    profile: [profile.rating_average, profile.review_count],
    card: [card.rating_average, card.review_count],
    stats: [stats.rating_average, stats.review_count],
    reviews: [reviews.rating_average, reviews.review_count],
  };
}

function everywhere(average: number, count: number) {
  return {
    provider: [average, count],
    places: [[average, count]],
    profile: [average, count],
    card: [average, count],
    stats: [average, count],
    reviews: [average, count],
  };
}

describe('rating_average and review_count', () => {
  it('follow a review created, updated and deleted, everywhere they are shown', async () => {
    expect(await figures()).toEqual(everywhere(0, 0));
    const first = (await postReview(t, world.clientToken, world.providerId, { rating: 5 })).body;
    expect(await figures()).toEqual(everywhere(5, 1));
    const other = await anotherReviewer(t, world.providerId);
    const second = (await postReview(t, other.token, world.providerId, { rating: 2 })).body;
    expect(await figures()).toEqual(everywhere(3.5, 2));
    expect((await call(t.server, 'PATCH', `/api/v1/reviews/${second.id}`, { token: other.token, body: { rating: 4 } })).status).toBe(200);
    expect(await figures()).toEqual(everywhere(4.5, 2));
    // A reply changes nothing of the figures.
    await call(t.server, 'PUT', `/api/v1/reviews/${second.id}/reply`, { token: world.providerToken, body: { text: '¡Gracias!' } });
    expect(await figures()).toEqual(everywhere(4.5, 2));
    expect((await call(t.server, 'DELETE', `/api/v1/reviews/${first.id}`, { token: world.clientToken })).status).toBe(204);
    expect(await figures()).toEqual(everywhere(4, 1));
    await call(t.server, 'DELETE', `/api/v1/reviews/${second.id}`, { token: other.token });
    expect(await figures()).toEqual(everywhere(0, 0));
  });

  it('count every review of one client who reviewed two jobs', async () => {
    const before = await figures();
    const [average, count] = before.provider as [number, number];
    const again = await anotherReviewer(t, world.providerId);
    await completedJob(t, { clientId: again.id, providerId: world.providerId }, 'Otra visita');
    expect((await postReview(t, again.token, world.providerId, { rating: 5 })).status).toBe(201);
    expect((await postReview(t, again.token, world.providerId, { rating: 1 })).status).toBe(201);
    const expectedAverage = Math.round(((average * count + 6) / (count + 2)) * 100) / 100;
    expect(await figures()).toEqual(everywhere(expectedAverage, count + 2));
  });

  it('order the search by rating after a review', async () => {
    const rival = await anotherReviewer(t, world.providerId);
    await postReview(t, rival.token, world.providerId, { rating: 3 });
    const sorted = (await call(t.server, 'GET', '/api/v1/providers?category=plumbing&lat=18.2&lng=-67.14&radius_km=5&min_rating=3')).body.items;
    expect(sorted.map((c: { id: string }) => c.id)).toContain(world.providerId);
    const higher = (await call(t.server, 'GET', '/api/v1/providers?category=plumbing&lat=18.2&lng=-67.14&radius_km=5&min_rating=3.5')).body.items;
    expect(higher.map((c: { id: string }) => c.id)).not.toContain(world.providerId);
  });
});
