import { isDeepStrictEqual } from 'node:util';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { JobEvent, Message } from '@resuelve/contract';
import { LocalEventBus, type DomainEventOf, type DomainEventType, type EventBus } from '../src/lib/events.ts';
import { PgEventBus } from '../src/lib/pg-event-bus.ts';
import { useSecondProcess } from './live-job-fixtures.ts';
import { useTestServer } from './server.ts';

const test = useTestServer();

function jobEvent(status: JobEvent['status'] = 'pending'): DomainEventOf<'job.changed'> {
  return { type: 'job.changed', job_id: crypto.randomUUID(), status, from_status: null, action: 'book', actor: 'client', at: new Date().toISOString() };
}

/** A message of the longest text (500 characters, some outside ASCII), as a message event carries it. */
function message(): Message {
  const at = new Date().toISOString();
  return {
    id: '9007199254740993',
    conversation_id: crypto.randomUUID(),
    sender_id: crypto.randomUUID(),
    text: '¿Mañana a las 9? "<b>" '.repeat(25).slice(0, 500),
    attachment: null,
    read_at: null,
    created_at: at,
    edited_at: null,
    deleted_at: null,
    automatic: false,
  };
}

/**
 * A fresh event of each kind of the map. Typed by the map, so a kind added to `DomainEventMap`
 * does not compile here until it has an example, and then the tests below carry it too.
 */
const examples: { [K in DomainEventType]: () => DomainEventOf<K> } = {
  'job.changed': () => jobEvent(),
  'job.reminder': () => ({
    type: 'job.reminder',
    job_id: crypto.randomUUID(),
    status: 'upcoming',
    from_status: 'upcoming',
    action: 'reminder_24h',
    actor: 'system',
    at: new Date().toISOString(),
  }),
  'message.created': () => ({ type: 'message.created', conversation_id: crypto.randomUUID(), message: message() }),
  'message.updated': () => ({ type: 'message.updated', conversation_id: crypto.randomUUID(), message: { ...message(), deleted_at: new Date().toISOString(), text: '' } }),
  'message.read': () => ({
    type: 'message.read',
    conversation_id: crypto.randomUUID(),
    reader_id: crypto.randomUUID(),
    last_read_id: '42',
    read_at: new Date().toISOString(),
  }),
  'conversation.updated': () => ({
    type: 'conversation.updated',
    conversation_id: crypto.randomUUID(),
    changes: ['status'],
    actor_id: crypto.randomUUID(),
    at: new Date().toISOString(),
  }),
  'review.created': () => ({ type: 'review.created', review_id: crypto.randomUUID(), provider_id: crypto.randomUUID(), rating: 4, at: new Date().toISOString() }),
  'quote.changed': () => ({
    type: 'quote.changed',
    quote_id: crypto.randomUUID(),
    job_id: crypto.randomUUID(),
    conversation_id: null,
    status: 'sent',
    version: 1,
    at: new Date().toISOString(),
  }),
  'slot_alert.changed': () => ({ type: 'slot_alert.changed', alert_id: crypto.randomUUID(), provider_id: crypto.randomUUID(), date: '2026-11-24', status: 'freed', at: new Date().toISOString() }),
  'payment.changed': () => ({
    type: 'payment.changed',
    job_id: crypto.randomUUID(),
    payment_id: crypto.randomUUID(),
    status: 'paid',
    purpose: 'deposit',
    amount_cents: 2000,
    refunded_cents: 0,
    at: new Date().toISOString(),
  }),
  'session.ended': () => ({ type: 'session.ended', user_id: crypto.randomUUID(), session_ids: [crypto.randomUUID()], reason: 'signed_out', at: new Date().toISOString() }),
};
const kinds = Object.keys(examples) as DomainEventType[];

/** Resolves with the first event of this type the bus hands to its handlers that matches, and its recipients. */
function nextEvent<K extends DomainEventType>(bus: EventBus, type: K, match: (event: DomainEventOf<K>) => boolean, ms = 3000) {
  return new Promise<{ recipients: string[]; event: DomainEventOf<K> }>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${type} arrived`));
    }, ms);
    const stop = bus.subscribe(type, (event, recipients) => {
      if (!match(event)) return;
      clearTimeout(timer);
      stop();
      resolve({ recipients, event });
    });
  });
}

describe('events across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  // A second server on the same database, as a second api process behind a load balancer.
  const second = useSecondProcess(test);

  it('uses the PostgreSQL bus by default', () => {
    expect(test.server.app.context.events).toBeInstanceOf(PgEventBus);
    expect((test.server.app.context.events as PgEventBus).listening).toBe(true);
  });

  it('carries an event of each kind from a second process to the handlers of its kind here, as it was published', async () => {
    for (const type of kinds) {
      const event = examples[type]();
      const recipients = [crypto.randomUUID(), crypto.randomUUID()];
      const arrived = nextEvent(test.server.app.context.events, type, (received) => isDeepStrictEqual(received, event));
      await second.server.app.context.events.publish(recipients, event);
      expect(await arrived).toEqual({ recipients, event });
    }
  });

  it('hands each handler the events of its own kind, typed by it', async () => {
    const bus = test.server.app.context.events;
    const changed = examples['job.changed']();
    const reminder = examples['job.reminder']();
    const seen: string[] = [];
    const stopChanged = bus.subscribe('job.changed', (event) => {
      expectTypeOf(event).toEqualTypeOf<DomainEventOf<'job.changed'>>();
      if (event.job_id === changed.job_id || event.job_id === reminder.job_id) seen.push(`changed:${event.type}`);
    });
    const stopReminder = bus.subscribe('job.reminder', (event) => {
      expectTypeOf(event.type).toEqualTypeOf<'job.reminder'>();
      if (event.job_id === changed.job_id || event.job_id === reminder.job_id) seen.push(`reminder:${event.type}`);
    });
    try {
      const changedArrived = nextEvent(bus, 'job.changed', (event) => event.job_id === changed.job_id);
      const reminderArrived = nextEvent(bus, 'job.reminder', (event) => event.job_id === reminder.job_id);
      await second.server.app.context.events.publish([crypto.randomUUID()], changed);
      await second.server.app.context.events.publish([crypto.randomUUID()], reminder);
      expect((await changedArrived).event).toEqual(changed);
      expect((await reminderArrived).event).toEqual(reminder);
      expect(seen).toEqual(['changed:job.changed', 'reminder:job.reminder']);
    } finally {
      stopChanged();
      stopReminder();
    }
  });

  it("hands the publishing server's own handlers the event too", async () => {
    const event = jobEvent('upcoming');
    const arrived = nextEvent(test.server.app.context.events, 'job.changed', (received) => received.job_id === event.job_id);
    await test.server.app.context.events.publish([crypto.randomUUID()], event);
    expect((await arrived).event.status).toBe('upcoming');
  });

  it('delivers many events published at once, all of them and in order', async () => {
    const bus = test.server.app.context.events;
    const ids: string[] = Array.from({ length: 300 }, () => crypto.randomUUID());
    const seen: string[] = [];
    const stop = second.server.app.context.events.subscribeAll((event) => {
      if (event.type === 'job.changed' && ids.includes(event.job_id)) seen.push(event.job_id);
    });
    try {
      await Promise.all(ids.map((id) => bus.publish([], { ...jobEvent(), job_id: id })));
      for (let waited = 0; seen.length < ids.length && waited < 3000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual(ids);
    } finally {
      stop();
    }
  });

  it('refuses an event over the NOTIFY size limit without throwing into the caller', async () => {
    const errors: unknown[] = [];
    const bus = new PgEventBus({ databaseUrl: test.config.databaseUrl, knex: test.knex, onError: (error) => errors.push(error) });
    const huge = { ...jobEvent(), action: 'x'.repeat(9000) };
    await expect(bus.publish([], huge)).resolves.toBeUndefined();
    expect(String(errors[0])).toMatch(/NOTIFY limit/);
  });

  it('listens again after its connection is killed, and says so', async () => {
    const bus = new PgEventBus({ databaseUrl: test.config.databaseUrl, knex: test.knex, reconnectMs: 20 });
    await bus.start();
    try {
      const reconnected = new Promise<void>((resolve) => (bus.onReconnect = resolve));
      await test.knex.raw(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'resuelve-events' AND datname = current_database() AND query ILIKE 'LISTEN%'`,
      );
      await reconnected;
      expect(bus.listening).toBe(true);
      const event = jobEvent();
      const arrived = nextEvent(bus, 'job.changed', (received) => received.job_id === event.job_id);
      await test.server.app.context.events.publish([], event);
      expect((await arrived).event.job_id).toBe(event.job_id);
    } finally {
      await bus.stop();
    }
  });
});

describe('the live event map', () => {
  it('does not compile an event of the wrong shape, nor a handler that expects another kind', async () => {
    const bus = new LocalEventBus();
    const at = new Date().toISOString();
    // @ts-expect-error a job change names its job
    await bus.publish([], { type: 'job.changed', status: 'pending', from_status: null, action: 'book', actor: 'client', at });
    // @ts-expect-error a status that jobs do not have
    await bus.publish([], { type: 'job.changed', job_id: 'j', status: 'lost', from_status: null, action: 'book', actor: 'client', at });
    // @ts-expect-error a kind that is not in the map
    await bus.publish([], { type: 'job.deleted', job_id: 'j', status: 'pending', from_status: null, action: 'book', actor: 'client', at });
    // @ts-expect-error nobody can subscribe to a kind that is not in the map
    bus.subscribe('job.deleted', () => undefined);
    const stop = bus.subscribe('job.reminder', (event) => {
      // @ts-expect-error a reminder is not a message: it has no text
      void event.body;
    });
    stop();
  });
});
