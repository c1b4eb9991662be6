/**
 * The waitlist as the ui reads and changes it: signing up and confirming (visitors), and the
 * administration (admins): the list with its filters, the figures, changes, deletes and the CSV.
 */
import { downloadApiFile } from '../../lib/download.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { WaitlistPage, WaitlistRole, WaitlistSignup, WaitlistSignupChanges, WaitlistSignupInput, WaitlistStats } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

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

/** GET /waitlist/signups/export as a file the browser saves, named as the api names it (lib/download.ts). */
export function downloadWaitlistCsv(filters: WaitlistFilters): Promise<void> {
  return downloadApiFile(`/waitlist/signups/export?${waitlistQueryString(filters)}`, 'waitlist.csv', { serverName: true });
}
