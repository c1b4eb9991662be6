/**
 * "On my way", the review request at the end, and the WhatsApp number (issue 30, lane C, decision
 * record 0055): who may say it and when, the arrival's bounds in both forms, what the client sees
 * and hears in their language, and that only the client of an accepted job ever gets the number.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventOf } from '@resuelve/contract';
import { notifyJobChange } from '../src/modules/jobs/notices/index.ts';
import { call, eventually, useTestServer } from './server.ts';
import { jobWorld, newJob, setClock, tuesday, type JobWorld } from './factories.ts';
import { onboardedClient, onboardedProvider, patch, type Account } from './api-factories.ts';
import { jobIn, outsider } from './jobs-fixtures.ts';
import { outboxTo } from './outbox.ts';

const t = useTestServer();

const at = (time: string, day = tuesday) => `${day}T${time}:00-04:00`;
/** Tuesday 09:05 in San Juan, the day of the world's jobs. */
const onTheDay = () => setClock(t, '2026-11-24T13:05:00Z');

const onMyWay = (token: string, jobId: string, body: unknown) => call(t.server, 'POST', `/api/v1/jobs/${jobId}/on-my-way`, { token, body });
const getJob = (token: string, jobId: string) => call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token });
const setWhatsapp = (token: string, number: string | null) => call(t.server, 'PUT', '/api/v1/providers/me/whatsapp', { token, body: { number } });

describe('POST /jobs/{id}/on-my-way', () => {
  it("is offered to the provider on an upcoming job's day only, and refused on another day with 409 not_on_scheduled_day", async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'upcoming', at('10:00'));
    expect((await getJob(world.providerToken, job)).body.allowed_actions).not.toContain('on_my_way');
    expect((await onMyWay(world.providerToken, job, { arrival_minutes: 30 })).body.code).toBe('not_on_scheduled_day');
    onTheDay();
    expect((await getJob(world.providerToken, job)).body.allowed_actions).toContain('on_my_way');
    expect((await getJob(world.clientToken, job)).body.allowed_actions).not.toContain('on_my_way');
  });

  it('records the arrival in minutes, shows it to the client and in the history, and a new tap replaces it', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'upcoming', at('10:00'));
    const clock = onTheDay();
    const res = await onMyWay(world.providerToken, job, { arrival_minutes: 25 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'upcoming', on_my_way: { at: at('09:05'), arrival_at: at('09:30') } });
    expect((await getJob(world.clientToken, job)).body.on_my_way).toEqual({ at: at('09:05'), arrival_at: at('09:30') });
    clock.advance(10 * 60_000);
    const later = await onMyWay(world.providerToken, job, { arrival_time: '09:50' });
    expect(later.body.on_my_way).toEqual({ at: at('09:15'), arrival_at: at('09:50') });
    const history = (await call(t.server, 'GET', `/api/v1/jobs/${job}/history`, { token: world.clientToken })).body.items as { action: string; from_status: string; to_status: string; actor: string }[];
    expect(history.filter((item) => item.action === 'on_my_way')).toEqual([
      expect.objectContaining({ from_status: 'upcoming', to_status: 'upcoming', actor: 'provider' }),
      expect.objectContaining({ from_status: 'upcoming', to_status: 'upcoming', actor: 'provider' }),
    ]);
  });

  it('is gone once the job starts', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'upcoming', at('10:00'));
    onTheDay();
    await onMyWay(world.providerToken, job, { arrival_minutes: 15 });
    const started = await call(t.server, 'POST', `/api/v1/jobs/${job}/start`, { token: world.providerToken });
    expect(started.body).toMatchObject({ status: 'in_progress', on_my_way: null });
    expect((await onMyWay(world.providerToken, job, { arrival_minutes: 15 })).body.code).toBe('invalid_transition');
  });

  it('refuses the client (403), a stranger (404), a pending request (409) and a bad arrival (400)', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'upcoming', at('10:00'));
    const pending = await jobIn(t, world, 'pending', at('14:00'));
    onTheDay();
    expect((await onMyWay(world.clientToken, job, { arrival_minutes: 30 })).status).toBe(403);
    expect((await onMyWay((await outsider(t)).token, job, { arrival_minutes: 30 })).body.code).toBe('job_not_found');
    expect((await onMyWay(world.providerToken, pending, { arrival_minutes: 30 })).body.code).toBe('invalid_transition');
    for (const body of [{}, { arrival_minutes: 30, arrival_time: '10:00' }, { arrival_minutes: 2 }, { arrival_minutes: 241 }, { arrival_minutes: 10.5 }, { arrival_time: '25:00' }, { arrival_time: 'soon' }, { arrival_minutes: 30, note: 'x' }]) {
      const res = await onMyWay(world.providerToken, job, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toBe('validation_failed');
    }
    for (const arrival_time of ['09:00', '09:08', '13:10']) {
      const res = await onMyWay(world.providerToken, job, { arrival_time });
      expect(res.status, arrival_time).toBe(400);
      expect(res.body.code, arrival_time).toBe('arrival_out_of_range');
    }
    expect((await getJob(world.clientToken, job)).body.on_my_way).toBeNull();
  });
});

describe('what the client hears', () => {
  let provider: Account;
  let client: Account;
  const notify = (job: { id: string; client_id: string; provider_id: string }, action: string, status: 'upcoming' | 'completed', from: 'upcoming' | 'in_progress') => {
    const event: LiveEventOf<'job.changed'> = { type: 'job.changed', job_id: job.id, status, from_status: from, action, actor: 'provider', at: new Date().toISOString() };
    return notifyJobChange(t.server.app.context, event, [job.client_id, job.provider_id]);
  };

  beforeAll(async () => {
    provider = await onboardedProvider(t.server, t.knex, 'en');
    client = await onboardedClient(t.server, t.knex, { preferred_contact: 'email' });
  });

  it("emails the client in Spanish that the provider is on the way, with the arrival on the provider's clock", async () => {
    const job = await newJob(t.knex, { clientId: client.id, providerId: provider.id, start: new Date('2026-11-24T14:00:00Z'), status: 'upcoming', title: 'Reparar tubería' });
    onTheDay();
    expect((await onMyWay(provider.token, job.id, { arrival_minutes: 40 })).status).toBe(200);
    // The api's own bus tells the client (lib/notices.ts), as it does after every job change.
    const mails = await eventually(() => outboxTo(t.knex, client.email), (rows) => rows.length > 0);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toMatch(/Plomería Borinquen va en camino\. Llegada estimada: 9:45/);
    expect(await outboxTo(t.knex, provider.email)).toEqual([]);
  });

  it("asks the client for a review when the job ends, and not the provider", async () => {
    const job = await newJob(t.knex, { clientId: client.id, providerId: provider.id, start: new Date('2026-11-24T14:00:00Z'), status: 'completed', title: 'Cambiar llave' });
    await notify(job, 'end', 'completed', 'in_progress');
    const [mail, ...more] = (await outboxTo(t.knex, client.email)).filter((row) => row.body.includes('Cambiar llave'));
    expect(more).toEqual([]);
    expect(mail!.body).toContain('Plomería Borinquen terminó el trabajo. ¿Cómo te fue? Deja tu reseña en la página del trabajo');
  });
});

describe('the WhatsApp number', () => {
  const accepted = async (world: JobWorld) => {
    const job = await jobIn(t, world, 'pending', at('10:00'));
    return job;
  };

  it('is kept as digits with the country code, and removed with null or an empty text', async () => {
    const world = await jobWorld(t);
    expect((await setWhatsapp(world.providerToken, '(787) 555-0123')).body).toEqual({ number: '17875550123' });
    expect((await call(t.server, 'GET', '/api/v1/providers/me/whatsapp', { token: world.providerToken })).body).toEqual({ number: '17875550123' });
    expect((await setWhatsapp(world.providerToken, '+34 612 34 56 78')).body).toEqual({ number: '34612345678' });
    expect((await setWhatsapp(world.providerToken, '')).body).toEqual({ number: null });
    expect((await setWhatsapp(world.providerToken, null)).body).toEqual({ number: null });
  });

  it('refuses what cannot be a mobile with 400 whatsapp_not_mobile, and what is not a number with invalid_phone', async () => {
    const world = await jobWorld(t);
    for (const number of ['1-800-555-0100', '(888) 555 0100', '900 555 0100', '787 411 1234', '311-555-0100']) {
      const res = await setWhatsapp(world.providerToken, number);
      expect([res.status, res.body.code], number).toEqual([400, 'whatsapp_not_mobile']);
    }
    for (const number of ['787-555', 'llámame', '5550123', '+1 787 555 01234', '787+5550123', '087 555 0123']) {
      const res = await setWhatsapp(world.providerToken, number);
      expect([res.status, res.body.code, res.body.details], number).toEqual([400, 'validation_failed', { number: 'invalid_phone' }]);
    }
    expect((await setWhatsapp(world.providerToken, '7'.repeat(31))).status).toBe(400);
    expect((await call(t.server, 'GET', '/api/v1/providers/me/whatsapp', { token: world.providerToken })).body).toEqual({ number: null });
  });

  it('is refused to an account that is not a provider (403)', async () => {
    const world = await jobWorld(t);
    expect((await setWhatsapp(world.clientToken, '787 555 0123')).status).toBe(403);
    expect((await call(t.server, 'GET', '/api/v1/providers/me/whatsapp', { token: world.clientToken })).status).toBe(403);
  });

  it("reaches the job's client only once the provider accepted, never the provider's own view, a stranger or the public profile", async () => {
    const world = await jobWorld(t);
    await setWhatsapp(world.providerToken, '939 555 0199');
    const job = await accepted(world);
    expect((await getJob(world.clientToken, job)).body.provider_whatsapp).toBeNull();
    expect((await patch(t, world.providerToken, job, { action: 'accept', estimated_hours: 1 })).body.status).toBe('upcoming');
    expect((await getJob(world.clientToken, job)).body.provider_whatsapp).toBe('19395550199');
    expect((await getJob(world.providerToken, job)).body.provider_whatsapp).toBeNull();
    expect((await getJob((await outsider(t)).token, job)).status).toBe(404);
    const listed = (await call(t.server, 'GET', '/api/v1/jobs?role=client', { token: world.clientToken })).body.items as { id: string; provider_whatsapp: string | null }[];
    expect(listed.find((item) => item.id === job)?.provider_whatsapp).toBe('19395550199');
    const publicProfile = await call(t.server, 'GET', `/api/v1/providers/${world.providerId}`);
    expect(publicProfile.status).toBe(200);
    expect(JSON.stringify(publicProfile.body)).not.toContain('5550199');
    expect((await patch(t, world.clientToken, job, { action: 'cancel' })).body).toMatchObject({ status: 'cancelled_by_client', provider_whatsapp: null });
  });
});
