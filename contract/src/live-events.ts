/**
 * The client events, api to ui: what a signed-in person's socket receives, one map from an event's
 * type to what it carries. The ui's domains register a handler per type. This is not the api's bus
 * map: the bus carries domain events (api/src/lib/events.ts, `DomainEventMap`, server-side), and
 * the realtime plugin (api/src/plugins/realtime.ts) is the one place that says which domain event
 * becomes which client event; some never leave the server (a session ending, for one).
 * Payloads carry ids and statuses only: an event crosses processes in a PostgreSQL NOTIFY (under
 * 8000 bytes), and screens fetch the rest. Message events are the exception: they carry the
 * message (at most 500 characters, a few kilobytes at worst), so the other side shows it at once
 * (decision record 0020).
 */
import type { JobActor, JobStatus } from './jobs.ts';
import type { ConversationUpdated, MessageCreated, MessageReadEvent, MessageUpdated } from './messages.ts';
import type { QuoteStatus } from './quotes.ts';
import type { SlotAlertChange } from './slot-alerts.ts';
import type { PaymentChange } from './payments.ts';

/** A job moved, or a reminder of it went out: the job, where it stands, and who did what. */
export interface JobChange {
  job_id: string;
  status: JobStatus;
  from_status: JobStatus | null;
  /** The transition (`book`, `accept`, `cancel`, …), or `reminder_24h` / `reminder_2h`. */
  action: string;
  actor: JobActor;
  at: string;
}

/**
 * A quote was sent, revised, countered, accepted, declined, expired or withdrawn (contract
 * quotes.ts): its job (null for a conversation's quote not yet accepted), its conversation, where it
 * stands and its newest version.
 */
export interface QuoteChange {
  quote_id: string;
  job_id: string | null;
  conversation_id: string | null;
  status: QuoteStatus;
  version: number;
  at: string;
}

/** A new review of the provider who receives it. */
export interface ReviewCreated {
  review_id: string;
  provider_id: string;
  rating: number;
  at: string;
}

/** What a socket receives: an event's type and what it carries. */
export interface LiveEventMap {
  /** After each transition of a job, to both its parties. */
  'job.changed': JobChange;
  /** After a reminder went out (actor `system`, the job's status unchanged), to both parties. */
  'job.reminder': JobChange;
  /**
   * A message was stored, to both participants. It carries the message (at most 500 characters,
   * well under NOTIFY's limit) so the other side shows it without a round trip (decision 0020).
   */
  'message.created': MessageCreated;
  /** A message was edited or deleted, to both participants. */
  'message.updated': MessageUpdated;
  /** A participant read a conversation up to a message, to both participants. */
  'message.read': MessageReadEvent;
  /** A conversation was started or changed (status, flags, last message), to both participants. */
  'conversation.updated': ConversationUpdated;
  /** A client reviewed a provider (a first review, not an edit), to the provider. */
  'review.created': ReviewCreated;
  /** After each change of a quote, to its provider and its client (a job's change also sends `job.changed`). */
  'quote.changed': QuoteChange;
  /** A time freed on a full day a client waits on, or that day filled again, to the alert's client (contract slot-alerts.ts). */
  'slot_alert.changed': SlotAlertChange;
  /** After each change of a job's payment (opened, paid, declined, expired, cancelled, refused, refunded), to the job's two parties (contract payments.ts). */
  'payment.changed': PaymentChange;
}

export type LiveEventType = keyof LiveEventMap;

/** The event of one type (or of each type of a union), its `type` beside its payload. */
export type LiveEventOf<K extends LiveEventType> = K extends LiveEventType ? { type: K } & LiveEventMap[K] : never;

/** Any live event; `switch (event.type)` narrows it to one kind. */
export type LiveEvent = LiveEventOf<LiveEventType>;

/** The job events a signed-in person's screens follow. */
export type JobEvent = LiveEventOf<'job.changed' | 'job.reminder'>;

/** The messaging events a signed-in person's screens follow. */
export type MessagingEvent = LiveEventOf<'message.created' | 'message.updated' | 'message.read' | 'conversation.updated'>;

/** The subscription where a signed-in person receives their own live events (no one else's). */
export const userEventsPattern = '/users/{id}/events';

export function userEventsPath(userId: string): string {
  return `/users/${userId}/events`;
}
