/**
 * Calls and query keys of jobs (SPEC.md §7 "Jobs", "Time extensions"), shared by the client's and
 * the provider's screens. Every job carries `allowed_actions`: screens show a button only for an
 * action listed there and never decide transitions themselves (DESIGN.md §5).
 */
import type {
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
  ProviderStats,
} from '@resuelve/contract';
import { apiFetch } from './api-client.ts';

export type { Job, JobFilters, JobPage, JobPatch, JobStatus, JobTimeExtension, JobTransition, NewBooking, NewContinuation, NewProviderJob, ProviderStats };

/** Invalidate `jobKeys.all` after any change: lists, details, stats and badges follow. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (filters: JobFilters) => ['jobs', 'list', filters] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
  sessions: (id: string) => ['jobs', 'sessions', id] as const,
  history: (id: string) => ['jobs', 'history', id] as const,
  extensions: (id: string) => ['jobs', 'extensions', id] as const,
  stats: ['jobs', 'provider-stats'] as const,
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

export function fetchJobs(filters: JobFilters, signal?: AbortSignal): Promise<JobPage> {
  return apiFetch<JobPage>(`/jobs${filterQuery(filters)}`, { signal });
}

export function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}`, { signal });
}

export function fetchJobSessions(id: string, signal?: AbortSignal): Promise<{ items: Job[] }> {
  return apiFetch<{ items: Job[] }>(`/jobs/${encodeURIComponent(id)}/sessions`, { signal });
}

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
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function startJob(id: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}/start`, { method: 'POST', body: {} });
}

export function endJob(id: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}/end`, { method: 'POST', body: {} });
}

export function markReviewPromptShown(id: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}/review-prompt-shown`, { method: 'PATCH', body: {} });
}

export function fetchProviderStats(signal?: AbortSignal): Promise<ProviderStats> {
  return apiFetch<ProviderStats>('/providers/me/stats', { signal });
}

export function requestTimeExtension(jobId: string, additionalHours: number, reason?: string): Promise<JobTimeExtension> {
  return apiFetch<JobTimeExtension>('/job-time-extensions', {
    method: 'POST',
    body: { job_id: jobId, additional_hours: additionalHours, ...(reason ? { reason } : {}) },
  });
}

export function fetchTimeExtensions(jobId: string, signal?: AbortSignal): Promise<{ items: JobTimeExtension[] }> {
  return apiFetch<{ items: JobTimeExtension[] }>(`/job-time-extensions/job/${encodeURIComponent(jobId)}`, { signal });
}

export function answerTimeExtension(id: string, status: 'approved' | 'declined'): Promise<JobTimeExtension> {
  return apiFetch<JobTimeExtension>(`/job-time-extensions/${encodeURIComponent(id)}`, { method: 'PUT', body: { status } });
}
