/**
 * Calls and query keys of the provider's dashboard, job requests and calendar (SPEC.md §2, §7).
 * The jobs calls themselves live in lib/jobs.ts; this file holds what only the provider's screens
 * ask. Everything a job change can move (free slots, the day's conflicts) is keyed under ['jobs', …],
 * so the live updates that invalidate `jobKeys.all` refresh it too.
 */
import type { DayAvailability, ProviderProfile } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { fetchJobs } from '../../lib/jobs.ts';
import type { Job, JobStatus } from '../../lib/jobs.ts';

/** One day's free slots of the provider (GET /providers/me/availability). */
export type DaySlots = DayAvailability;

/** The provider's own record, with the hourly rate jobs-api adds (decision record 0013). */
export interface OwnProvider extends ProviderProfile {
  hourly_rate_cents?: number | null;
}

/** A client of the provider (GET /clients: only clients they have a job with). */
export interface ClientRecord {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  address: string | null;
  city: string | null;
}

export const providerJobKeys = {
  /** The provider's own record, shared with the settings screens (not moved by job events). */
  own: ['providers', 'me', 'profile'] as const,
  range: (from: string, to: string) => ['jobs', 'provider', 'range', from, to] as const,
  availability: (date: string, minutes: number) => ['jobs', 'provider', 'availability', date, minutes] as const,
  requests: ['jobs', 'provider', 'requests'] as const,
  window: (from: string, to: string) => ['jobs', 'provider', 'window', from, to] as const,
  inProgress: ['jobs', 'provider', 'in-progress'] as const,
  clients: (q: string) => ['jobs', 'provider', 'clients', q] as const,
};

export function fetchOwnProvider(signal?: AbortSignal): Promise<OwnProvider> {
  return apiFetch<OwnProvider>('/providers/me', { signal });
}

export function fetchOwnAvailability(date: string, minutes: number, signal?: AbortSignal): Promise<DaySlots> {
  return apiFetch<DaySlots>(`/providers/me/availability?date=${date}&duration=${minutes}`, { signal });
}

/** Every job of the caller starting in [from, to) (GET /jobs/list, at most 62 days). */
export function fetchJobsInRange(from: string, to: string, signal?: AbortSignal): Promise<Job[]> {
  const params = new URLSearchParams({ from, to });
  return apiFetch<{ items: Job[] }>(`/jobs/list?${params.toString()}`, { signal }).then((res) => res.items);
}

/** The provider's jobs in some statuses, soonest first (one page is enough for a dashboard list). */
export function fetchProviderJobs(status: JobStatus[], range: { from?: string; to?: string } = {}, signal?: AbortSignal): Promise<Job[]> {
  return fetchJobs({ role: 'provider', status, order: 'asc', limit: 50, ...range }, signal).then((page) => page.items);
}

export function fetchClients(q: string, signal?: AbortSignal): Promise<ClientRecord[]> {
  const params = new URLSearchParams({ limit: '20' });
  if (q) params.set('q', q);
  return apiFetch<{ items: ClientRecord[] }>(`/clients?${params.toString()}`, { signal }).then((res) => res.items);
}

export function saveHourlyRate(cents: number | null): Promise<OwnProvider> {
  return apiFetch<OwnProvider>('/providers/me', { method: 'PATCH', body: { hourly_rate_cents: cents } });
}

export function clientName(client: Pick<ClientRecord, 'display_name' | 'first_name' | 'last_name' | 'email'>): string {
  return client.display_name || [client.first_name, client.last_name].filter(Boolean).join(' ') || client.email;
}
