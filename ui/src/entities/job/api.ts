/**
 * Jobs as the ui reads and changes them (SPEC.md §7 "Jobs", "Time extensions"), for the client's
 * screens and the provider's console alike: each read is one `queryOptions` (its key and its
 * fetcher together), each change one call. Every key starts with `jobKeys.all`, so one
 * invalidation after a change or a live event refreshes lists, details, stats and badges at once.
 * Every job carries `allowed_actions`: screens show a button only for an action listed there and
 * never decide transitions themselves (DESIGN.md §5).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { awaitingProviderStatuses } from '@resuelve/contract';
import type {
  CancellationPreview,
  Job,
  JobFilters,
  JobPage,
  JobPatch,
  JobStatus,
  JobTimeExtension,
  JobTransition,
  NewBooking,
  NewContinuation,
  NewProviderJob,
  OnMyWayRequest,
  ProviderStats,
} from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

export type { Job, JobFilters, JobPage, JobPatch, JobStatus, JobTimeExtension, JobTransition, NewBooking, NewContinuation, NewProviderJob, ProviderStats };

/** Invalidate `jobKeys.all` after any change: every job query below (and free slots, clients) sits under it. */
export const jobKeys = {
  all: ['jobs'] as const,
};

function filterQuery(filters: JobFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function fetchJobs(filters: JobFilters, signal?: AbortSignal): Promise<JobPage> {
  return apiFetch<JobPage>(`/jobs${filterQuery(filters)}`, { signal });
}

/** Every job of the caller starting in [from, to) (GET /jobs/list, at most 62 days). */
function fetchJobsInRange(from: string, to: string, signal?: AbortSignal): Promise<Job[]> {
  const params = new URLSearchParams({ from, to });
  return apiFetch<{ items: Job[] }>(`/jobs/list?${params.toString()}`, { signal }).then((res) => res.items);
}

/** The provider's jobs in some statuses, soonest first (one page is enough for a console list). */
function fetchProviderJobs(status: JobStatus[], range: { from?: string; to?: string }, signal?: AbortSignal): Promise<Job[]> {
  return fetchJobs({ role: 'provider', status, order: 'asc', limit: 50, ...range }, signal).then((page) => page.items);
}

const byId = (id: string) => encodeURIComponent(id);

export const jobQueries = {
  /** One page of the caller's jobs. */
  list: (filters: JobFilters) =>
    queryOptions({ queryKey: [...jobKeys.all, 'list', filters] as const, queryFn: ({ signal }) => fetchJobs(filters, signal) }),
  /** The caller's jobs page after page ("show more"), by keyset cursor. */
  pages: (filters: Omit<JobFilters, 'cursor'>) =>
    infiniteQueryOptions({
      queryKey: [...jobKeys.all, 'list', filters, 'pages'] as const,
      queryFn: ({ pageParam, signal }) => fetchJobs({ ...filters, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
    }),
  detail: (id: string) =>
    queryOptions({ queryKey: [...jobKeys.all, 'detail', id] as const, queryFn: ({ signal }) => apiFetch<Job>(`/jobs/${byId(id)}`, { signal }) }),
  /** Every session of the plan a job belongs to (GET /jobs/{id}/sessions). */
  sessions: (id: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'sessions', id] as const,
      queryFn: ({ signal }) => apiFetch<{ items: Job[] }>(`/jobs/${byId(id)}/sessions`, { signal }),
    }),
  /** What the client cancelling now costs (GET /jobs/{id}/cancellation), read fresh each time the dialog opens. */
  cancellation: (id: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'cancellation', id] as const,
      queryFn: ({ signal }) => apiFetch<CancellationPreview>(`/jobs/${byId(id)}/cancellation`, { signal }),
      staleTime: 0,
      gcTime: 0,
    }),
  /** Who moved a job from which status to which, and when (GET /jobs/{id}/history). */
  history: (id: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'history', id] as const,
      queryFn: ({ signal }) => apiFetch<{ items: JobTransition[] }>(`/jobs/${byId(id)}/history`, { signal }),
    }),
  /** A job's requests for more time and their answers. */
  extensions: (id: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'extensions', id] as const,
      queryFn: ({ signal }) => apiFetch<{ items: JobTimeExtension[] }>(`/job-time-extensions/job/${byId(id)}`, { signal }),
    }),
  /** The provider's counts and earnings (GET /providers/me/stats); they move with every job. */
  providerStats: () =>
    queryOptions({
      queryKey: [...jobKeys.all, 'provider-stats'] as const,
      queryFn: ({ signal }) => apiFetch<ProviderStats>('/providers/me/stats', { signal }),
    }),
  /** Every job of the caller starting in [from, to): the provider's calendar and a day's conflicts. */
  inRange: (from: string, to: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'provider', 'range', from, to] as const,
      queryFn: ({ signal }) => fetchJobsInRange(from, to, signal),
    }),
  /**
   * Requests waiting for the provider's answer: new ones and those the client asked to change; not
   * a quote accepted whose deposit the client is paying (it waits on the client).
   */
  providerRequests: () =>
    queryOptions({
      queryKey: [...jobKeys.all, 'provider', 'requests'] as const,
      queryFn: ({ signal }) => fetchProviderJobs([...awaitingProviderStatuses], {}, signal).then((jobs) => jobs.filter((job) => job.deposit?.state !== 'due')),
    }),
  /** The provider's booked jobs starting in [from, to). */
  providerUpcoming: (from: string, to: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'provider', 'window', from, to] as const,
      queryFn: ({ signal }) => fetchProviderJobs(['upcoming'], { from, to }, signal),
    }),
  /** The provider's jobs running now. */
  providerInProgress: () =>
    queryOptions({
      queryKey: [...jobKeys.all, 'provider', 'in-progress'] as const,
      queryFn: ({ signal }) => fetchProviderJobs(['in_progress'], {}, signal),
    }),
};

/** One Idempotency-Key per booking attempt: a retried request never books twice. */
export function bookJob(booking: NewBooking, idempotencyKey: string): Promise<Job> {
  return apiFetch<Job>('/jobs', { method: 'POST', body: booking, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function createJobForClient(job: NewProviderJob): Promise<Job> {
  return apiFetch<Job>('/jobs/provider-create', { method: 'POST', body: job });
}

export function proposeContinuation(continuation: NewContinuation): Promise<Job> {
  return apiFetch<Job>('/jobs/continuation', { method: 'POST', body: continuation });
}

export function patchJob(id: string, patch: JobPatch): Promise<Job> {
  return apiFetch<Job>(`/jobs/${byId(id)}`, { method: 'PATCH', body: patch });
}

export function startJob(id: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${byId(id)}/start`, { method: 'POST', body: {} });
}

/** POST /jobs/{id}/on-my-way: the provider is on their way, arriving in minutes or at a time of today (contract on-my-way.ts). */
export function sayOnMyWay(id: string, arrival: OnMyWayRequest): Promise<Job> {
  return apiFetch<Job>(`/jobs/${byId(id)}/on-my-way`, { method: 'POST', body: arrival });
}

export function endJob(id: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${byId(id)}/end`, { method: 'POST', body: {} });
}

export function markReviewPromptShown(id: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${byId(id)}/review-prompt-shown`, { method: 'PATCH', body: {} });
}

export function requestTimeExtension(jobId: string, additionalHours: number, reason?: string): Promise<JobTimeExtension> {
  return apiFetch<JobTimeExtension>('/job-time-extensions', {
    method: 'POST',
    body: { job_id: jobId, additional_hours: additionalHours, ...(reason ? { reason } : {}) },
  });
}

export function answerTimeExtension(id: string, status: 'approved' | 'declined'): Promise<JobTimeExtension> {
  return apiFetch<JobTimeExtension>(`/job-time-extensions/${byId(id)}`, { method: 'PUT', body: { status } });
}
