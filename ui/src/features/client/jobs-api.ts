/**
 * The client's job queries and changes. Every key sits under `jobKeys.all`, so a live job event
 * (lib/live.ts invalidates `['jobs']`) refreshes every list, detail and count on these screens.
 */
import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { ApiError, isApiError } from '../../lib/api-error.ts';
import { apiFetch, apiUrl } from '../../lib/api-client.ts';
import { refreshSession } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';
import { fetchJobs, jobKeys } from '../../lib/jobs.ts';
import type { Job, JobFilters, JobTransition } from '../../lib/jobs.ts';

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

/** The words for a failed call: by the server's code when known, else by the kind of failure. */
export function problemText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors:unexpected');
  if (error.status === 0) return t('errors:network_error');
  return t(`errors:${error.code}`, { defaultValue: t('errors:unexpected') });
}

/**
 * One change to a job: on success the answer replaces the shown job and a toast says what
 * happened; on failure the error's words stay where the change was asked; either way every job
 * query refreshes, so a job changed meanwhile by the provider shows its real state.
 */
export function useClientJobChange<T>(change: (input: T) => Promise<unknown>) {
  const { t } = useTranslation(['client-jobs', 'errors']);
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: change, meta: { silent: true } });

  async function run(input: T, done: string): Promise<boolean> {
    setProblem(null);
    try {
      const answer = await mutation.mutateAsync(input);
      if (answer && typeof answer === 'object' && 'allowed_actions' in answer) {
        queryClient.setQueryData(jobKeys.detail((answer as Job).id), answer);
      }
      toast.success(done);
      return true;
    } catch (error) {
      setProblem(problemText(t, error));
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    }
  }

  return { run, problem, pending: mutation.isPending, clearProblem: () => setProblem(null) };
}

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
