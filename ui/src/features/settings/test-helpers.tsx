import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import { vi } from 'vitest';
import { defaultBusinessHours } from '@resuelve/contract';
import type { ClientProfile, Profile, ProviderProfile } from '@resuelve/contract';
import { setPlatform } from '../../platform/index.ts';
import type { SessionTransport } from '../../platform/index.ts';
import { fakePlatform, profile } from '../../../test/helpers.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { setActiveQueryClient } from '../../lib/query-registry.ts';
import { profileQueryKey } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';
import { SettingsSection } from './settings-section.tsx';

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function apiError(status: number, code: string, details?: Record<string, string>): Response {
  return json(status, { error: `server says ${code}`, status, code, ...(details ? { details } : {}) });
}

/**
 * The network, replaced: calls are answered by "METHOD /path" (relative to /api/v1, without the
 * query) and recorded with their JSON bodies; anything unexpected answers 404 route_not_found.
 */
export function mockApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        search: url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.get('Authorization'),
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      return handler ? handler(call) : apiError(404, 'route_not_found');
    }),
  );
  return calls;
}

export const clientUser: Profile = profile({ id: 'client-1', email: 'ana@example.pr' });
export const providerUser: Profile = profile({ id: 'provider-1', email: 'luis@example.pr', is_contractor: true, first_name: 'Luis' });

export function clientProfile(overrides: Partial<ClientProfile> = {}): ClientProfile {
  return {
    id: 'client-1',
    first_name: 'Ana',
    last_name: 'Rivera',
    birth_date: '1990-05-01',
    phone: '17875550123',
    address: 'Calle Luna 12',
    city: 'San Juan',
    state: 'PR',
    zip_code: '00901',
    preferred_contact: 'email',
    interested_services: ['plumbing'],
    ...overrides,
  };
}

export function providerProfile(overrides: Partial<ProviderProfile> = {}): ProviderProfile {
  return {
    id: 'provider-1',
    company_name: 'Plomería Luis',
    ein: '123456789',
    phone_number: '17875550199',
    business_address: 'Calle Sol 3',
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
    categories: [],
    ...overrides,
  };
}

/** Render `element` at `path` as a signed-in person, with a screen at /elsewhere to leave to. */
export interface RenderOptions {
  user?: Profile;
  path?: string;
  session?: SessionTransport;
}

export function renderSignedIn(element: ReactElement, options: RenderOptions = {}) {
  const user = options.user ?? clientUser;
  const path = options.path ?? '/settings';
  const platform = fakePlatform(options.session);
  setPlatform(platform);
  // Toasts live in sonner's module state: an earlier test's toast must not pass for this one's.
  toast.dismiss();
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user, restoreFailed: false, signedOutByUser: false });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  setActiveQueryClient(queryClient);
  queryClient.setQueryData(profileQueryKey, user);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/elsewhere', element: <h1>elsewhere</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, platform };
}

const unsavedTexts = { title: 'Leave?', message: 'Unsaved.', leave: 'Leave', stay: 'Stay' };

/** One settings section in its frame (skeleton, error boundary) and an unsaved-changes guard. */
export function renderSection(content: ReactElement, options: RenderOptions = {}) {
  return renderSignedIn(
    <UnsavedChangesGuard texts={unsavedTexts}>
      <SettingsSection id="under-test" title="Section under test">
        {content}
      </SettingsSection>
    </UnsavedChangesGuard>,
    options,
  );
}
