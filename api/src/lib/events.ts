/**
 * Domain events (STYLE.md, after immich): services publish what happened after their transaction
 * commits; only the realtime plugin touches sockets and only the notifier sends mail or SMS.
 * `createServer` gives an in-process bus; the realtime work (issue 5) swaps in one that crosses
 * server processes through PostgreSQL LISTEN/NOTIFY (DESIGN.md §11).
 */
import type { JobEvent } from '@resuelve/contract';

/** An event and the accounts that should hear of it (their own subscriptions only). */
export interface DomainEvent {
  recipients: string[];
  payload: JobEvent;
}

export type EventListener = (event: DomainEvent) => void | Promise<void>;

export interface EventBus {
  /** Called after the change is committed; never throws into the caller's request. */
  publish(event: DomainEvent): Promise<void>;
  /** Every event published by any process; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

/** One process, no database: what unit tests and a single server need. */
export class LocalEventBus implements EventBus {
  private readonly listeners = new Set<EventListener>();

  async publish(event: DomainEvent): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch {
        // A failing listener (a socket gone, a sender down) must not undo a committed change.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
