/**
 * The signed-in provider's response time (issue 30): GET /providers/me/response-time. Its key sits
 * under `jobKeys.all`, so every job change and live job event refreshes it with the job lists: an
 * answer moves the figure and the requests waiting.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ResponseTimeSummary } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { jobKeys } from '../job/api.ts';

export const responseTimeQuery = () =>
  queryOptions({
    queryKey: [...jobKeys.all, 'response-time'] as const,
    queryFn: ({ signal }) => apiFetch<ResponseTimeSummary>('/providers/me/response-time', { signal }),
  });
