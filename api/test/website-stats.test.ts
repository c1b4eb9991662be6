/**
 * The landing page's figures (issue 13): what they count, kept 5 minutes by the server (moved
 * clock) and by caches (Cache-Control public), and `refresh=true` counts again for admins only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newAdmin, newClient, newJob, newProvider, newReview, setClock, tokenFor } from './factories.ts';

const t = useTestServer();
const stats = (query = '', token?: string) => call(t.server, 'GET', `/api/v1/analytics/website-stats${query}`, { token });

let admin: string;

beforeAll(async () => {
  admin = (await newAdmin(t)).token;
});

describe('GET /analytics/website-stats', () => {
  it('counts listed providers, clients, completed jobs, the average rating, municipalities and top categories', async () => {
    const clock = setClock(t, '2026-11-23T12:00:00Z');
    const base = (await stats('?refresh=true', admin)).body;
    const plumber = await newProvider(t.knex, { categories: ['plumbing', 'hvac'], municipality_slug: 'ponce' });
    await newProvider(t.knex, { categories: ['plumbing'], municipality_slug: 'ponce' });
    await newProvider(t.knex, { categories: ['plumbing'], onboarded: false }); // not listed
    const client = await newClient(t.knex);
    await newClient(t.knex, { onboarded: false }); // not yet a client of the marketplace
    await newJob(t.knex, { clientId: client, providerId: plumber, start: '2026-11-16T13:00:00Z', status: 'completed' });
    await newJob(t.knex, { clientId: client, providerId: plumber, start: '2026-11-17T13:00:00Z', status: 'cancelled' });
    await newReview(t.knex, { providerId: plumber, clientId: client, rating: 4 });
    clock.advance(301_000);
    const res = await stats();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      providers: base.providers + 2,
      clients: base.clients + 1,
      completed_jobs: base.completed_jobs + 1,
      municipalities_served: base.municipalities_served + (base.municipalities_served === 0 ? 1 : 0),
    });
    expect(res.body.average_rating).toBeGreaterThan(0);
    expect(res.body.average_rating).toBeLessThanOrEqual(5);
    expect(res.body.top_categories[0]).toEqual({ slug: 'plumbing', providers: expect.any(Number) });
    expect(res.body.top_categories.length).toBeLessThanOrEqual(6);
  });

  it('is kept 5 minutes (server and Cache-Control public), whoever asks', async () => {
    const clock = setClock(t, '2026-11-24T12:00:00Z');
    const first = await stats('?refresh=true', admin);
    expect(first.headers['cache-control']).toBe('no-store');
    const kept = await stats();
    expect(kept.headers['cache-control']).toBe('public, max-age=300');
    await newProvider(t.knex, { categories: ['cleaning'] });
    clock.advance(299_000);
    for (const token of [undefined, tokenFor(t, await newClient(t.knex)), admin]) {
      const again = await stats('', token);
      expect(again.body).toEqual(kept.body);
    }
    clock.advance(2_000);
    const counted = await stats();
    expect(counted.body.providers).toBe(kept.body.providers + 1);
    expect(counted.body.computed_at).not.toBe(kept.body.computed_at);
  });

  it('refresh=true counts at once for an admin, and is refused to clients and providers (403) and visitors (401)', async () => {
    setClock(t, '2026-11-25T12:00:00Z');
    const kept = (await stats()).body;
    await newProvider(t.knex, { categories: ['cleaning'] });
    const client = tokenFor(t, await newClient(t.knex));
    const provider = tokenFor(t, await newProvider(t.knex), true);
    expect((await stats('?refresh=true', client)).body).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await stats('?refresh=true', provider)).body).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await stats('?refresh=true')).body).toMatchObject({ status: 401, code: 'unauthorized' });
    expect((await stats()).body).toEqual(kept);
    const fresh = await stats('?refresh=true', admin);
    expect(fresh.status).toBe(200);
    expect(fresh.body.providers).toBe(kept.providers + 2);
    // The fresh count is what everyone gets next.
    expect((await stats()).body).toEqual(fresh.body);
    expect((await stats('?refresh=maybe')).status).toBe(400);
  });
});
