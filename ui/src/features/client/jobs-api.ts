/**
 * The client's job queries. Every key sits under `jobKeys.all`, so a live job event
 * (lib/live.ts invalidates `['jobs']`) refreshes every list, detail and count on these screens.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { fetchJobs, jobKeys } from '../../lib/jobs.ts';
import type { JobFilters, JobTransition } from '../../lib/jobs.ts';

export type ClientJobFilters = Omit<JobFilters, 'role' | 'cursor'>;

/** One page of the caller's jobs as a client. */
export function useClientJobs(filters: ClientJobFilters) {
  const full: JobFilters = { role: 'client', ...filters };
  return useQuery({
    queryKey: jobKeys.list(full),
    queryFn: ({ signal }) => fetchJobs(full, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** The caller's jobs as a client, page after page ("show more"). */
export function useClientJobPages(filters: ClientJobFilters) {
  const full: JobFilters = { role: 'client', ...filters };
  return useInfiniteQuery({
    queryKey: [...jobKeys.list(full), 'pages'],
    queryFn: ({ pageParam, signal }) => fetchJobs({ ...full, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** Who moved a job from which status to which, and when (GET /jobs/{id}/history). */
export function fetchJobHistory(id: string, signal?: AbortSignal): Promise<{ items: JobTransition[] }> {
  return apiFetch<{ items: JobTransition[] }>(`/jobs/${encodeURIComponent(id)}/history`, { signal });
}

export { problemText } from '../../lib/api-error.ts';
