/**
 * Earlier-slot alerts (issue 30, decision 0058): a client waits on a provider's full day; when a
 * cancellation frees a time there, everyone waiting is told at once (live and by email or SMS), the
 * first to book gets it under the booking's own no-overlap rule, and the others wait again.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../src/lib/events.ts';
import { call, useTestServer } from './server.ts';
import { jobWorld, newClient, newProvider, tokenFor, tuesday, type JobWorld } from './factories.ts';
import { book, onboardedClient, patch } from './api-factories.ts';
import { jobIn } from './jobs-fixtures.ts';

const t = useTestServer();

const at = (time: string, day = tuesday) => `${day}T${time}:00-04:00`;

/** Tuesday full from 08:00 to 17:00 (the default hours): 08–10, 10–11 (answered: the one to free) and 11–17. */
async function fullTuesday(world: JobWorld): Promise<string> {
  await jobIn(t, world, 'upcoming', at('08:00'), 2);
  const freed = await jobIn(t, world, 'upcoming', at('10:00'), 1);
  await jobIn(t, world, 'upcoming', at('11:00'), 6);
  return freed;
}

const ask = (token: string, body: Record<string, unknown>) => call(t.server, 'POST', '/api/v1/slot-alerts', { token, body });

async function emailOf(id: string): Promise<string> {
  return ((await t.knex('users').where({ id }).first('email')) as { email: string }).email;
}

describe('asking for an earlier-slot alert (POST /slot-alerts)', () => {
  it('waits on a full day: 201 waiting; asking again answers the same alert; the client lists and cancels it', async () => {
    const world = await jobWorld(t);
    await fullTuesday(world);
    const first = await ask(world.clientToken, { provider_id: world.providerId, date: tuesday });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ provider_id: world.providerId, date: tuesday, duration_minutes: 60, status: 'waiting', notified_at: null });
    expect(first.body.provider_name).toMatch(/Empresa/);
    const again = await ask(world.clientToken, { provider_id: world.providerId, date: tuesday, duration_minutes: 120 });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, duration_minutes: 120 });
    const mine = await call(t.server, 'GET', `/api/v1/slot-alerts?provider_id=${world.providerId}`, { token: world.clientToken });
    expect(mine.body.items.map((a: { id: string }) => a.id)).toEqual([first.body.id]);
    // Nobody else sees or cancels it.
    const other = await newClient(t.knex);
    expect((await call(t.server, 'GET', '/api/v1/slot-alerts', { token: tokenFor(t, other) })).body.items).toEqual([]);
    const stranger = await call(t.server, 'DELETE', `/api/v1/slot-alerts/${first.body.id}`, { token: tokenFor(t, other) });
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('slot_alert_not_found');
    expect((await call(t.server, 'DELETE', `/api/v1/slot-alerts/${first.body.id}`, { token: world.clientToken })).status).toBe(204);
    expect((await call(t.server, 'DELETE', `/api/v1/slot-alerts/${first.body.id}`, { token: world.clientToken })).status).toBe(404);
    expect((await call(t.server, 'GET', '/api/v1/slot-alerts', { token: world.clientToken })).body.items).toEqual([]);
  });

  it.each([
    ['a day with a free time', { date: tuesday }, 409, 'slot_alert_day_not_full'],
    ['a closed weekday (Sunday)', { date: '2026-11-29' }, 409, 'slot_alert_day_not_full'],
    ['a day that passed', { date: '2026-11-20' }, 409, 'slot_alert_day_not_full'],
    ['a day past the booking window', { date: '2027-12-01' }, 409, 'slot_alert_day_not_full'],
    ['a day that does not exist', { date: '2026-02-30' }, 400, 'validation_failed'],
    ['a length off the quarter hours', { date: tuesday, duration_minutes: 50 }, 400, 'validation_failed'],
    ['an unknown provider', { provider_id: '00000000-0000-4000-8000-000000000000', date: tuesday }, 404, 'not_found'],
  ])('refuses %s', async (_name, body, status, code) => {
    const world = await jobWorld(t);
    const res = await ask(world.clientToken, { provider_id: world.providerId, ...body });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await t.knex('slot_alerts').where({ client_id: world.clientId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('refuses a provider account (403) and a visitor (401)', async () => {
    const world = await jobWorld(t);
    await fullTuesday(world);
    const otherProvider = await newProvider(t.knex);
    expect((await ask(tokenFor(t, otherProvider, true), { provider_id: world.providerId, date: tuesday })).status).toBe(403);
    expect((await call(t.server, 'POST', '/api/v1/slot-alerts', { body: { provider_id: world.providerId, date: tuesday } })).status).toBe(401);
  });

  it('refuses a 21st waiting day with 409 slot_alert_limit_reached', async () => {
    const world = await jobWorld(t);
    await fullTuesday(world);
    for (let i = 0; i < 20; i += 1) {
      const provider = await newProvider(t.knex);
      await t.knex('slot_alerts').insert({ client_id: world.clientId, provider_id: provider, date: tuesday, duration_minutes: 60 });
    }
    const res = await ask(world.clientToken, { provider_id: world.providerId, date: tuesday });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('slot_alert_limit_reached');
  });
});

describe('a freed time', () => {
  it('is told to all 20 waiters at once, booked once under 20 concurrent tries, and the others wait again', async () => {
    const world = await jobWorld(t);
    const freedJob = await fullTuesday(world);
    const waiters = await Promise.all(Array.from({ length: 20 }, () => newClient(t.knex, { onboarded: true })));
    for (const id of waiters) expect((await ask(tokenFor(t, id), { provider_id: world.providerId, date: tuesday })).status).toBe(201);
    const events: { recipients: string[]; event: DomainEvent }[] = [];
    const stop = t.server.app.context.events.subscribe('slot_alert.changed', (event, recipients) => void events.push({ recipients, event }));

    expect((await patch(t, world.providerToken, freedJob, { action: 'cancel', reason: 'Se me dañó la guagua' })).status).toBe(200);
    // Events cross processes through PostgreSQL: the alerts are told a moment after the answer.
    await vi.waitFor(() => expect(events.filter((e) => e.event.type === 'slot_alert.changed' && e.event.status === 'freed')).toHaveLength(20), { timeout: 5000 });
    expect(new Set(events.map((e) => e.recipients[0]))).toEqual(new Set(waiters));
    const emails = await Promise.all(waiters.map(emailOf));
    await vi.waitFor(async () => expect(await t.knex('outbox').whereIn('to_address', emails).count({ n: '*' })).toEqual([{ n: 20 }]));
    const [mail] = await t.knex('outbox').where({ to_address: emails[0] }).select('subject', 'body');
    expect(mail.subject).toMatch(/^Se liberó un horario con Empresa/);
    expect(mail.body).toContain(`http://localhost:3000/providers/${world.providerId}/book?date=${tuesday}`);
    const told = await call(t.server, 'GET', '/api/v1/slot-alerts', { token: tokenFor(t, waiters[0]!) });
    expect(told.body.items).toEqual([expect.objectContaining({ status: 'freed' })]);

    // Everyone tries the one free hour at once: exactly one gets it.
    const tries = await Promise.all(
      waiters.map((id) => book(t, { ...world, clientId: id, clientToken: tokenFor(t, id) }, { scheduled_start: at('10:00') })),
    );
    const won = tries.filter((res) => res.status === 201);
    expect(won).toHaveLength(1);
    expect(tries.filter((res) => res.status === 409).map((res) => res.body.code)).toEqual(Array(19).fill('slot_already_booked'));
    const held = await t.knex('jobs').where({ provider_id: world.providerId, scheduled_start: new Date(at('10:00')) }).whereIn('status', ['pending', 'upcoming']);
    expect(held).toHaveLength(1);

    // The winner's wait is over; the 19 others wait again (the day is full again) and are told so live.
    const winner = won[0]!.body.client_id as string;
    await vi.waitFor(async () => {
      const rows = await t.knex('slot_alerts').where({ provider_id: world.providerId }).select('client_id', 'notified_at');
      expect(rows.map((row) => row.client_id).sort()).toEqual(waiters.filter((id) => id !== winner).sort());
      expect(rows.every((row) => row.notified_at === null)).toBe(true);
    });
    await vi.waitFor(() => expect(events.filter((e) => e.event.type === 'slot_alert.changed' && e.event.status === 'waiting')).toHaveLength(19));
    stop();
    // A second freeing is told again, to the 19 still waiting only.
    expect((await patch(t, world.providerToken, won[0]!.body.id as string, { action: 'decline' })).status).toBe(200);
    await vi.waitFor(async () => expect(await t.knex('slot_alerts').where({ provider_id: world.providerId }).whereNotNull('notified_at').count({ n: '*' })).toEqual([{ n: 19 }]));
    const freedMails = () => t.knex('outbox').whereIn('to_address', emails).whereLike('subject', 'Se liberó%').count({ n: '*' });
    await vi.waitFor(async () => expect(await freedMails()).toEqual([{ n: 39 }]));
  });

  it("texts a waiter who prefers SMS, in their language, with the day's booking link", async () => {
    const world = await jobWorld(t);
    const freed = await fullTuesday(world);
    const waiter = await onboardedClient(t.server, t.knex, { preferred_contact: 'sms' });
    await t.knex('profiles').where({ id: waiter.id }).update({ language: 'en' });
    const { phone_number: phone } = (await t.knex('profiles').where({ id: waiter.id }).first('phone_number')) as { phone_number: string };
    expect((await ask(waiter.token, { provider_id: world.providerId, date: tuesday })).status).toBe(201);
    expect((await patch(t, world.providerToken, freed, { action: 'cancel' })).status).toBe(200);
    const texts = await vi.waitFor(async () => {
      const rows = (await t.knex('outbox').where({ channel: 'sms', to_address: `+${phone}` }).select('body')) as { body: string }[];
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(texts[0]!.body).toMatch(/^Resuelve: a time freed up with Empresa \d+ on Tuesday, November 24, 2026\. The first to book gets it: /);
    expect(texts[0]!.body).toContain(`/providers/${world.providerId}/book?date=${tuesday}`);
    // By SMS only: no email of it.
    expect(await t.knex('outbox').where({ to_address: waiter.email }).whereLike('subject', 'A time freed%')).toEqual([]);
  });

  it('tells nobody when a cancellation frees nothing they wait for (another day, or too short a time)', async () => {
    const world = await jobWorld(t);
    await fullTuesday(world);
    const wednesdayJob = await jobIn(t, world, 'upcoming', at('10:00', '2026-11-25'), 1);
    const waiter = await newClient(t.knex);
    expect((await ask(tokenFor(t, waiter), { provider_id: world.providerId, date: tuesday, duration_minutes: 120 })).status).toBe(201);
    expect((await patch(t, world.providerToken, wednesdayJob, { action: 'cancel' })).status).toBe(200);
    // Only the hour 10–11 frees on Tuesday: shorter than the two hours asked for.
    const tuesdayHour = await t.knex('jobs').where({ provider_id: world.providerId, scheduled_start: new Date(at('10:00')) }).first('id');
    expect((await patch(t, world.providerToken, tuesdayHour.id, { action: 'cancel' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.knex('slot_alerts').where({ client_id: waiter }).first('notified_at')).toEqual({ notified_at: null });
    expect(await t.knex('outbox').where({ to_address: await emailOf(waiter) })).toEqual([]);
  });

  it('ends with its day: a day passed is neither listed nor told, and the hourly retention deletes it', async () => {
    const world = await jobWorld(t);
    const freed = await fullTuesday(world);
    const waiter = await newClient(t.knex);
    await t.knex('slot_alerts').insert({ client_id: waiter, provider_id: world.providerId, date: '2026-11-20', duration_minutes: 60 });
    expect((await call(t.server, 'GET', '/api/v1/slot-alerts', { token: tokenFor(t, waiter) })).body.items).toEqual([]);
    expect((await patch(t, world.providerToken, freed, { action: 'cancel' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.knex('slot_alerts').where({ client_id: waiter }).first('notified_at')).toEqual({ notified_at: null });
    const { pruneExpiredRows } = await import('../src/background/retention.ts');
    await pruneExpiredRows(t.server.app.context);
    expect(await t.knex('slot_alerts').where({ client_id: waiter })).toEqual([]);
  });
});
