import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { providerQueries } from '../../entities/provider/api.ts';
import type { ProviderSummary } from '../../entities/provider/api.ts';
import { useLocale } from './format.ts';
import { apiQuery } from './search-params.ts';
import type { SearchFilters } from './search-params.ts';

/** Results page by page (keyset cursor); a provider already shown is never listed twice. */
export function useProviderSearch(filters: SearchFilters) {
  const locale = useLocale();
  const query = apiQuery(filters, locale);
  const key = query.toString();
  const search = useInfiniteQuery({
    ...providerQueries.search(locale, key),
    staleTime: 30_000,
    // The screen shows its own error state with a retry.
    meta: { silent: true },
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    const list: ProviderSummary[] = [];
    for (const page of search.data?.pages ?? []) {
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        list.push(item);
      }
    }
    return list;
  }, [search.data]);
  return { ...search, items };
}
