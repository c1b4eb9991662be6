/**
 * Domain events (STYLE.md, after immich's event repository): a service publishes what happened once
 * its transaction has committed, to the accounts that should hear of it; each domain's notices
 * subscribe to their own event types, and only the realtime plugin touches sockets. What the bus
 * carries is one map, `DomainEventMap` (server-side), so a publisher and its handlers cannot
 * disagree; what a socket receives is another, contract's `LiveEventMap` (the client events), and
 * the realtime plugin is the one place that turns the first into the second. Across server
 * processes the bus is `PgEventBus` (PostgreSQL LISTEN/NOTIFY, DESIGN.md §11), so a change made on
 * one process reaches sockets held by another; `LocalEventBus` is the same within one process,
 * for unit tests.
 */
import type { LiveEventMap } from '@resuelve/contract';

/** Why sessions ended (decision 0046). */
export type SessionEndReason = 'signed_out' | 'refresh_reused' | 'password_reset' | 'suspended';

/**
 * Sessions of an account ended: the api processes forget them and close their sockets. Published
 * to no recipient and never a client event (a socket of an ended session is closed instead).
 */
export interface SessionEnded {
  user_id: string;
  /** The sessions (refresh-token families) that ended; null: every session of the account. */
  session_ids: string[] | null;
  reason: SessionEndReason;
  at: string;
}

/**
 * What the bus carries: a domain event's type and its payload. Today each client event is also a
 * domain event with the same payload, so the map starts from contract's `LiveEventMap` and adds the
 * server-only ones; an event whose two forms part ways is written out here and mapped in
 * `plugins/realtime.ts`.
 */
export interface DomainEventMap extends LiveEventMap {
  /** Sessions ended (sign-out, reused refresh token, password reset, suspension), to no recipient. */
  'session.ended': SessionEnded;
}

export type DomainEventType = keyof DomainEventMap;

/** The event of one type (or of each type of a union), its `type` beside its payload. */
export type DomainEventOf<K extends DomainEventType> = K extends DomainEventType ? { type: K } & DomainEventMap[K] : never;

/** Any domain event; `switch (event.type)` narrows it to one kind. */
export type DomainEvent = DomainEventOf<DomainEventType>;


/** Handles the events of one type, typed by it; `recipients` are the accounts it was published to. */
export type EventHandler<K extends DomainEventType> = (event: DomainEventOf<K>, recipients: string[]) => void | Promise<void>;

export interface EventBus {
  /** Called after the change is committed; never throws into the caller's request. */
  publish(recipients: string[], event: DomainEvent): Promise<void>;
  /** Every event of this type, published by any process; returns the unsubscribe function. */
  subscribe<K extends DomainEventType>(type: K, handler: EventHandler<K>): () => void;
  /** Every event of every type (the realtime plugin turns them into client events); returns the unsubscribe function. */
  subscribeAll(handler: EventHandler<DomainEventType>): () => void;
}

/**
 * The one way a service announces a change (STYLE.md, "One shape per module"): called once the
 * transaction that made it has committed, it publishes the event to its recipients, and a bus that
 * fails is logged, never thrown: the change is committed, and screens catch up on their next fetch.
 */
export async function publishAfterCommit(context: { events: EventBus }, recipients: string[], event: DomainEvent): Promise<void> {
  try {
    await context.events.publish(recipients, event);
  } catch (error) {
    console.error(`[events] ${event.type} was committed but could not be published`, error);
  }
}

interface Subscription {
  /** null: every type. */
  type: DomainEventType | null;
  handler: EventHandler<DomainEventType>;
}

/** The handlers of one process, in the order they subscribed; both buses hand events to them. */
export class EventHandlers {
  private readonly subscriptions = new Set<Subscription>();

  add<K extends DomainEventType>(type: K | null, handler: EventHandler<K>): () => void {
    // A handler of K is only ever called with events of type K (see `of`).
    const subscription: Subscription = { type, handler: handler as unknown as EventHandler<DomainEventType> };
    this.subscriptions.add(subscription);
    return () => this.subscriptions.delete(subscription);
  }

  /** The handlers an event goes to: those of its type and those of every type. */
  of(event: DomainEvent): EventHandler<DomainEventType>[] {
    const found: EventHandler<DomainEventType>[] = [];
    for (const { type, handler } of this.subscriptions) if (type === null || type === event.type) found.push(handler);
    return found;
  }
}

/** One process, no database: what unit tests and a single server need. */
export class LocalEventBus implements EventBus {
  private readonly handlers = new EventHandlers();

  async publish(recipients: string[], event: DomainEvent): Promise<void> {
    for (const handler of this.handlers.of(event)) {
      try {
        await handler(event, recipients);
      } catch {
        // A failing handler (a socket gone, a sender down) must not undo a committed change.
      }
    }
  }

  subscribe<K extends DomainEventType>(type: K, handler: EventHandler<K>): () => void {
    return this.handlers.add(type, handler);
  }

  subscribeAll(handler: EventHandler<DomainEventType>): () => void {
    return this.handlers.add(null, handler);
  }
}
