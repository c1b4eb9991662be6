/**
 * Who may do what on every review route (SPEC.md §6): a visitor, a stranger client and a stranger
 * provider on each. The routes are read from the server's table, so a review route added later is
 * walked too, and fails here until it has a body below.
 */
import type { RequestRoute } from '@hapi/hapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newClient, newProvider, tokenFor } from './factories.ts';
import { postReview, reviewWorld } from './reviews-fixtures.ts';

const t = useTestServer();

let providerId: string;
let reviewId: string;
let jobId: string;

beforeAll(async () => {
  const world = await reviewWorld(t);
  providerId = world.providerId;
  jobId = world.jobId;
  reviewId = (await postReview(t, world.clientToken, providerId, { rating: 4, comment: 'Bien' })).body.id;
});

const bodies: Record<string, unknown> = {
  'POST /api/v1/providers/{id}/reviews': { rating: 1 },
  'PATCH /api/v1/reviews/{id}': { rating: 1, comment: 'cambiado' },
  'PUT /api/v1/reviews/{id}/reply': { text: 'respuesta' },
};

/** Public reads: anyone, signed in or not, gets them. */
const publicReads = new Set(['GET /api/v1/providers/{id}/reviews', 'GET /api/v1/reviews/{id}']);

function reviewRoutes(): RequestRoute[] {
  return t.server.table().filter((route) => /^\/api\/v1\/(reviews(\/|$)|providers\/\{id\}\/reviews|jobs\/\{id\}\/review$)/.test(route.path));
}

const nameOf = (route: RequestRoute) => `${route.method.toUpperCase()} ${route.path}`;
const urlOf = (path: string) =>
  path.replace('{id}', path.startsWith('/api/v1/providers/') ? providerId : path.startsWith('/api/v1/jobs/') ? jobId : reviewId);

describe('every review route', () => {
  it('is walked here', () => {
    expect(reviewRoutes().map(nameOf).sort()).toEqual(
      [
        'DELETE /api/v1/reviews/{id}',
        'GET /api/v1/jobs/{id}/review',
        'GET /api/v1/providers/{id}/reviews',
        'GET /api/v1/providers/{id}/reviews/my-review',
        'GET /api/v1/reviews/for-me',
        'GET /api/v1/reviews/my-reviews',
        'GET /api/v1/reviews/prompt',
        'GET /api/v1/reviews/{id}',
        'PATCH /api/v1/reviews/{id}',
        'POST /api/v1/providers/{id}/reviews',
        'PUT /api/v1/reviews/{id}/reply',
      ].sort(),
    );
  });

  it('answers a visitor 401 except for the public reads', async () => {
    for (const route of reviewRoutes()) {
      const res = await call(t.server, route.method, urlOf(route.path), { body: bodies[nameOf(route)] });
      expect(res.status, `${nameOf(route)} ${res.raw}`).toBe(publicReads.has(nameOf(route)) ? 200 : 401);
    }
  });

  it.each(['client', 'provider'] as const)('keeps a stranger %s from the review and the reviewed provider\'s lists', async (kind) => {
    const id = kind === 'client' ? await newClient(t.knex) : await newProvider(t.knex);
    const token = tokenFor(t, id, kind === 'provider');
    const expected: Record<string, number[]> = {
      'POST /api/v1/providers/{id}/reviews': [403],
      'GET /api/v1/providers/{id}/reviews/my-review': [404],
      // Another person's job is not revealed.
      'GET /api/v1/jobs/{id}/review': [404],
      'PATCH /api/v1/reviews/{id}': [403],
      'DELETE /api/v1/reviews/{id}': [403],
      'PUT /api/v1/reviews/{id}/reply': [403],
      // Their own lists: empty for one side, refused for the other.
      'GET /api/v1/reviews/my-reviews': kind === 'client' ? [200] : [403],
      'GET /api/v1/reviews/for-me': kind === 'client' ? [403] : [200],
      'GET /api/v1/reviews/prompt': [200],
      'GET /api/v1/providers/{id}/reviews': [200],
      'GET /api/v1/reviews/{id}': [200],
    };
    for (const route of reviewRoutes()) {
      const name = nameOf(route);
      const res = await call(t.server, route.method, urlOf(route.path), { token, body: bodies[name] });
      expect(expected[name], `${name} answered ${res.status} ${res.raw}`).toContain(res.status);
      if (name === 'GET /api/v1/reviews/my-reviews' || name === 'GET /api/v1/reviews/for-me') {
        if (res.status === 200) expect(res.body.items).toEqual([]);
      }
      if (name === 'GET /api/v1/reviews/prompt') expect(res.body).toEqual({ prompt: null });
    }
    // Nothing a stranger sent changed the review.
    expect(await t.knex('reviews').where({ id: reviewId }).first('rating', 'comment', 'reply')).toEqual({ rating: 4, comment: 'Bien', reply: null });
  });
});
