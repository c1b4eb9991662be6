/**
 * Conversations as the ui reads and changes them (SPEC.md §7 "Messaging"): the list with its
 * filters (kept 30 s, SPEC.md §9), one conversation, the unread count of the badges, and the calls
 * that start or change one. Every key starts with `conversationKeys.all`, so one invalidation after
 * a live event refreshes lists, details and badges at once. A conversation's messages are their
 * own entity (`entities/message`).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import type { Conversation, ConversationFilters, ConversationPage, ConversationPatch, NewConversation } from '@resuelve/contract';

export type { Conversation, ConversationFilters, ConversationPage, ConversationPatch, NewConversation };

/** SPEC.md §9: the conversation list is cached 30 s. */
export const conversationListStaleMs = 30_000;

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: ['conversations', 'list'] as const,
  unreadCount: ['conversations', 'unread-count'] as const,
};

const byId = (id: string) => encodeURIComponent(id);

function listQuery(filters: ConversationFilters, cursor: string | null): string {
  const params = new URLSearchParams({ limit: '30' });
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || value === null) continue;
    params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const conversationQueries = {
  /** The caller's conversations matching the filters, most recently active first, page by page. */
  list: (filters: ConversationFilters) =>
    infiniteQueryOptions({
      queryKey: [...conversationKeys.lists, filters] as const,
      queryFn: ({ pageParam, signal }) => apiFetch<ConversationPage>(`/conversations?${listQuery(filters, pageParam)}`, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
      staleTime: conversationListStaleMs,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...conversationKeys.all, 'detail', id] as const,
      queryFn: ({ signal }) => apiFetch<Conversation>(`/conversations/${byId(id)}`, { signal }),
      staleTime: conversationListStaleMs,
    }),
  /** How many messages wait unread across the caller's conversations (the badges). */
  unreadCount: () =>
    queryOptions({
      queryKey: conversationKeys.unreadCount,
      queryFn: ({ signal }) => apiFetch<{ count: number }>('/conversations/unread-count', { signal }).then((res) => res.count),
      staleTime: conversationListStaleMs,
    }),
};

/** Starts a conversation, or answers the open one with the same person (and job). */
export function startConversation(input: NewConversation): Promise<Conversation> {
  return apiFetch<Conversation>('/conversations', { method: 'POST', body: input });
}

export function patchConversation(id: string, patch: ConversationPatch): Promise<Conversation> {
  return apiFetch<Conversation>(`/conversations/${byId(id)}`, { method: 'PATCH', body: patch });
}
