/**
 * The client's job queries. Every key sits under `jobKeys.all`, so a live job event
 * (lib/live.ts invalidates `['jobs']`) refreshes every list, detail and count on these screens.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error.ts';
import { apiFetch, apiUrl } from '../../lib/api-client.ts';
import { refreshSession } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';
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

/**
 * "Add to calendar": GET /jobs/{id}/ics needs the bearer token, which a plain link can not carry,
 * so the file is fetched (refreshing an expired token once) and handed to the browser as a download.
 */
export async function downloadJobCalendar(id: string): Promise<void> {
  const path = `/jobs/${encodeURIComponent(id)}/ics`;
  const send = () => {
    const token = useSession.getState().accessToken;
    return fetch(apiUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  };
  let response = await send().catch(() => null);
  if (response?.status === 401 && (await refreshSession().catch(() => false))) response = await send().catch(() => null);
  if (!response) throw new ApiError('Network error or server unavailable', 0, 'network_error');
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    throw new ApiError(`HTTP ${response.status}`, response.status, body?.code ?? `http_${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `resuelve-${id.slice(0, 8)}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
