/**
 * Fixtures and a render helper for the provider's job screens: a job, stats and the provider's
 * own record, and a screen rendered signed in as that provider behind a memory router.
 */
import type { ReactElement } from 'react';
import type { Job, Profile, ProviderStats } from '@resuelve/contract';
import { profile } from '../../../test/helpers.tsx';
import { job as jobOfAna } from '../../../test/jobs-test-kit.tsx';

export { catchDownloads, icsAnswer } from '../../../test/jobs-test-kit.tsx';
import { providerProfile } from '../../../test/profile-fixtures.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import type { OwnProvider } from '../../entities/provider/api.ts';

export { apiError, json, mockApi } from '../../../test/fake-api.ts';
export type { ApiCall as Call } from '../../../test/fake-api.ts';

export const providerUser: Profile = profile({ id: 'prov-1', email: 'luis@example.pr', is_contractor: true, first_name: 'Luis' });

/** A pending request of Ana (client-1) to Plomería Luis (prov-1): 9:00–11:00 in Puerto Rico, 2030-01-10. */
export function job(overrides: Partial<Job> = {}): Job {
  return jobOfAna({ status: 'pending', estimated_hours: null, allowed_actions: ['accept', 'decline', 'propose_schedule'], ...overrides });
}

export function stats(overrides: Partial<ProviderStats> = {}): ProviderStats {
  return {
    pending: 3,
    upcoming: 7,
    in_progress: 1,
    completed: 42,
    today: 2,
    this_week: 9,
    rating_average: 4.6,
    review_count: 18,
    completed_hours: 120,
    earnings_cents: 0,
    month_earnings_cents: 0,
    pending_earnings_cents: 0,
    month_paid_cents: 0,
    month_refunded_cents: 0,
    payments_pending_cents: 0,
    month_by_category: [],
    rate: null,
    ...overrides,
  };
}

export function ownProvider(overrides: Partial<OwnProvider> = {}): OwnProvider {
  const own = providerProfile({ id: 'prov-1', ein: null, phone_number: null, business_address: null, categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }] });
  return { ...own, ...overrides };
}

/** Render a screen at `path` (route pattern `route`) as the provider; other provider paths show only Where. */
export function renderProviderScreen(element: ReactElement, path: string, route: string) {
  return renderScreen(element, path, {
    route,
    user: providerUser,
    others: ['/provider/jobs/:id', '/provider/calendar', '/provider/home', '/provider/settings', '/messages'],
  });
}
