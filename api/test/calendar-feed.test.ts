import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newAdmin, newJob } from './factories.ts';
import { lastLinkTo, tokenOf } from './outbox.ts';
import { type Account, onboardedClient, onboardedProvider, signIn, signedIn } from './api-factories.ts';

const test = useTestServer();
let provider: Account;
let client: Account;

// 10:30 in Puerto Rico (UTC-4 all year) on a Tuesday.
const start = new Date('2031-03-04T14:30:00Z');

beforeAll(async () => {
  provider = await onboardedProvider(test.server, test.knex);
  client = await onboardedClient(test.server, test.knex, { preferred_contact: 'email' });
});

function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** The wall-clock time in Puerto Rico of a parsed iCalendar time, "HH:mm". */
function localTime(time: ICAL.Time): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Puerto_Rico', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(time.toJSDate());
}

/** Parses iCalendar text with ical.js (throws on text that is not iCalendar) and registers its zones. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

describe('private calendar feed', () => {
  it('gives the same secret address on each ask, and the feed shows the jobs at the right local time', async () => {
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start, hours: 1.5, status: 'upcoming', title: 'Reparar calentador' });
    const first = await call(test.server, 'GET', '/api/v1/calendar/feed', { token: client.token });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(test.server, 'GET', '/api/v1/calendar/feed', { token: client.token })).body.url).toBe(first.body.url);

    const feed = await call(test.server, 'GET', pathOf(first.body.url));
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const { calendar, events } = parse(feed.raw);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Resuelve: mis trabajos');
    const event = events.find((e) => e.uid === `${job.id}@resuelve`)!;
    expect(event.summary).toBe('Reparar calentador · Plomería Borinquen');
    expect(event.startDate.zone.tzid).toBe('UTC'); // an absolute time, shown in each reader's zone
    expect(localTime(event.startDate)).toBe('10:30');
    expect(localTime(event.endDate)).toBe('12:00');
    expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(event.description).toContain('Próximo');
    expect(event.description).toContain(`http://localhost:3000/client/jobs/${job.id}`);
  });

  it("shows the provider the client's name, and leaves out cancelled and expired jobs", async () => {
    const shown = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: new Date('2031-03-05T13:00:00Z'), status: 'pending' });
    const cancelled = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: new Date('2031-03-06T13:00:00Z'), status: 'cancelled_by_client' });
    const expired = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: new Date('2031-03-07T13:00:00Z'), status: 'expired' });
    const url = (await call(test.server, 'GET', '/api/v1/calendar/feed', { token: provider.token })).body.url;
    const { events } = parse((await call(test.server, 'GET', pathOf(url))).raw);
    const uids = events.map((e) => e.uid);
    expect(uids).toContain(`${shown.id}@resuelve`);
    expect(uids).not.toContain(`${cancelled.id}@resuelve`);
    expect(uids).not.toContain(`${expired.id}@resuelve`);
    const event = events.find((e) => e.uid === `${shown.id}@resuelve`)!;
    expect(event.summary).toBe('Reparar tubería · María R.');
    expect(event.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(localTime(event.startDate)).toBe('09:00');
  });

  it('regenerating gives a new address and the old one stops working', async () => {
    const old = (await call(test.server, 'GET', '/api/v1/calendar/feed', { token: client.token })).body.url;
    const regenerated = await call(test.server, 'POST', '/api/v1/calendar/feed/regenerate', { token: client.token });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.url).not.toBe(old);
    const gone = await call(test.server, 'GET', pathOf(old));
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ status: 404, code: 'not_found' });
    expect((await call(test.server, 'GET', pathOf(regenerated.body.url))).status).toBe(200);
    expect((await call(test.server, 'GET', '/api/v1/calendar/feed', { token: client.token })).body.url).toBe(regenerated.body.url);
  });

  it('ends the address at a password reset: the old one answers 404, the next ask makes a new one', async () => {
    const account = await onboardedClient(test.server, test.knex, { preferred_contact: 'email' });
    const before = (await call(test.server, 'GET', '/api/v1/calendar/feed', { token: account.token })).body.url as string;
    expect((await call(test.server, 'GET', pathOf(before))).status).toBe(200);
    await call(test.server, 'POST', '/api/v1/auth/password-reset', { body: { email: account.email } });
    const link = tokenOf(await lastLinkTo(test.knex, account.email, '/auth/reset-password'));
    expect((await call(test.server, 'POST', '/api/v1/auth/password-reset/confirm', { body: { token: link, password: 'Nueva#Clave2027' } })).status).toBe(204);
    expect((await call(test.server, 'GET', pathOf(before))).body).toMatchObject({ status: 404, code: 'not_found' });
    const again = await signIn(test.server, { email: account.email, password: 'Nueva#Clave2027' });
    const after = (await call(test.server, 'GET', '/api/v1/calendar/feed', { token: again.body.access_token })).body.url as string;
    expect(after).not.toBe(before);
    expect((await call(test.server, 'GET', pathOf(after))).status).toBe(200);
  });

  it('ends the address at suspension, and a restored account does not get the old one back', async () => {
    const account = await onboardedProvider(test.server, test.knex);
    const admin = await newAdmin(test);
    const before = (await call(test.server, 'GET', '/api/v1/calendar/feed', { token: account.token })).body.url as string;
    expect((await call(test.server, 'GET', pathOf(before))).status).toBe(200);
    const suspend = await call(test.server, 'POST', `/api/v1/admin/accounts/${account.id}/suspend`, { token: admin.token, body: {} });
    expect(suspend.status).toBe(200);
    expect((await call(test.server, 'GET', pathOf(before))).status).toBe(404);
    expect((await call(test.server, 'POST', `/api/v1/admin/accounts/${account.id}/restore`, { token: admin.token, body: {} })).status).toBe(200);
    expect((await call(test.server, 'GET', pathOf(before))).status).toBe(404);
  });

  it('answers 404 for a suspended account even if its address was kept', async () => {
    const account = await onboardedClient(test.server, test.knex, { preferred_contact: 'email' });
    const url = (await call(test.server, 'GET', '/api/v1/calendar/feed', { token: account.token })).body.url as string;
    await test.knex('profiles').where({ id: account.id }).update({ suspended_at: new Date() });
    expect((await call(test.server, 'GET', pathOf(url))).status).toBe(404);
  });

  it('answers 404 to a made-up token and 401 to asking for an address without a session', async () => {
    expect((await call(test.server, 'GET', `/api/v1/calendar/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await call(test.server, 'GET', '/api/v1/calendar/short.ics')).status).toBe(404);
    expect((await call(test.server, 'GET', '/api/v1/calendar/feed')).status).toBe(401);
    expect((await call(test.server, 'POST', '/api/v1/calendar/feed/regenerate')).status).toBe(401);
  });
});

describe('GET /api/v1/jobs/{id}/ics (add to calendar)', () => {
  it('gives either party the job as an .ics file at the right local time', async () => {
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: new Date('2031-04-01T20:15:00Z'), status: 'upcoming' });
    for (const account of [client, provider]) {
      const res = await call(test.server, 'GET', `/api/v1/jobs/${job.id}/ics`, { token: account.token });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="resuelve-.+\.ics"$/);
      const { events } = parse(res.raw);
      expect(events).toHaveLength(1);
      expect(localTime(events[0]!.startDate)).toBe('16:15');
    }
  });

  it("gives the provider the client's place in their own words, the address only once the job is accepted", async () => {
    const location = async (jobId: string, token: string) => parse((await call(test.server, 'GET', `/api/v1/jobs/${jobId}/ics`, { token })).raw).events[0]!.location;
    const home = await test.knex('client_profiles').where({ id: client.id }).first('address');
    const pending = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: new Date('2031-04-03T20:15:00Z') });
    expect(await location(pending.id, provider.token)).toBe('En el lugar del cliente');
    expect(await location(pending.id, client.token)).toBe('En tu ubicación');
    const custom = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: new Date('2031-04-04T20:15:00Z') });
    await test.knex('jobs').where({ id: custom.id }).update({ location_type: 'client_location', location_address: 'Calle Luna 12, Ponce' });
    expect(await location(custom.id, provider.token)).toBe('En una dirección que dio el cliente');
    expect(await location(custom.id, client.token)).toBe('Otra dirección: Calle Luna 12, Ponce');
    await test.knex('jobs').whereIn('id', [pending.id, custom.id]).update({ status: 'upcoming' });
    expect(await location(pending.id, provider.token)).toMatch(new RegExp(`^En el lugar del cliente: ${home.address}, `));
    expect(await location(custom.id, provider.token)).toBe('En una dirección que dio el cliente: Calle Luna 12, Ponce');
  });

  it('answers 404 to anyone else, and to a job that does not exist', async () => {
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: new Date('2031-04-02T20:15:00Z'), status: 'upcoming' });
    const stranger = await signedIn(test.server, test.knex);
    const res = await call(test.server, 'GET', `/api/v1/jobs/${job.id}/ics`, { token: stranger.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'job_not_found' });
    expect((await call(test.server, 'GET', `/api/v1/jobs/${crypto.randomUUID()}/ics`, { token: client.token })).status).toBe(404);
    expect((await call(test.server, 'GET', `/api/v1/jobs/${job.id}/ics`)).status).toBe(401);
  });
});
