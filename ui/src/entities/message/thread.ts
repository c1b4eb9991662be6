/**
 * A conversation's messages as the ui holds them: one list, oldest first, each message once. The
 * pages fetched (the latest, older ones on scroll, what came after the last one held on a live
 * event or a reconnection) and the answers to one's own sends all pass through `mergeMessages`, so
 * a message that arrives twice (by the socket and by the catch-up, or by the send's answer and
 * its live event) shows once, in its place.
 */
import { compareMessageIds, dateTimeFormat } from '@resuelve/contract';
import type { Message } from '@resuelve/contract';

export interface Thread {
  /** Oldest first, unique by id. */
  items: Message[];
  /** Whether older messages than the first held are left on the server. */
  hasOlder: boolean;
}

export const emptyThread: Thread = { items: [], hasOlder: false };

/** Every message of `held` and `incoming`, oldest first, once each; a later copy replaces an earlier one (an edit, a read mark). */
export function mergeMessages(held: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return held as Message[];
  const byId = new Map<string, Message>();
  for (const message of held) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => compareMessageIds(a.id, b.id));
}

/** The thread with `incoming` merged in. */
export function withMessages(thread: Thread | undefined, incoming: readonly Message[]): Thread {
  const base = thread ?? emptyThread;
  return { ...base, items: mergeMessages(base.items, incoming) };
}

export function lastMessageId(thread: Thread | undefined): string | null {
  const items = thread?.items ?? [];
  return items.length > 0 ? items[items.length - 1]!.id : null;
}

export function firstMessageId(thread: Thread | undefined): string | null {
  return thread?.items[0]?.id ?? null;
}

/**
 * The read marks a `message.read` event brings: the other side read `upToId` and everything of
 * theirs before it (read_at set once, never moved back).
 */
export function withReadUpTo(thread: Thread | undefined, readerId: string, upToId: string, readAt: string): Thread | undefined {
  if (!thread) return thread;
  let changed = false;
  const items = thread.items.map((message) => {
    if (message.sender_id === readerId || message.read_at || compareMessageIds(message.id, upToId) > 0) return message;
    changed = true;
    return { ...message, read_at: readAt };
  });
  return changed ? { ...thread, items } : thread;
}

/** The newest message of the other side not read yet (marking it read marks every earlier one). */
export function newestUnreadFrom(thread: Thread | undefined, myId: string): Message | null {
  const items = thread?.items ?? [];
  for (let i = items.length - 1; i >= 0; i--) {
    const message = items[i]!;
    if (message.sender_id === myId) continue;
    return message.read_at ? null : message;
  }
  return null;
}

/** The calendar day of an instant in a time zone, as YYYY-MM-DD (day separators). */
export function dayKey(iso: string, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

export type ThreadRow<T> = { kind: 'day'; day: string } | { kind: 'message'; message: T };

/** The rows of a chat: a day separator before the first message of each day. */
export function withDaySeparators<T extends { created_at: string }>(messages: readonly T[], timeZone: string): ThreadRow<T>[] {
  const rows: ThreadRow<T>[] = [];
  let current: string | null = null;
  for (const message of messages) {
    const day = dayKey(message.created_at, timeZone);
    if (day !== current) {
      rows.push({ kind: 'day', day });
      current = day;
    }
    rows.push({ kind: 'message', message });
  }
  return rows;
}
