import { describe, expect, it } from 'vitest';
import type { JobEvent } from '@resuelve/contract';
import type { DomainEvent, EventBus } from '../src/lib/events.ts';
import { PgEventBus } from '../src/lib/pg-event-bus.ts';
import { useSecondProcess } from './live-job-fixtures.ts';
import { useTestServer } from './server.ts';

const test = useTestServer();

function jobEvent(status: JobEvent['status'] = 'pending'): JobEvent {
  return { type: 'job.changed', job_id: crypto.randomUUID(), status, from_status: null, action: 'book', actor: 'client', at: new Date().toISOString() };
}

/** Resolves with the first event the bus hands to its listeners that matches. */
function nextEvent(bus: EventBus, match: (event: DomainEvent) => boolean, ms = 3000) {
  return new Promise<DomainEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no event arrived'));
    }, ms);
    const stop = bus.subscribe((event) => {
      if (!match(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
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

  it('hands an event published on one server to the listeners of the other', async () => {
    const payload = jobEvent();
    const recipients = [crypto.randomUUID(), crypto.randomUUID()];
    const arrived = nextEvent(second.server.app.context.events, (event) => event.payload.job_id === payload.job_id);
    await test.server.app.context.events.publish({ recipients, payload });
    expect(await arrived).toEqual({ recipients, payload });
  });

  it("hands the publishing server's own listeners the event too", async () => {
    const payload = jobEvent('upcoming');
    const arrived = nextEvent(test.server.app.context.events, (event) => event.payload.job_id === payload.job_id);
    await test.server.app.context.events.publish({ recipients: [crypto.randomUUID()], payload });
    expect((await arrived).payload.status).toBe('upcoming');
  });

  it('delivers many events published at once, all of them and in order', async () => {
    const bus = test.server.app.context.events;
    const ids: string[] = Array.from({ length: 300 }, () => crypto.randomUUID());
    const seen: string[] = [];
    const stop = second.server.app.context.events.subscribe((event) => {
      if (ids.includes(event.payload.job_id)) seen.push(event.payload.job_id);
    });
    try {
      await Promise.all(ids.map((id) => bus.publish({ recipients: [], payload: { ...jobEvent(), job_id: id } })));
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
    await expect(bus.publish({ recipients: [], payload: huge })).resolves.toBeUndefined();
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
      const payload = jobEvent();
      const arrived = nextEvent(bus, (event) => event.payload.job_id === payload.job_id);
      await test.server.app.context.events.publish({ recipients: [], payload });
      expect((await arrived).payload.job_id).toBe(payload.job_id);
    } finally {
      await bus.stop();
    }
  });
});
