/**
 * Live events (STYLE.md, after immich's event repository): a service publishes what happened once
 * its transaction has committed, to the accounts that should hear of it; each domain's notices
 * subscribe to their own event types, and only the realtime plugin touches sockets. The types and
 * payloads are the one map in contract (`LiveEventMap`), so a publisher and its handlers cannot
 * disagree. Across server processes the bus is `PgEventBus` (PostgreSQL LISTEN/NOTIFY, DESIGN.md
 * §11), so a change made on one process reaches sockets held by another; `LocalEventBus` is the
 * same within one process, for unit tests.
 */
import type { LiveEvent, LiveEventOf, LiveEventType } from '@resuelve/contract';

/** Handles the events of one type, typed by it; `recipients` are the accounts it was published to. */
export type EventHandler<K extends LiveEventType> = (event: LiveEventOf<K>, recipients: string[]) => void | Promise<void>;

export interface EventBus {
  /** Called after the change is committed; never throws into the caller's request. */
  publish(recipients: string[], event: LiveEvent): Promise<void>;
  /** Every event of this type, published by any process; returns the unsubscribe function. */
  subscribe<K extends LiveEventType>(type: K, handler: EventHandler<K>): () => void;
  /** Every event of every type (the sockets forward them all); returns the unsubscribe function. */
  subscribeAll(handler: EventHandler<LiveEventType>): () => void;
}

/**
 * The one way a service announces a change (STYLE.md, "One shape per module"): called once the
 * transaction that made it has committed, it publishes the event to its recipients, and a bus that
 * fails is logged, never thrown: the change is committed, and screens catch up on their next fetch.
 */
export async function publishAfterCommit(context: { events: EventBus }, recipients: string[], event: LiveEvent): Promise<void> {
  try {
    await context.events.publish(recipients, event);
  } catch (error) {
    console.error(`[events] ${event.type} was committed but could not be published`, error);
  }
}

interface Subscription {
  /** null: every type. */
  type: LiveEventType | null;
  handler: EventHandler<LiveEventType>;
}

/** The handlers of one process, in the order they subscribed; both buses hand events to them. */
export class EventHandlers {
  private readonly subscriptions = new Set<Subscription>();

  add<K extends LiveEventType>(type: K | null, handler: EventHandler<K>): () => void {
    // A handler of K is only ever called with events of type K (see `of`).
    const subscription: Subscription = { type, handler: handler as unknown as EventHandler<LiveEventType> };
    this.subscriptions.add(subscription);
    return () => this.subscriptions.delete(subscription);
  }

  /** The handlers an event goes to: those of its type and those of every type. */
  of(event: LiveEvent): EventHandler<LiveEventType>[] {
    const found: EventHandler<LiveEventType>[] = [];
    for (const { type, handler } of this.subscriptions) if (type === null || type === event.type) found.push(handler);
    return found;
  }
}

/** One process, no database: what unit tests and a single server need. */
export class LocalEventBus implements EventBus {
  private readonly handlers = new EventHandlers();

  async publish(recipients: string[], event: LiveEvent): Promise<void> {
    for (const handler of this.handlers.of(event)) {
      try {
        await handler(event, recipients);
      } catch {
        // A failing handler (a socket gone, a sender down) must not undo a committed change.
      }
    }
  }

  subscribe<K extends LiveEventType>(type: K, handler: EventHandler<K>): () => void {
    return this.handlers.add(type, handler);
  }

  subscribeAll(handler: EventHandler<LiveEventType>): () => void {
    return this.handlers.add(null, handler);
  }
}
