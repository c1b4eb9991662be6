/** The site's figures the landing page shows (GET /analytics/website-stats, kept 5 minutes by the server). */
import { queryOptions } from '@tanstack/react-query';
import { websiteStatsCacheSeconds, type WebsiteStats } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

export type { WebsiteStats };

export const analyticsQueries = {
  websiteStats: () =>
    queryOptions({
      queryKey: ['analytics', 'website-stats'] as const,
      queryFn: ({ signal }) => apiFetch<WebsiteStats>('/analytics/website-stats', { signal, auth: false }),
      staleTime: websiteStatsCacheSeconds * 1000,
    }),
};
