/**
 * A conversation's messages as the ui reads them (SPEC.md §7 "Messaging"; kept 5 s, §9). One
 * query per conversation holds every message fetched so far (`Thread`): the first fetch brings the
 * latest page, scrolling up brings older pages (`?before=`), and every later fetch (a live event,
 * a reconnection, the screen shown again) asks only for what came after the last message held
 * (`?after=`), so nothing missed while the socket was away is lost and nothing shows twice.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, apiFileHref } from '../../lib/api-client.ts';
import { firstMessageId, lastMessageId, withMessages, type Thread } from './thread.ts';
import type { AutoReply, Message, MessageAllowance, MessagePage, MessagesRead } from '@resuelve/contract';

export type { AutoReply, Message, MessageAllowance, MessagesRead, Thread };

/** SPEC.md §9: messages are cached 5 s. */
export const messagesStaleMs = 5_000;
/** Messages per page when opening a chat or scrolling up. */
export const messagePageSize = 50;
/** Messages per request when catching up (500 missed messages come in one request). */
const catchUpPageSize = 500;

export const messageKeys = {
  all: ['messages'] as const,
  threads: ['messages', 'thread'] as const,
  limits: ['messages', 'limits'] as const,
  autoReply: ['messages', 'auto-reply'] as const,
};

const byId = (id: string) => encodeURIComponent(id);

function fetchPage(conversationId: string, params: Record<string, string>, signal?: AbortSignal): Promise<MessagePage> {
  const query = new URLSearchParams(params).toString();
  return apiFetch<MessagePage>(`/conversations/${byId(conversationId)}/messages?${query}`, { signal });
}

/** Everything after `afterId`, page after page. */
async function fetchAfter(conversationId: string, afterId: string, signal?: AbortSignal): Promise<Message[]> {
  const found: Message[] = [];
  let after = afterId;
  for (;;) {
    const page = await fetchPage(conversationId, { after, limit: String(catchUpPageSize) }, signal);
    found.push(...page.items);
    if (!page.next_cursor || page.items.length === 0) return found;
    after = page.next_cursor;
  }
}

/** The latest page, or, when messages are already held, what came after the last of them. */
async function loadThread(conversationId: string, held: Thread | undefined, signal?: AbortSignal): Promise<Thread> {
  const last = lastMessageId(held);
  if (held && last) return withMessages(held, await fetchAfter(conversationId, last, signal));
  const page = await fetchPage(conversationId, { limit: String(messagePageSize) }, signal);
  return withMessages({ items: [], hasOlder: page.next_cursor !== null }, page.items);
}

export const messageQueries = {
  thread: (conversationId: string) =>
    queryOptions({
      queryKey: [...messageKeys.threads, conversationId] as const,
      queryFn: ({ client, queryKey, signal }) => loadThread(conversationId, client.getQueryData<Thread>(queryKey), signal),
      staleTime: messagesStaleMs,
    }),
  /** How many messages the caller may still send this hour and today (SPEC.md §9: 20 and 50). */
  limits: () =>
    queryOptions({
      queryKey: messageKeys.limits,
      queryFn: ({ signal }) => apiFetch<MessageAllowance>('/messages/limits', { signal }),
      staleTime: messagesStaleMs,
    }),
  /** The provider's automatic reply (a provider setting). */
  autoReply: () =>
    queryOptions({
      queryKey: messageKeys.autoReply,
      queryFn: ({ signal }) => apiFetch<AutoReply>('/providers/me/auto-reply', { signal }),
    }),
};

export function saveAutoReply(reply: AutoReply): Promise<AutoReply> {
  return apiFetch<AutoReply>('/providers/me/auto-reply', { method: 'PUT', body: reply });
}

const threadKey = (conversationId: string) => messageQueries.thread(conversationId).queryKey;

/** Puts messages (a send's answer, a live arrival) into their conversation's thread, if it is held. */
export function addToThread(queryClient: QueryClient, conversationId: string, messages: Message[]): void {
  queryClient.setQueryData<Thread>(threadKey(conversationId), (thread) => (thread ? withMessages(thread, messages) : thread));
}

/** Asks for what came after the last message held (a live event, a reconnection); nothing when the thread is not held. */
export async function catchUpThread(queryClient: QueryClient, conversationId: string): Promise<void> {
  const held = queryClient.getQueryData<Thread>(threadKey(conversationId));
  const last = lastMessageId(held);
  if (!held || !last) {
    await queryClient.invalidateQueries({ queryKey: threadKey(conversationId) });
    return;
  }
  const found = await fetchAfter(conversationId, last);
  addToThread(queryClient, conversationId, found);
}

/** Every conversation whose thread is held (a reconnection catches each up). */
export function heldThreads(queryClient: QueryClient): string[] {
  return queryClient
    .getQueriesData<Thread>({ queryKey: messageKeys.threads })
    .map(([key]) => key[key.length - 1])
    .filter((id): id is string => typeof id === 'string');
}

/** Scrolling up: the page before the first message held. */
export async function loadOlderMessages(queryClient: QueryClient, conversationId: string): Promise<void> {
  const held = queryClient.getQueryData<Thread>(threadKey(conversationId));
  const first = firstMessageId(held);
  if (!held || !first || !held.hasOlder) return;
  const page = await fetchPage(conversationId, { before: first, limit: String(messagePageSize) });
  queryClient.setQueryData<Thread>(threadKey(conversationId), (thread) => {
    const merged = withMessages(thread, page.items);
    return { ...merged, hasOlder: page.next_cursor !== null };
  });
}

/** POST /messages/{id}/read: this message and every earlier one of the conversation are read. */
export function markMessageRead(messageId: string): Promise<MessagesRead> {
  return apiFetch<MessagesRead>(`/messages/${byId(messageId)}/read`, { method: 'POST', body: {} });
}

/** The sender corrects the text of their own message (it shows as edited). */
export function editMessage(messageId: string, text: string): Promise<Message> {
  return apiFetch<Message>(`/messages/${byId(messageId)}`, { method: 'PATCH', body: { text } });
}

/** The sender deletes their own message: it stays in its place as a trace. */
export function deleteMessage(messageId: string): Promise<Message> {
  return apiFetch<Message>(`/messages/${byId(messageId)}`, { method: 'DELETE' });
}

/** One message, sent with the Idempotency-Key made before its first try (a retry never sends it twice). */
export function postMessage(conversationId: string, text: string, idempotencyKey: string): Promise<Message> {
  return apiFetch<Message>(`/conversations/${byId(conversationId)}/messages`, {
    method: 'POST',
    body: { text },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A message with a file (POST /messages/upload, multipart), with its Idempotency-Key too. */
export function uploadMessage(conversationId: string, file: File, text: string, idempotencyKey: string): Promise<Message> {
  const body = new FormData();
  body.append('conversation_id', conversationId);
  if (text) body.append('text', text);
  body.append('file', file, file.name);
  return apiFetch<Message>('/messages/upload', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * Where an attachment is read: its address is signed by the api (an <img> sends no bearer token)
 * and starts at the api's root, which the desktop reaches at its configured origin.
 */
export function attachmentHref(url: string): string {
  return apiFileHref(url);
}
