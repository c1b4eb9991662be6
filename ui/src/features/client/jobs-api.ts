/**
 * The client's job lists. Their keys sit under `jobKeys.all`, so a live job event refreshes every
 * list, detail and count on these screens.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { jobQueries } from '../../entities/job/api.ts';
import type { JobFilters } from '../../entities/job/api.ts';

export type ClientJobFilters = Omit<JobFilters, 'role' | 'cursor'>;

/** One page of the caller's jobs as a client. */
export function useClientJobs(filters: ClientJobFilters) {
  return useQuery({ ...jobQueries.list({ role: 'client', ...filters }), placeholderData: keepPreviousData, meta: { silent: true } });
}

/** The caller's jobs as a client, page after page ("show more"). */
export function useClientJobPages(filters: ClientJobFilters) {
  return useInfiniteQuery({ ...jobQueries.pages({ role: 'client', ...filters }), placeholderData: keepPreviousData, meta: { silent: true } });
}
