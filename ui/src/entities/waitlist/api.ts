/**
 * The waitlist as the ui reads and changes it: signing up and confirming (visitors), and the
 * administration (admins): the list with its filters, the figures, changes, deletes and the CSV.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { WaitlistPage, WaitlistRole, WaitlistSignup, WaitlistSignupChanges, WaitlistSignupInput, WaitlistStats } from '@resuelve/contract';
import { apiFetch, apiUrl } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-store.ts';

export type { WaitlistPage, WaitlistRole, WaitlistSignup, WaitlistSignupChanges, WaitlistSignupInput, WaitlistStats };

export const waitlistKeys = {
  all: ['waitlist'] as const,
};

export interface WaitlistFilters {
  role?: WaitlistRole | '';
  verified?: 'true' | 'false' | '';
  q?: string;
}

/** The query string of the filters (empty ones left out), with a page when given. */
export function waitlistQueryString(filters: WaitlistFilters, page?: { limit: number; offset: number }): string {
  const params = new URLSearchParams();
  if (filters.role) params.set('role', filters.role);
  if (filters.verified) params.set('verified', filters.verified);
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (page) {
    params.set('limit', String(page.limit));
    if (page.offset) params.set('offset', String(page.offset));
  }
  return params.toString();
}

export const waitlistQueries = {
  signups: (filters: WaitlistFilters, page: { limit: number; offset: number }) =>
    queryOptions({
      queryKey: [...waitlistKeys.all, 'signups', filters, page] as const,
      queryFn: ({ signal }) => apiFetch<WaitlistPage>(`/waitlist/signups?${waitlistQueryString(filters, page)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  stats: () =>
    queryOptions({
      queryKey: [...waitlistKeys.all, 'stats'] as const,
      queryFn: ({ signal }) => apiFetch<WaitlistStats>('/waitlist/stats', { signal }),
    }),
};

export function joinWaitlist(input: WaitlistSignupInput): Promise<{ received: true }> {
  return apiFetch('/waitlist/signup', { method: 'POST', body: input, auth: false });
}

export function confirmWaitlist(token: string): Promise<{ verified: true }> {
  return apiFetch('/waitlist/verify', { method: 'POST', body: { token }, auth: false });
}

export function changeSignup(id: string, changes: WaitlistSignupChanges): Promise<WaitlistSignup> {
  return apiFetch(`/waitlist/signups/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function deleteSignup(id: string): Promise<void> {
  return apiFetch(`/waitlist/signups/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

async function fetchCsv(path: string): Promise<Response> {
  const token = useSession.getState().accessToken;
  return fetch(apiUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
}

/**
 * GET /waitlist/signups/export as a file the browser saves. The answer is CSV, not JSON, so it is
 * fetched here; an access token that expired meanwhile is renewed by one JSON call, then it retries.
 */
export async function downloadWaitlistCsv(filters: WaitlistFilters): Promise<void> {
  const path = `/waitlist/signups/export?${waitlistQueryString(filters)}`;
  let response = await fetchCsv(path);
  if (response.status === 401) {
    await apiFetch('/waitlist/stats');
    response = await fetchCsv(path);
  }
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status, response.status === 403 ? 'forbidden' : `http_${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'waitlist.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
