/**
 * Loyalty as the ui reads and changes it (decision record 0025): the client's points, tier and
 * ledger, a job's client tier and reward, the provider's reward offer. The keys sit under
 * `jobKeys.all` (decision 0016 §5): a job's completion and a review's change (whose refresh
 * includes the jobs' keys) move the points, so those refreshes reach them.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { JobLoyalty, LoyaltyReward, LoyaltySummary } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { jobKeys } from '../job/api.ts';

export type { JobLoyalty, LoyaltyEntry, LoyaltyReward, LoyaltySummary, LoyaltyTier } from '@resuelve/contract';

export const loyaltyKeys = {
  all: [...jobKeys.all, 'loyalty'] as const,
  reward: ['loyalty-reward'] as const,
};

const pageSize = 10;

export const loyaltyQueries = {
  /** GET /loyalty/me; each page repeats the balance and tier, the ledger continues page by page. */
  mine: () =>
    infiniteQueryOptions({
      queryKey: [...loyaltyKeys.all, 'me'] as const,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ limit: String(pageSize) });
        if (pageParam) params.set('cursor', pageParam);
        return apiFetch<LoyaltySummary>(`/loyalty/me?${params.toString()}`, { signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last: LoyaltySummary) => last.ledger.next_cursor,
    }),
  /** GET /loyalty/jobs/{id}: the client's tier and whether the provider's reward applies. */
  ofJob: (jobId: string) =>
    queryOptions({
      queryKey: [...loyaltyKeys.all, 'job', jobId] as const,
      queryFn: ({ signal }) => apiFetch<JobLoyalty>(`/loyalty/jobs/${encodeURIComponent(jobId)}`, { signal }),
    }),
  /** GET /loyalty/rewards: the rewards of these providers (cards and profiles), by provider id. */
  rewardsOf: (providerIds: string[]) =>
    queryOptions({
      queryKey: [...loyaltyKeys.reward, 'of', [...providerIds].sort().join(',')] as const,
      queryFn: async ({ signal }) => {
        const { items } = await apiFetch<{ items: (LoyaltyReward & { provider_id: string })[] }>(
          `/loyalty/rewards?provider_ids=${providerIds.join(',')}`,
          { signal, auth: false },
        );
        // Pairs, not a Map: a server-rendered page carries its answers as JSON (docs/decisions/0034).
        return items.map(({ provider_id, ...reward }): [string, LoyaltyReward] => [provider_id, reward]);
      },
      enabled: providerIds.length > 0,
    }),
  /** GET /providers/me/reward: the signed-in provider's offer. */
  myReward: () =>
    queryOptions({
      queryKey: [...loyaltyKeys.reward, 'mine'] as const,
      queryFn: ({ signal }) => apiFetch<{ reward: LoyaltyReward | null }>('/providers/me/reward', { signal }),
    }),
};

export function setReward(reward: LoyaltyReward): Promise<{ reward: LoyaltyReward }> {
  return apiFetch('/providers/me/reward', { method: 'PUT', body: reward });
}

export function removeReward(): Promise<void> {
  return apiFetch('/providers/me/reward', { method: 'DELETE' });
}
