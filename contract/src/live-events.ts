/**
 * The live events, api to ui: one map from an event's type to what it carries. The api's bus
 * publishes and subscribes by these types, the realtime plugin forwards them to each recipient's
 * socket as they are, and the ui's domains register a handler per type. A new kind of event is
 * one line in `LiveEventMap`; every publisher and handler of it is then checked by the compiler.
 * Payloads carry ids and statuses only: an event crosses processes in a PostgreSQL NOTIFY (under
 * 8000 bytes), and screens fetch the rest.
 */
import type { JobActor, JobStatus } from './jobs.ts';

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

/** A new review of the provider who receives it. */
export interface ReviewCreated {
  review_id: string;
  provider_id: string;
  rating: number;
  at: string;
}

export interface LiveEventMap {
  /** After each transition of a job, to both its parties. */
  'job.changed': JobChange;
  /** After a reminder went out (actor `system`, the job's status unchanged), to both parties. */
  'job.reminder': JobChange;
  /** A client reviewed a provider (a first review, not an edit), to the provider. */
  'review.created': ReviewCreated;
  // Messages join here, one line each: 'message.created', 'message.read', 'conversation.updated'.
}

export type LiveEventType = keyof LiveEventMap;

/** The event of one type (or of each type of a union), its `type` beside its payload. */
export type LiveEventOf<K extends LiveEventType> = K extends LiveEventType ? { type: K } & LiveEventMap[K] : never;

/** Any live event; `switch (event.type)` narrows it to one kind. */
export type LiveEvent = LiveEventOf<LiveEventType>;

/** The job events a signed-in person's screens follow. */
export type JobEvent = LiveEventOf<'job.changed' | 'job.reminder'>;

/** The subscription where a signed-in person receives their own live events (no one else's). */
export const userEventsPattern = '/users/{id}/events';

export function userEventsPath(userId: string): string {
  return `/users/${userId}/events`;
}
