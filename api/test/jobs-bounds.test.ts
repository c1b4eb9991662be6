/** How far ahead a job may be scheduled: 12 months from the server's now, for every way a time is set. */
import { describe, expect, it } from 'vitest';
import { lastBookableDay, latestBookableStart } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { book, patch } from './api-factories.ts';
import { jobWorld } from './factories.ts';
import { jobIn } from './jobs-fixtures.ts';

const t = useTestServer();

describe('a booking far ahead', () => {
  it('is refused past 12 months with 400 booking_too_far_ahead, and the year 9999 too', async () => {
    const world = await jobWorld(t); // Monday 23 November 2026
    for (const start of ['2027-11-24T10:00:00-04:00', '9999-11-24T10:00:00-04:00']) {
      const res = await book(t, world, { scheduled_start: start });
      expect(res.status, start).toBe(400);
      expect(res.body).toMatchObject({ status: 400, code: 'booking_too_far_ahead', details: { scheduled_start: 'out_of_range' } });
    }
    expect((await t.knex('jobs').where({ client_id: world.clientId })).length).toBe(0);
  });

  it('is taken just inside the 12 months', async () => {
    const world = await jobWorld(t);
    const res = await book(t, world, { scheduled_start: '2027-11-22T10:00:00-04:00' });
    expect(res.status).toBe(201);
  });

  it('is refused when a provider proposes a time past the limit', async () => {
    const world = await jobWorld(t);
    const jobId = await jobIn(t, world, 'pending');
    const res = await patch(t, world.providerToken, jobId, { action: 'propose_schedule', scheduled_start: '2028-01-04T10:00:00-04:00', duration_hours: 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('booking_too_far_ahead');
  });

  it('is one rule for the api and the ui date pickers', () => {
    expect(latestBookableStart(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2027-11-23T12:00:00.000Z');
    expect(lastBookableDay('2026-11-23')).toBe('2027-11-22');
  });
});

describe('the error', () => {
  it('is translated in Spanish and English', async () => {
    for (const lng of ['es', 'en']) {
      const res = await call(t.server, 'GET', `/locales/${lng}/errors.json`);
      expect(res.body.booking_too_far_ahead, lng).toMatch(/12/);
    }
  });
});
