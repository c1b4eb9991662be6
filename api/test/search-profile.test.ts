import { beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { newClient, newProvider, newReview, tokenFor } from './factories.ts';

const t = useTestServer();
let provider: string;
let hidden: string;
let client: string;
const reviewIds: string[] = [];

beforeAll(async () => {
  provider = await newProvider(t.knex, {
    company_name: 'Plomería Borinquen',
    company_description: 'Tuberías y calentadores',
    categories: ['plumbing', 'electrical'],
    municipality_slug: 'mayaguez',
    phone_number: '17875550101',
    business_address: 'Calle Méndez Vigo 10',
    website_url: 'https://borinquen.example.com',
    social_media: { facebook: 'plomeriaborinquen' },
    verified: true,
  });
  hidden = await newProvider(t.knex, { company_name: 'Aún no', onboarded: false });
  client = await newClient(t.knex);
  // Seven reviews, three written in the same instant (ties in the page order).
  const sameInstant = new Date('2026-11-10T12:00:00Z');
  for (let i = 0; i < 7; i += 1) {
    const createdAt = i < 3 ? sameInstant : new Date(Date.UTC(2026, 10, 11 + i));
    reviewIds.push(await newReview(t.knex, { providerId: provider, rating: (i % 5) + 1, comment: `Reseña ${i}`, createdAt }));
  }
});

describe('GET /providers/{id}', () => {
  it('shows visitors the profile without contact or hours, asking them to sign in', async () => {
    const answer = await call(t.server, 'GET', `/api/v1/providers/${provider}?locale=en`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: provider,
      company_name: 'Plomería Borinquen',
      description: 'Tuberías y calentadores',
      categories: [
        { slug: 'plumbing', name: 'Plumbing' },
        { slug: 'electrical', name: 'Electrical' },
      ],
      municipality: { slug: 'mayaguez', name: 'Mayagüez' },
      verified: true,
      rating_average: 2.57, // (1+2+3+4+5+1+2) / 7
      review_count: 7,
      completed_jobs: 0,
      website_url: 'https://borinquen.example.com',
      social_media: { facebook: 'plomeriaborinquen' },
      contact: null,
      business_hours: null,
      sign_in_required: true,
    });
    expect(answer.body.recent_reviews).toHaveLength(5);
    expect(answer.body.recent_reviews[0]).toMatchObject({ comment: 'Reseña 6', client_name: 'Ana R.' });
  });

  it('shows signed-in people the contact phone, address and business hours', async () => {
    const answer = await call(t.server, 'GET', `/api/v1/providers/${provider}`, { token: tokenFor(t, client) });
    expect(answer.body).toMatchObject({
      contact: { phone_number: '17875550101', business_address: 'Calle Méndez Vigo 10' },
      business_hours: defaultBusinessHours,
      sign_in_required: false,
    });
    expect(answer.body.categories[0].name).toBe('Plomería');
    const otherProvider = await newProvider(t.knex);
    const byProvider = await call(t.server, 'GET', `/api/v1/providers/${provider}`, { token: tokenFor(t, otherProvider, true) });
    expect(byProvider.body.sign_in_required).toBe(false);
  });

  it('hides a provider who has not finished onboarding from everyone but themselves', async () => {
    expect((await call(t.server, 'GET', `/api/v1/providers/${hidden}`)).status).toBe(404);
    expect((await call(t.server, 'GET', `/api/v1/providers/${hidden}`, { token: tokenFor(t, client) })).status).toBe(404);
    expect((await call(t.server, 'GET', `/api/v1/providers/${hidden}`, { token: tokenFor(t, hidden, true) })).status).toBe(200);
    expect((await call(t.server, 'GET', `/api/v1/providers/${client}`)).status).toBe(404);
  });

  it('answers 404 not_found to an address whose id is no uuid, as to an unknown one', async () => {
    for (const id of ['abc', '00000000-0000-4000-8000-000000000000']) {
      const answer = await call(t.server, 'GET', `/api/v1/providers/${id}?locale=es`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers 401 to a bad token rather than treating it as a visitor', async () => {
    const answer = await call(t.server, 'GET', `/api/v1/providers/${provider}`, { token: 'not-a-token' });
    expect(answer.status).toBe(401);
  });
});

describe('GET /providers/{id}/reviews', () => {
  it('pages every review newest first, none twice, even with equal times', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: { status: number; body: { items: { id: string; created_at: string }[]; next_cursor: string | null } } = await call(
        t.server,
        'GET',
        `/api/v1/providers/${provider}/reviews?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(answer.status).toBe(200);
      seen.push(...answer.body.items.map((item) => item.id));
      cursor = answer.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 4)).toEqual([...reviewIds.slice(3)].reverse());
    expect(seen.slice(4).sort()).toEqual(reviewIds.slice(0, 3).sort());
  });

  it('answers 404 for a provider that is not public and 400 for a bad cursor', async () => {
    expect((await call(t.server, 'GET', `/api/v1/providers/${hidden}/reviews`)).status).toBe(404);
    const bad = Buffer.from(JSON.stringify(['reviews', ['not a time'], provider])).toString('base64url');
    expect((await call(t.server, 'GET', `/api/v1/providers/${provider}/reviews?cursor=${bad}`)).status).toBe(400);
  });
});
