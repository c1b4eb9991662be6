import type { ReactElement } from 'react';
import type { Profile, ProviderReviewPage, Review } from '@resuelve/contract';
import { profile } from '../../../test/helpers.tsx';
import { json, mockApi as mockNetwork } from '../../../test/fake-api.ts';
import type { ApiCall, ApiHandler } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import type { ProviderDetail, ProviderSummary } from '../../entities/provider/api.ts';

export { json } from '../../../test/fake-api.ts';
export type { ApiCall as Call } from '../../../test/fake-api.ts';

export const municipalities = [
  { slug: 'mayaguez', name: 'Mayagüez', lat: 18.2, lng: -67.14 },
  { slug: 'san-juan', name: 'San Juan', lat: 18.4, lng: -66.06 },
  { slug: 'manati', name: 'Manatí', lat: 18.43, lng: -66.49 },
];

/** The municipalities answer: the whole list for an empty q, else names starting with q (accent-insensitive). */
function geoAnswer(call: ApiCall): Response {
  const q = (call.params.get('q') ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const items = municipalities.filter((m) => m.slug.startsWith(q.replace(/\s+/g, '-')));
  return json(200, { items });
}

/** A review of a provider as the api answers it. */
export function review(id: string, overrides: Partial<Review> = {}): Review {
  return {
    id,
    job_id: `job-${id}`,
    provider_id: 'prov-1',
    client_id: `client-${id}`,
    rating: 5,
    comment: 'Excelente trabajo',
    reply: null,
    client_name: 'Ana R.',
    provider_name: 'Empresa prov-1',
    created_at: '2026-10-01T12:00:00Z',
    updated_at: '2026-10-01T12:00:00Z',
    ...overrides,
  };
}

/** GET /providers/{id}/reviews: one page of these reviews and their counts per rating. */
export function reviewPage(items: Review[], nextCursor: string | null = null): ProviderReviewPage {
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const item of items) distribution[item.rating as 1 | 2 | 3 | 4 | 5] += 1;
  const average = items.length ? Math.round((items.reduce((sum, item) => sum + item.rating, 0) / items.length) * 100) / 100 : 0;
  return { items, next_cursor: nextCursor, distribution, rating_average: average, review_count: items.length };
}

/** The network, replaced at fetch, with municipalities, categories, prov-1's reviews and an empty project gallery answered unless `routes` answer them. */
export function mockApi(routes: Record<string, ApiHandler>): ApiCall[] {
  return mockNetwork({
    'GET /providers/prov-1/reviews': () => json(200, reviewPage([review('r1')])),
    'GET /geo/municipalities': geoAnswer,
    'GET /categories': () => json(200, { items: [{ id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' }, { id: 2, slug: 'cleaning', name: 'Limpieza', group: 'home' }] }),
    'GET /categories/trending': () => json(200, { items: [{ id: 2, slug: 'cleaning', name: 'Limpieza', group: 'home' }] }),
    'GET /providers/prov-1/projects': () => json(200, { items: [] }),
    ...routes,
  });
}

export function card(id: string, overrides: Partial<ProviderSummary> = {}): ProviderSummary {
  return {
    id,
    company_name: `Empresa ${id}`,
    categories: [{ slug: 'plumbing', name: 'Plomería' }],
    rating_average: 4.5,
    review_count: 12,
    completed_jobs: 30,
    years_experience: 8,
    insured: true,
    verified: true,
    response_minutes: null,
    distance_km: 3.2,
    next_available_at: '2030-01-10T13:00:00.000Z',
    municipality: { slug: 'mayaguez', name: 'Mayagüez' },
    location: null,
    profile_picture_url: null,
    description: 'Reparaciones de tuberías',
    rate: { amount_cents: 4500, unit: 'hour', from: true },
    cover_photo: null,
    ...overrides,
  };
}

export function detail(overrides: Partial<ProviderDetail> = {}): ProviderDetail {
  const { description: _d, location: _l, ...base } = card('prov-1');
  return {
    ...base,
    description: 'Plomeros con 20 años en el oeste.',
    categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }],
    website_url: null,
    social_media: {},
    recent_reviews: [review('r1')],
    contact: null,
    business_hours: null,
    timezone: 'America/Puerto_Rico',
    sign_in_required: true,
    cancellation_policy: { free_hours: 24, fee_kind: 'fixed', fee_value: 2500, reschedule_notice_hours: 0 },
    ...overrides,
  };
}

export const clientUser: Profile = profile({ id: 'client-1' });

/** Render a screen at `path` (pattern `route`), as a visitor or signed in as `user`. */
export function renderAt(element: ReactElement, path: string, options: { route?: string; user?: Profile } = {}) {
  return renderScreen(element, path, {
    route: options.route,
    user: options.user ?? null,
    others: ['/auth', '/providers', '/providers/:id', '/messages'],
  });
}
