import { beforeAll, describe, expect, it } from 'vitest';
import { checkDayHours, defaultBusinessHours, profileLimits, type BusinessHours } from '@resuelve/contract';
import { ManualClock } from '../src/lib/clock.ts';
import { call, useTestServer } from './server.ts';
import { onboardedProvider, signedIn } from './api-factories.ts';

const t = useTestServer();
let clock: ManualClock;

beforeAll(() => {
  // 02:00 UTC on 21 November is still 22:00 on 20 November in Puerto Rico (UTC-4).
  clock = new ManualClock(new Date('2026-11-21T02:00:00Z'));
  t.server.app.context.clock = clock;
});

const weekHours: BusinessHours = {
  ...defaultBusinessHours,
  monday: { open: true, from: '07:15', to: '18:45' },
  saturday: { open: false, from: '09:00', to: '13:00' },
  sunday: { open: true, from: '10:00', to: '14:00' },
};

describe('business hours', () => {
  it('start at the default week in Puerto Rico time and come with GET /providers/me', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const res = await call(t.server, 'GET', `/api/v1/providers/${me.id}/business-hours`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ business_hours: defaultBusinessHours, timezone: 'America/Puerto_Rico' });
  });

  it('are replaced by their provider and shown to any signed-in person', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const put = await call(t.server, 'PUT', `/api/v1/providers/${me.id}/business-hours`, { token: me.token, body: { business_hours: weekHours } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ business_hours: weekHours, timezone: 'America/Puerto_Rico' });
    expect((await call(t.server, 'GET', '/api/v1/providers/me', { token: me.token })).body.business_hours).toEqual(weekHours);
    const client = await signedIn(t.server, t.knex);
    const seen = await call(t.server, 'GET', `/api/v1/providers/${me.id}/business-hours`, { token: client.token });
    expect(seen.status).toBe(200);
    expect(seen.body.business_hours).toEqual(weekHours);
  });

  it('are hidden from visitors: they must sign in (401)', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const get = await call(t.server, 'GET', `/api/v1/providers/${me.id}/business-hours`);
    expect(get.status).toBe(401);
    expect(get.body.code).toBe('unauthorized');
    const put = await call(t.server, 'PUT', `/api/v1/providers/${me.id}/business-hours`, { body: { business_hours: weekHours } });
    expect(put.status).toBe(401);
  });

  it('of a provider still onboarding are only visible to them; unknown providers are 404', async () => {
    const starting = await signedIn(t.server, t.knex);
    await call(t.server, 'POST', '/api/v1/providers', { token: starting.token, body: { company_name: 'Aún No' } });
    expect((await call(t.server, 'GET', `/api/v1/providers/${starting.id}/business-hours`, { token: starting.token })).status).toBe(200);
    const other = await signedIn(t.server, t.knex);
    const hidden = await call(t.server, 'GET', `/api/v1/providers/${starting.id}/business-hours`, { token: other.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('not_found');
    const unknown = await call(t.server, 'GET', '/api/v1/providers/00000000-0000-4000-8000-000000000000/business-hours', { token: other.token });
    expect(unknown.status).toBe(404);
    const clientId = await call(t.server, 'GET', `/api/v1/providers/${other.id}/business-hours`, { token: other.token });
    expect(clientId.status).toBe(404);
  });

  it('check every day with contract checkDayHours: quarter hours, from before to when open', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const cases = [
      { day: { open: true, from: '17:00', to: '08:00' }, code: 'out_of_range' },
      { day: { open: true, from: '09:00', to: '09:00' }, code: 'out_of_range' },
      { day: { open: true, from: '08:10', to: '17:00' }, code: 'invalid_format' },
      { day: { open: false, from: '24:00', to: '17:00' }, code: 'invalid_format' },
      { day: { open: true, from: '8:00', to: '17:00' }, code: 'invalid_format' },
      { day: { open: false, from: '17:00', to: '08:00' }, code: null },
      { day: { open: true, from: '00:00', to: '23:45' }, code: null },
    ];
    for (const { day, code } of cases) {
      expect(checkDayHours(day)).toBe(code);
      const res = await call(t.server, 'PUT', `/api/v1/providers/${me.id}/business-hours`, {
        token: me.token,
        body: { business_hours: { ...defaultBusinessHours, wednesday: day } },
      });
      if (code) {
        expect(res.status, JSON.stringify(day)).toBe(400);
        expect(res.body.details).toEqual({ 'business_hours.wednesday': code });
      } else {
        expect(res.status, JSON.stringify(day)).toBe(200);
      }
    }
  });

  it('need all seven days, no others, and each day whole', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const { sunday: _sunday, ...sixDays } = defaultBusinessHours;
    const missing = await call(t.server, 'PUT', `/api/v1/providers/${me.id}/business-hours`, { token: me.token, body: { business_hours: sixDays } });
    expect(missing.body.details).toEqual({ 'business_hours.sunday': 'required' });
    const extra = await call(t.server, 'PUT', `/api/v1/providers/${me.id}/business-hours`, {
      token: me.token,
      body: { business_hours: { ...defaultBusinessHours, funday: defaultBusinessHours.monday } },
    });
    expect(extra.body.details).toEqual({ 'business_hours.funday': 'unknown_field' });
    const partial = await call(t.server, 'PUT', `/api/v1/providers/${me.id}/business-hours`, {
      token: me.token,
      body: { business_hours: { ...defaultBusinessHours, friday: { open: true } } },
    });
    expect(partial.body.details).toEqual({ 'business_hours.friday.from': 'required', 'business_hours.friday.to': 'required' });
  });
});

describe('blocked days', () => {
  it('are added with an optional reason and listed from today on, soonest first', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const added = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-12-25', reason: 'Navidad' } });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ date: '2026-12-25', reason: 'Navidad' });
    await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-11-20' } });
    await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-11-27', reason: '  ' } });
    const list = await call(t.server, 'GET', '/api/v1/providers/me/blocked-dates', { token: me.token });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      { date: '2026-11-20', reason: null },
      { date: '2026-11-27', reason: null },
      { date: '2026-12-25', reason: 'Navidad' },
    ]);
  });

  it('decide "past" in the provider time zone', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    // Still 20 November in San Juan.
    expect((await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-11-20' } })).status).toBe(201);
    const past = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-11-19' } });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'validation_failed', details: { date: 'out_of_range' } });
    // Already 21 November in UTC.
    await call(t.server, 'PATCH', '/api/v1/providers/me', { token: me.token, body: { timezone: 'UTC' } });
    const utcPast = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-11-20', reason: 'otra' } });
    expect(utcPast.status).toBe(400);
    expect(utcPast.body.details).toEqual({ date: 'out_of_range' });
    const list = await call(t.server, 'GET', '/api/v1/providers/me/blocked-dates', { token: me.token });
    expect(list.body.items).toEqual([]);
  });

  it('drop out of the list once their day has passed on the clock', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-11-22' } });
    await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-11-30' } });
    const started = clock.now();
    clock.advance(3 * 24 * 3600_000); // 23 November, 22:00 in San Juan
    try {
      const list = await call(t.server, 'GET', '/api/v1/providers/me/blocked-dates', { token: me.token });
      expect(list.body.items).toEqual([{ date: '2026-11-30', reason: null }]);
    } finally {
      clock.advance(started.getTime() - clock.now().getTime());
    }
  });

  it('refuse a day already blocked with 409 date_already_blocked', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2027-01-06', reason: 'Reyes' } });
    const again = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2027-01-06' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('date_already_blocked');
    const [row] = await t.knex('blocked_dates').where({ provider_id: me.id });
    expect(row.reason).toBe('Reyes');
  });

  it('refuse dates that do not exist and reasons that are too long', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    for (const date of ['2027-02-30', '2027-13-01', '27-01-01', '2027/01/01', 'mañana', '']) {
      const res = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date } });
      expect(res.status, date).toBe(400);
      expect(res.body.details, date).toEqual({ date: date === '' ? 'required' : 'invalid_date' });
    }
    const long = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2027-03-01', reason: 'x'.repeat(201) } });
    expect(long.body.details).toEqual({ reason: 'too_long' });
  });

  it(`stop at ${profileLimits.blockedDatesMax} upcoming days`, async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const start = Date.UTC(2026, 10, 21);
    await t.knex('blocked_dates').insert(
      Array.from({ length: profileLimits.blockedDatesMax }, (_, i) => ({
        provider_id: me.id,
        date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      })),
    );
    const res = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2028-06-01' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
  });

  it('are removed by date; removing a day that is not blocked is 404 slot_not_found', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: me.token, body: { date: '2026-12-31' } });
    const removed = await call(t.server, 'DELETE', '/api/v1/providers/me/blocked-dates/2026-12-31', { token: me.token });
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await call(t.server, 'GET', '/api/v1/providers/me/blocked-dates', { token: me.token })).body.items).toEqual([]);
    const missing = await call(t.server, 'DELETE', '/api/v1/providers/me/blocked-dates/2026-12-31', { token: me.token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('slot_not_found');
    const invalid = await call(t.server, 'DELETE', '/api/v1/providers/me/blocked-dates/2026-02-30', { token: me.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual({ date: 'invalid_date' });
  });
});
