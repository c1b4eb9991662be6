import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

export const outboxQueryKey = (to: string) => ['dev', 'outbox', to] as const;

export function fetchOutbox(to: string, signal?: AbortSignal): Promise<{ items: OutboxMessage[] }> {
  const query = to ? `?${new URLSearchParams({ to }).toString()}` : '';
  return apiFetch<{ items: OutboxMessage[] }>(`/dev/outbox${query}`, { auth: false, signal });
}

/** What the outbox holds for an address (all addresses when empty), newest first; refreshed while open. */
export function useOutbox(to: string) {
  return useQuery({
    queryKey: outboxQueryKey(to),
    queryFn: ({ signal }) => fetchOutbox(to, signal),
    // A developer waiting for a verification email should see it arrive without reloading.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5000),
  });
}
