import { useQueries } from '@tanstack/react-query';
import { loyaltyQueries, type LoyaltyReward } from './api.ts';

const chunk = 50;

/** The loyalty rewards of these providers by id, 50 ids a call (the api's limit); empty while loading or failing. */
export function useProviderRewards(providerIds: string[]): Map<string, LoyaltyReward> {
  const chunks: string[][] = [];
  for (let i = 0; i < providerIds.length; i += chunk) chunks.push(providerIds.slice(i, i + chunk));
  return useQueries({
    queries: chunks.map((ids) => ({ ...loyaltyQueries.rewardsOf(ids), meta: { silent: true } })),
    combine: (results) => {
      const all = new Map<string, LoyaltyReward>();
      for (const result of results) for (const [id, reward] of result.data ?? []) all.set(id, reward);
      return all;
    },
  });
}
