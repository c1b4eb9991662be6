import { useQuery } from '@tanstack/react-query';
import { outboxQueries } from '../../entities/outbox/api.ts';

/** What the outbox holds for an address (all addresses when empty), newest first; refreshed while open. */
export function useOutbox(to: string) {
  return useQuery({
    ...outboxQueries.messages(to),
    // A developer waiting for a verification email should see it arrive without reloading.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5000),
  });
}
