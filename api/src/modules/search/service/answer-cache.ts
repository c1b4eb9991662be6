/**
 * Answers of GET /providers kept for a few seconds (decision record 0014). Visitors ask the same
 * searches again and again (the landing page's categories, a shared link, paging back); the same
 * query within `SEARCH_CACHE_SECONDS` is answered from memory, and identical searches arriving
 * together run once. The cards are public and the same for everyone, so nothing personal is kept.
 * Nothing another process needs lives here: a stale card lasts at most the time to live, and
 * the booking screens always read free slots fresh.
 */
import { LRUCache } from 'lru-cache';
import type { SearchParams } from './search.ts';

/** Answers kept as the JSON sent (search.ts's searchProvidersJson): a kept answer is not serialized again. */
export interface SearchAnswers {
  get(params: SearchParams, search: () => Promise<string>): Promise<string>;
}

const maxAnswers = 2000;

export function createSearchAnswers(seconds: number): SearchAnswers {
  if (seconds <= 0) return { get: (_params, search) => search() };
  const cache = new LRUCache<string, string, () => Promise<string>>({
    max: maxAnswers,
    ttl: seconds * 1000,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    // joi has already turned the query into one shape (types, defaults), so equal searches are equal keys.
    get: async (params, search) => (await cache.fetch(JSON.stringify(params), { context: search }))!,
  };
}
