/**
 * One's own messages on their way (DESIGN.md §8): each gets its Idempotency-Key when written,
 * before the first try, and keeps it through every retry, so a send that timed out and is tried
 * again never makes a second message. A conversation's messages go one at a time, in the order
 * written. Offline, a message waits (and says so) until the connection is back, and may be
 * cancelled meanwhile; a refusal leaves it failed, with its reason, to retry or cancel. Once the
 * api answers, the message joins its thread (merged by id with its live copy) and leaves the outbox.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { queryPolicy } from '@resuelve/contract';
import { isApiError, newCorrelationId } from '../../lib/api-client.ts';
import { createOutbox, forgetOnSignOut, newOutboxItem, type OutboxState } from '../../lib/outbox/index.ts';
import { addToThread, messageKeys, postMessage, uploadMessage } from './api.ts';
import type { Message } from '@resuelve/contract';
import { conversationKeys } from '../conversation/api.ts';

/** `sending`: queued or on its way; `waiting`: offline, goes when the connection is back; `failed`: refused. */
export type OutgoingState = OutboxState;

export interface OutgoingProblem {
  code: string;
  status: number;
  /** Seconds the api asked to wait (a limit reached). */
  retryAfter?: number;
}

export interface OutgoingMessage {
  localId: string;
  idempotencyKey: string;
  conversationId: string;
  text: string;
  file: File | null;
  state: OutgoingState;
  /** When it was written (shown until the api's own time replaces it). */
  createdAt: string;
  problem: OutgoingProblem | null;
}

const outbox = createOutbox<OutgoingMessage>();

export const useOutbox = outbox.store;

/** What sending needs from outside; tests replace the parts they drive. */
export const outboxSettings = {
  send: (item: OutgoingMessage): Promise<Message> =>
    item.file ? uploadMessage(item.conversationId, item.file, item.text, item.idempotencyKey) : postMessage(item.conversationId, item.text, item.idempotencyKey),
  isOnline: () => onlineManager.isOnline(),
  /** A 5xx is tried once more after this wait (SPEC.md §9, mutations). */
  serverRetryMs: queryPolicy.mutationRetryDelayMs as number,
};

const inFlight = new Set<string>();

const { update, remove, find } = outbox;

function problemOf(error: unknown): OutgoingProblem {
  if (!isApiError(error)) return { code: 'unexpected', status: 0 };
  return { code: error.code, status: error.status, ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}) };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The api's answer, with one more try (same key) after a 5xx. */
async function sendOnce(item: OutgoingMessage): Promise<Message> {
  try {
    return await outboxSettings.send(item);
  } catch (error) {
    if (!isApiError(error) || error.status < 500) throw error;
    await wait(outboxSettings.serverRetryMs);
    return outboxSettings.send(item);
  }
}

function delivered(queryClient: QueryClient, message: Message): void {
  addToThread(queryClient, message.conversation_id, [message]);
  void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
  void queryClient.invalidateQueries({ queryKey: messageKeys.limits });
}

/** Sends the conversation's queued messages one after another, in the order written. */
async function pump(queryClient: QueryClient, conversationId: string): Promise<void> {
  if (inFlight.has(conversationId)) return;
  inFlight.add(conversationId);
  try {
    for (;;) {
      const next = useOutbox.getState().items.find((item) => item.conversationId === conversationId && item.state === 'sending');
      if (!next) return;
      if (!outboxSettings.isOnline()) {
        update(next.localId, { state: 'waiting' });
        continue;
      }
      try {
        const message = await sendOnce(next);
        remove(next.localId);
        delivered(queryClient, message);
      } catch (error) {
        // No answer because the connection is gone: it waits for the connection, not for a retry.
        const offline = !outboxSettings.isOnline();
        if (!find(next.localId)) continue; // cancelled meanwhile
        if (offline) update(next.localId, { state: 'waiting', problem: null });
        else {
          update(next.localId, { state: 'failed', problem: problemOf(error) });
          if (isApiError(error) && error.code === 'message_limit_reached') void queryClient.invalidateQueries({ queryKey: messageKeys.limits });
        }
      }
    }
  } finally {
    inFlight.delete(conversationId);
  }
}

export function newIdempotencyKey(): string {
  return newCorrelationId();
}

/** Writes a message: it gets its key now and goes at once, or waits for the connection. */
export function sendMessage(queryClient: QueryClient, conversationId: string, text: string, file: File | null = null): OutgoingMessage {
  const item: OutgoingMessage = {
    ...newOutboxItem(outboxSettings.isOnline() ? 'sending' : 'waiting', newIdempotencyKey()),
    conversationId,
    text,
    file,
    createdAt: new Date().toISOString(),
    problem: null,
  };
  outbox.add(item);
  void pump(queryClient, conversationId);
  return item;
}

/** Tries a failed (or waiting) message again, with the key it was given when written. */
export function retryMessage(queryClient: QueryClient, localId: string): void {
  const item = find(localId);
  if (!item || item.state === 'sending') return;
  update(localId, { state: 'sending', problem: null });
  void pump(queryClient, item.conversationId);
}

/** Drops a message that has not gone (waiting or failed); one on its way cannot be called back. */
export function cancelMessage(localId: string): void {
  outbox.cancel(localId);
}

/** Back online: every waiting message goes, each conversation's in order. */
export function resendWaiting(queryClient: QueryClient): void {
  const waiting = useOutbox.getState().items.filter((item) => item.state === 'waiting');
  for (const item of waiting) update(item.localId, { state: 'sending' });
  for (const conversationId of new Set(waiting.map((item) => item.conversationId))) void pump(queryClient, conversationId);
}

/**
 * Follows the connection and the session: what waited goes once the connection is back, and what
 * was not sent is forgotten when the person signs out (or another signs in). Returns the stop function.
 */
export function followConnection(queryClient: QueryClient): () => void {
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) resendWaiting(queryClient);
  });
  const stopSession = forgetOnSignOut(outbox);
  return () => {
    stopOnline();
    stopSession();
  };
}
