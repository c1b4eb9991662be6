/**
 * Fixtures and a render helper for the provider's job screens: a job, stats and the provider's
 * own record, and a screen rendered signed in as that provider behind a memory router.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import { defaultBusinessHours } from '@resuelve/contract';
import type { Job, Profile, ProviderStats } from '@resuelve/contract';
import { setPlatform } from '../../platform/index.ts';
import { fakePlatform, profile } from '../../../test/helpers.tsx';
import { setActiveQueryClient } from '../../lib/query-registry.ts';
import { profileQueryKey } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';
import type { OwnProvider } from './api.ts';

export { apiError, json, mockApi } from '../settings/test-helpers.tsx';
export type { Call } from '../settings/test-helpers.tsx';

export const providerUser: Profile = profile({ id: 'prov-1', email: 'luis@example.pr', is_contractor: true, first_name: 'Luis' });

/** A pending request of Ana (client-1) to Plomería Luis (prov-1): 9:00–11:00 in Puerto Rico, 2030-01-10. */
export function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    status: 'pending',
    client_id: 'client-1',
    provider_id: 'prov-1',
    category_id: 1,
    title: 'Arreglar el fregadero',
    description: 'Gotea debajo del fregadero.',
    scheduled_start: '2030-01-10T13:00:00.000Z',
    scheduled_end: '2030-01-10T15:00:00.000Z',
    duration_hours: 2,
    estimated_hours: null,
    actual_hours: null,
    started_at: null,
    ended_at: null,
    location_type: 'on_site',
    location_address: null,
    session_number: 1,
    total_sessions: 1,
    original_job_id: null,
    proposed_start: null,
    proposed_end: null,
    modification_request: null,
    decline_reason: null,
    review_prompt_shown: false,
    client: { id: 'client-1', name: 'Ana Rivera', profile_picture_url: null },
    provider: { id: 'prov-1', name: 'Plomería Luis', profile_picture_url: null },
    timezone: 'America/Puerto_Rico',
    allowed_actions: ['accept', 'decline', 'propose_schedule'],
    created_at: '2030-01-01T12:00:00.000Z',
    updated_at: '2030-01-01T12:00:00.000Z',
    ...overrides,
  };
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
    earnings_cents: null,
    month_earnings_cents: null,
    hourly_rate_cents: null,
    ...overrides,
  };
}

export function ownProvider(overrides: Partial<OwnProvider> = {}): OwnProvider {
  return {
    id: 'prov-1',
    company_name: 'Plomería Luis',
    ein: null,
    phone_number: null,
    business_address: null,
    city: 'Ponce',
    state: 'PR',
    zip_code: '00716',
    website_url: null,
    years_experience: 10,
    company_description: null,
    insured: true,
    insurance_details: null,
    social_media: {},
    profile_picture_url: null,
    business_hours: defaultBusinessHours,
    timezone: 'America/Puerto_Rico',
    categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }],
    hourly_rate_cents: null,
    ...overrides,
  };
}

/** Where the router is now (path and query), for assertions on links and kept filters. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Render a screen at `path` (route pattern `route`) as the provider; other provider paths show only Where. */
export function renderProviderScreen(element: ReactElement, path: string, route: string) {
  setPlatform(fakePlatform());
  toast.dismiss();
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user: providerUser, restoreFailed: false, signedOutByUser: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  setActiveQueryClient(queryClient);
  queryClient.setQueryData(profileQueryKey, providerUser);
  const others = ['/provider/jobs/:id', '/provider/calendar', '/provider/home', '/provider/settings', '/messages'].filter((p) => p !== route);
  const router = createMemoryRouter(
    [
      {
        path: route,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      ...others.map((p) => ({ path: p, element: <Where /> })),
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
