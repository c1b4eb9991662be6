/**
 * Response times (issue 30, decision 0053) on a real database: which cases count and how, the
 * figures kept on the provider's row, the recount when a provider answers, the dashboard's figure
 * and the reminder of a request that waited two business hours, sent once.
 */
import { describe, expect, it } from 'vitest';
import { responseTimes } from '@resuelve/contract';
import type { AppContext } from '../src/context.ts';
import { recountResponseTimes, remindWaitingRequests } from '../src/modules/responses/index.ts';
import { call, eventually, useTestServer } from './server.ts';
import { bookingBody, jobWorld, newClient, newConversation, newJob, newMessage, newProvider, setClock, tokenFor } from './factories.ts';

const t = useTestServer();

/** A wall-clock time in Puerto Rico (UTC−4); 2026-11-23 is a Monday. */
const pr = (local: string) => new Date(`${local}:00-04:00`);

async function figures(providerId: string) {
  return t.knex('providers').where({ id: providerId }).first('response_median_minutes', 'response_cases');
}

let slot = 0;
/** A request the client booked at `created` (each for its own hour), answered by the provider's accept at `answered` (none: still waiting). */
async function request(providerId: string, clientId: string, created: Date, answered?: Date) {
  slot += 1;
  const start = new Date(pr('2026-12-10T10:00').getTime() + slot * 3 * 3_600_000);
  const job = await newJob(t.knex, { clientId, providerId, start, status: answered ? 'upcoming' : 'pending', createdAt: created });
  await t.knex('job_transitions').insert({ job_id: job.id, from_status: null, to_status: 'pending', action: 'book', actor: 'client', actor_id: clientId, at: created });
  if (answered) {
    await t.knex('job_transitions').insert({ job_id: job.id, from_status: 'pending', to_status: 'upcoming', action: 'accept', actor: 'provider', actor_id: providerId, at: answered });
  }
  return job.id;
}

/** A conversation the client opened at `asked`, answered by the provider at `replied`. */
async function conversation(providerId: string, clientId: string, asked: Date, replied: Date, automaticFirst = false) {
  const id = await newConversation(t.knex, { clientId, providerId });
  await newMessage(t.knex, { conversationId: id, senderId: clientId, createdAt: asked });
  if (automaticFirst) await newMessage(t.knex, { conversationId: id, senderId: providerId, createdAt: asked, automatic: true });
  await newMessage(t.knex, { conversationId: id, senderId: providerId, createdAt: replied, text: 'Sí, ¿cuándo le viene bien?' });
  return id;
}

describe('the figures kept on the provider (recount)', () => {
  it('takes the median of answered requests and conversations in business minutes, shown from the minimum of cases', async () => {
    const providerId = await newProvider(t.knex);
    const clientId = await newClient(t.knex);
    const now = pr('2026-12-01T12:00');
    // Monday 09:00 → 09:30: 30 minutes.
    await request(providerId, clientId, pr('2026-11-23T09:00'), pr('2026-11-23T09:30'));
    // Saturday 12:00 → Monday 09:00: Saturday's last hour, Sunday closed, Monday's first hour: 120 minutes.
    await request(providerId, clientId, pr('2026-11-28T12:00'), pr('2026-11-30T09:00'));
    await recountResponseTimes(t.knex, [providerId], now);
    expect(await figures(providerId)).toEqual({ response_median_minutes: null, response_cases: 2 });

    // Friday 16:30 → Monday 08:15 with Saturday blocked: 30 + 15 minutes; the automatic reply answers nobody.
    await t.knex('blocked_dates').insert({ provider_id: providerId, date: '2026-11-21' });
    await conversation(providerId, clientId, pr('2026-11-20T16:30'), pr('2026-11-23T08:15'), true);
    await recountResponseTimes(t.knex, [providerId], now);
    expect(await figures(providerId)).toEqual({ response_median_minutes: 45, response_cases: responseTimes.minimumCases });
  });

  it('counts no job the provider made, no request still waiting, and no case older than 90 days, which leaves on a later recount', async () => {
    const providerId = await newProvider(t.knex);
    const clientId = await newClient(t.knex);
    const made = await newJob(t.knex, { clientId, providerId, start: pr('2026-12-11T10:00'), status: 'upcoming', createdAt: pr('2026-11-23T09:00') });
    await t.knex('jobs').where({ id: made.id }).update({ created_by: providerId });
    await request(providerId, clientId, pr('2026-11-24T09:00'));
    for (const day of ['2026-09-01', '2026-09-02', '2026-09-03']) await request(providerId, clientId, pr(`${day}T09:00`), pr(`${day}T09:10`));
    await recountResponseTimes(t.knex, null, pr('2026-11-25T12:00'));
    expect(await figures(providerId)).toEqual({ response_median_minutes: 10, response_cases: 3 });
    // 90 days after 1 September at noon, the first case has left.
    await recountResponseTimes(t.knex, null, pr('2026-11-30T12:00'));
    expect(await figures(providerId)).toEqual({ response_median_minutes: null, response_cases: 2 });
    await recountResponseTimes(t.knex, null, pr('2027-01-01T12:00'));
    expect(await figures(providerId)).toEqual({ response_median_minutes: null, response_cases: 0 });
  });

  it('counts a request left to expire until it expired, and a quote as an answer', async () => {
    const providerId = await newProvider(t.knex);
    const clientId = await newClient(t.knex);
    const expired = await request(providerId, clientId, pr('2026-11-23T09:00'));
    await t.knex('jobs').where({ id: expired }).update({ status: 'expired' });
    await t.knex('job_transitions').insert({ job_id: expired, from_status: 'pending', to_status: 'expired', action: 'expire', actor: 'system', at: pr('2026-11-24T09:00') });
    const quoted = await request(providerId, clientId, pr('2026-11-23T10:00'));
    await t.knex('quotes').insert({ job_id: quoted, provider_id: providerId, client_id: clientId, created_at: pr('2026-11-23T10:05') });
    const replied = await request(providerId, clientId, pr('2026-11-23T11:00'));
    const talk = await newConversation(t.knex, { clientId, providerId, jobId: replied });
    await newMessage(t.knex, { conversationId: talk, senderId: providerId, createdAt: pr('2026-11-23T11:20') });
    await recountResponseTimes(t.knex, [providerId], pr('2026-11-30T12:00'));
    // 9 business hours (540), 5 and 20 minutes.
    expect(await figures(providerId)).toEqual({ response_median_minutes: 20, response_cases: 3 });
  });
});

describe('a provider answering through the api', () => {
  it('counts their figures again at once', async () => {
    const world = await jobWorld(t); // Monday 08:00 in San Juan
    const booked = await call(t.server, 'POST', '/api/v1/jobs', { token: world.clientToken, body: bookingBody(world) });
    expect(booked.status).toBe(201);
    setClock(t, '2026-11-23T12:25:00Z');
    const accepted = await call(t.server, 'PATCH', `/api/v1/jobs/${booked.body.id}`, { token: world.providerToken, body: { action: 'accept', estimated_hours: 1 } });
    expect(accepted.status).toBe(200);
    const kept = await eventually(() => figures(world.providerId), (row) => row.response_cases === 1);
    expect(kept).toEqual({ response_median_minutes: null, response_cases: 1 });
  });
});

describe('GET /providers/me/response-time', () => {
  it('answers the figure and the requests waiting, counted in business minutes', async () => {
    const world = await jobWorld(t, {}, '2026-11-30T13:30:00Z'); // Monday 09:30
    await t.knex('providers').where({ id: world.providerId }).update({ response_median_minutes: 42, response_cases: 7 });
    await request(world.providerId, world.clientId, pr('2026-11-28T12:30')); // Saturday 12:30: 30 + 0 + 90 minutes
    const newest = await request(world.providerId, world.clientId, pr('2026-11-30T09:00'));
    const res = await call(t.server, 'GET', '/api/v1/providers/me/response-time', { token: world.providerToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ median_minutes: 42, bucket: 'within_hour', cases: 7, minimum_cases: 3, window_days: 90, waiting: 2 });
    expect(res.body.oldest_waiting).toMatchObject({ since: pr('2026-11-28T12:30').toISOString(), business_minutes: 120 });
    expect(res.body.oldest_waiting.job_id).not.toBe(newest);
  });

  it('shows no median below the minimum, and refuses an account that is not a provider', async () => {
    const world = await jobWorld(t);
    await t.knex('providers').where({ id: world.providerId }).update({ response_median_minutes: null, response_cases: 2 });
    const res = await call(t.server, 'GET', '/api/v1/providers/me/response-time', { token: world.providerToken });
    expect(res.body).toMatchObject({ median_minutes: null, bucket: null, cases: 2, waiting: 0, oldest_waiting: null });
    const client = await call(t.server, 'GET', '/api/v1/providers/me/response-time', { token: tokenFor(t, world.clientId) });
    expect(client.status).toBe(403);
    expect(client.body.code).toBe('forbidden');
    expect((await call(t.server, 'GET', '/api/v1/providers/me/response-time')).status).toBe(401);
  });
});

describe('the reminder of a waiting request', () => {
  const at = (local: string) => ({ ...(t.server.app.context as AppContext), clock: { now: () => pr(local) } });
  const remindersOf = async (jobId: string) => Number((await t.knex('job_notifications').where({ job_id: jobId, event_key: 'response_reminder' }).count<{ count: string }[]>('* as count'))[0]!.count);
  const mailsTo = async (providerId: string) => {
    const { email } = await t.knex('users').where({ id: providerId }).first('email');
    return t.knex('outbox').where({ to_address: email, channel: 'email' }).whereLike('subject', '%espera tu respuesta%').select('subject', 'body');
  };

  it('reminds the provider once, after two of their business hours, by email and live', async () => {
    const providerId = await newProvider(t.knex, { company_name: 'Pinturas Yauco' });
    const clientId = await newClient(t.knex);
    // Saturday 12:30: 30 minutes on Saturday, none on Sunday, the rest from Monday 08:00.
    const waiting = await request(providerId, clientId, pr('2026-11-28T12:30'));
    const answered = await request(providerId, clientId, pr('2026-11-28T12:30'));
    const talk = await newConversation(t.knex, { clientId, providerId, jobId: answered });
    await newMessage(t.knex, { conversationId: talk, senderId: providerId, createdAt: pr('2026-11-28T12:40') });

    await remindWaitingRequests(at('2026-11-30T09:29'));
    expect(await remindersOf(waiting)).toBe(0);
    const heard: string[] = [];
    const stop = t.server.app.context.events.subscribe('job.reminder', (event, recipients) => {
      if (event.job_id === waiting && event.action === 'reminder_response') heard.push(...recipients);
    });
    expect(await remindWaitingRequests(at('2026-11-30T09:30'))).toBeGreaterThanOrEqual(1);
    await remindWaitingRequests(at('2026-11-30T09:31'));
    await remindWaitingRequests(at('2026-11-30T15:00'));
    await eventually(async () => heard, (list) => list.length > 0);
    stop();

    expect(heard).toEqual([providerId]);
    expect(await remindersOf(waiting)).toBe(1);
    expect(await remindersOf(answered)).toBe(0);
    const mails = await mailsTo(providerId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Una solicitud espera tu respuesta: Reparar tubería');
    expect(mails[0]!.body).toContain('lleva 2 horas hábiles esperando tu respuesta');
    expect(mails[0]!.body).toContain(`/provider/jobs/${waiting}`);
  });

  it('writes in the provider’s language', async () => {
    const providerId = await newProvider(t.knex);
    await t.knex('profiles').where({ id: providerId }).update({ language: 'en' });
    await request(providerId, await newClient(t.knex), pr('2026-11-23T09:00'));
    expect(await remindWaitingRequests(at('2026-11-23T11:00'))).toBeGreaterThanOrEqual(1);
    const { email } = await t.knex('users').where({ id: providerId }).first('email');
    const [mail] = await t.knex('outbox').where({ to_address: email }).select('subject', 'body');
    expect(mail.subject).toBe('A request is waiting for your answer: Reparar tubería');
    expect(mail.body).toContain('has waited 2 business hours for your answer');
  });
});

describe('the figure on cards and the profile', () => {
  it('shows the median once the provider has the minimum of cases, from the search index too', async () => {
    const providerId = await newProvider(t.knex, { categories: ['plumbing'], company_name: 'Contestamos Rápido Cabo Rojo' });
    const clientId = await newClient(t.knex);
    for (const day of ['2026-11-23', '2026-11-24']) await request(providerId, clientId, pr(`${day}T09:00`), pr(`${day}T09:20`));
    await recountResponseTimes(t.knex, [providerId], pr('2026-11-26T12:00'));
    expect((await call(t.server, 'GET', `/api/v1/providers/${providerId}`)).body.response_minutes).toBeNull();

    await request(providerId, clientId, pr('2026-11-25T09:00'), pr('2026-11-25T09:20'));
    await recountResponseTimes(t.knex, [providerId], pr('2026-11-26T12:00'));
    expect((await call(t.server, 'GET', `/api/v1/providers/${providerId}`)).body.response_minutes).toBe(20);
    const cardOf = (res: { body: { items?: { id: string; response_minutes: number | null }[] } }) => res.body.items?.find((card) => card.id === providerId);
    const found = await eventually(() => call(t.server, 'GET', `/api/v1/providers?q=${encodeURIComponent('Contestamos Rápido')}`), (res) => cardOf(res)?.response_minutes === 20);
    expect(cardOf(found)?.response_minutes).toBe(20);
    const listed = await eventually(() => call(t.server, 'GET', '/api/v1/categories/plumbing/providers?limit=50'), (res) => cardOf(res)?.response_minutes === 20);
    expect(cardOf(listed)?.response_minutes).toBe(20);
  });
});
