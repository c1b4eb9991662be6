import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** A query a screen shows that is still on its first load: no answer yet, one on the way. */
function onFirstLoad(query: Query): boolean {
  return query.state.data === undefined && query.state.fetchStatus === 'fetching' && query.isActive();
}

/**
 * Refreshes what a change made elsewhere touched (a live event, a payment read back): every query
 * under `queryKey` is marked stale and the shown ones are asked again.
 *
 * A query still on its first load asked before the change, so its answer may not hold it, and
 * TanStack Query folds an invalidation into a load in flight rather than asking again: the screen
 * would keep the older answer until the next event (the console's badge said no request waited
 * while the notification of one had just shown). Those loads are cancelled and asked again.
 */
export async function refreshQueries(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  if (queryClient.getQueryCache().findAll({ queryKey, predicate: onFirstLoad }).length > 0) {
    await queryClient.cancelQueries({ queryKey, predicate: onFirstLoad });
  }
  await queryClient.invalidateQueries({ queryKey });
}
