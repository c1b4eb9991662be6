/**
 * The development outbox (GET /dev/outbox): the emails and texts the api would have sent, for a
 * developer to follow verification links without a mail server. The api answers 404 in production.
 */
import { queryOptions } from '@tanstack/react-query';
import type { OutboxMessage } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

export type { OutboxMessage };

const outboxKey = ['dev', 'outbox'] as const;

export const outboxQueries = {
  /** Every address's outbox: what a reply to a text makes stale (an answer to STOP may arrive). */
  all: outboxKey,
  /** What the outbox holds for an address (all addresses when empty), newest first. */
  messages: (to: string) =>
    queryOptions({
      queryKey: [...outboxKey, to] as const,
      queryFn: ({ signal }) => {
        const query = to ? `?${new URLSearchParams({ to }).toString()}` : '';
        return apiFetch<{ items: OutboxMessage[] }>(`/dev/outbox${query}`, { auth: false, signal });
      },
    }),
};
