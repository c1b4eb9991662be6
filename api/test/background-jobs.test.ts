import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent } from '@resuelve/contract';
import type { DomainEvent } from '../src/lib/events.ts';
import type { OffsetClock } from '../src/lib/offset-clock.ts';
import { backgroundJobs } from '../src/background/index.ts';
import type { AppContext } from '../src/context.ts';
import { call, eventually, useTestServer } from './server.ts';
import { newJob } from './factories.ts';
import { type Account, onboardedClient, onboardedProvider } from './api-factories.ts';
import { outboxTo } from './outbox.ts';

const test = useTestServer();
let context: AppContext;
let clock: OffsetClock;
let provider: Account;
let client: Account; // prefers email

const hours = (n: number) => n * 3_600_000;
const fromNow = (h: number) => new Date(clock.now().getTime() + hours(h));
const remindersOf = (jobId: string) => test.knex('job_reminders').where({ job_id: jobId }).orderBy('sent_at').pluck('kind');

/** Events the bus hands out while `run` runs (they cross the database, so wait a moment). */
async function eventsDuring(run: () => Promise<unknown>, settleMs = 300): Promise<{ recipients: string[]; event: DomainEvent }[]> {
  const seen: { recipients: string[]; event: DomainEvent }[] = [];
  const stop = context.events.subscribeAll((event, recipients) => {
    seen.push({ recipients, event });
  });
  await run();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  stop();
  return seen;
}

beforeAll(async () => {
  context = test.server.app.context;
  clock = context.clock as OffsetClock;
  provider = await onboardedProvider(test.server, test.knex);
  client = await onboardedClient(test.server, test.knex, { preferred_contact: 'email' });
});

afterEach(() => clock.reset());

describe('job-reminders', () => {
  it('reminds both parties 24 hours ahead, then 2 hours ahead, each once', async () => {
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(23), status: 'upcoming', title: 'Pintar la sala' });
    const events = await eventsDuring(() => backgroundJobs['job-reminders'](context));
    expect(await remindersOf(job.id)).toEqual(['24h']);
    const [clientMail] = await outboxTo(test.knex, client.email);
    expect(clientMail).toMatchObject({ channel: 'email', subject: 'Recordatorio: Pintar la sala' });
    expect(clientMail!.body).toContain('Tu trabajo es en menos de 24 horas.');
    expect(clientMail!.body).toContain('Con: Plomería Borinquen');
    expect((await outboxTo(test.knex, provider.email)).at(-1)!.body).toContain('Con: María R.');
    const reminder = events.find(({ event }) => 'job_id' in event && event.job_id === job.id);
    expect(reminder?.recipients.sort()).toEqual([client.id, provider.id].sort());
    expect(reminder?.event).toMatchObject<Partial<JobEvent>>({ type: 'job.reminder', action: 'reminder_24h', actor: 'system', status: 'upcoming' });

    await backgroundJobs['job-reminders'](context);
    expect(await remindersOf(job.id)).toEqual(['24h']);

    clock.advance(hours(21.5)); // 1.5 h before the start
    await backgroundJobs['job-reminders'](context);
    expect(await remindersOf(job.id)).toEqual(['24h', '2h']);
    expect((await outboxTo(test.knex, client.email)).at(-1)!.body).toContain('Tu trabajo comienza en menos de 2 horas.');
    expect(await outboxTo(test.knex, client.email)).toHaveLength(2);
  });

  it('sends only the 2-hour reminder for a job booked less than 2 hours ahead', async () => {
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(50.5), status: 'upcoming' });
    clock.advance(hours(49));
    await backgroundJobs['job-reminders'](context);
    expect(await remindersOf(job.id)).toEqual(['2h']);
  });

  it('reminds no job that is not upcoming, further than a day away or already started', async () => {
    const pending = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(100), status: 'pending' });
    const far = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(130), status: 'upcoming' });
    const started = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(90), status: 'upcoming' });
    clock.advance(hours(95)); // pending 5 h ahead, far 35 h ahead, started 5 h ago
    await backgroundJobs['job-reminders'](context);
    for (const job of [pending, far, started]) expect(await remindersOf(job.id)).toEqual([]);
  });

  it('reminds again when the job moved to another time', async () => {
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(210), status: 'upcoming' });
    clock.advance(hours(200));
    await backgroundJobs['job-reminders'](context);
    await test.knex('jobs').where({ id: job.id }).update({ scheduled_start: fromNow(20), scheduled_end: fromNow(22) });
    await backgroundJobs['job-reminders'](context);
    expect(await remindersOf(job.id)).toEqual(['24h', '24h']);
  });
});

describe('job-expiry', () => {
  it('expires a request whose time passed unanswered, and tells both sides', async () => {
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(300), status: 'pending', title: 'Cambiar llave' });
    const waiting = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(320), status: 'pending' });
    clock.advance(hours(301));
    expect(await backgroundJobs['job-expiry'](context)).toBeGreaterThanOrEqual(1);
    expect((await test.knex('jobs').where({ id: job.id }).first()).status).toBe('expired');
    expect((await test.knex('jobs').where({ id: waiting.id }).first()).status).toBe('pending');
    const expiredMail = (row: { subject: string | null; body: string }) => row.subject === 'Cambiar llave: Vencido' && row.body.includes('el trabajo venció');
    expect((await eventually(() => outboxTo(test.knex, client.email), (rows) => rows.some(expiredMail))).some(expiredMail)).toBe(true);
    expect((await eventually(() => outboxTo(test.knex, provider.email), (rows) => rows.some(expiredMail))).some(expiredMail)).toBe(true);
  });
});

describe('POST /api/v1/dev/background/{name}', () => {
  it('runs a background job now by the server clock', async () => {
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: fromNow(401), status: 'upcoming' });
    await call(test.server, 'POST', '/api/v1/dev/clock', { body: { advance_seconds: 400 * 3600 } });
    const res = await call(test.server, 'POST', '/api/v1/dev/background/job-reminders');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'job-reminders', count: 1 });
    expect(await remindersOf(job.id)).toEqual(['2h']);
  });

  it('refuses an unknown job name with the error shape', async () => {
    const res = await call(test.server, 'POST', '/api/v1/dev/background/drop-tables');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
