import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { queryPolicy, retryDelayMs } from '@resuelve/contract';
import { statusOf } from '../lib/api-error.ts';
import { reportApiError } from '../lib/error-toasts.ts';
import type { ErrorMeta } from '../lib/error-toasts.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/**
 * SPEC.md §9: 4xx are not retried, except 408 and 429 (up to 2 retries); 5xx and no answer
 * (status 0) up to 3 retries. A 401 was already handled by the api client (refresh, then sign-out).
 * `failureCount` is how many times the query already failed before this one.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status >= 400 && status < 500) {
    return queryPolicy.retryableClientStatuses.includes(status) && failureCount < queryPolicy.clientErrorMaxTries;
  }
  return failureCount < queryPolicy.serverErrorMaxTries;
}

/** Mutations change things: only a 5xx is retried, once, after 2 s. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return statusOf(error) >= 500 && failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportApiError(error, 'query', query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportApiError(error, 'mutation', mutation.meta),
    }),
    defaultOptions: {
      queries: {
        // Offline (or the api unreachable, lib/connection.ts) a query pauses and keeps what it has;
        // screens say "saved data" or "will load when the connection returns" (decision 0029).
        networkMode: 'online',
        retry: shouldRetryQuery,
        retryDelay: (attemptIndex) => retryDelayMs(attemptIndex),
        staleTime: queryPolicy.staleTimeMs,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: {
        // A change never waits unseen for the connection ("Sending…" then sent silently): it fails
        // at once and says so, or, where the screen offers it, joins a visible queue (decision 0029).
        networkMode: 'always',
        retry: shouldRetryMutation,
        retryDelay: queryPolicy.mutationRetryDelayMs,
      },
    },
  });
}

/** Back online: one second later, retry the queries that failed while offline (SPEC.md §9). */
export function retryFailedOnReconnect(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = onlineManager.subscribe((online) => {
    clearTimeout(timer);
    if (!online) return;
    timer = setTimeout(() => {
      void client.refetchQueries({ predicate: (q) => q.state.status === 'error' });
    }, queryPolicy.reconnectRetryMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
