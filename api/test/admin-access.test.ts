/**
 * Every admin route (tagged `admin`, lib/admin-guard.ts) refuses a visitor with 401 and a client
 * or a provider with 403, whatever they send; an admin gets through. The routes are read from the
 * server's table, so an admin route added later is walked too.
 */
import type { RequestRoute } from '@hapi/hapi';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newAdmin, newClient, newJob, newProvider, setClock, tokenFor } from './factories.ts';

const t = useTestServer();

let clientToken: string;
let providerToken: string;
let adminToken: string;

beforeAll(async () => {
  clientToken = tokenFor(t, await newClient(t.knex));
  providerToken = tokenFor(t, await newProvider(t.knex), true);
  adminToken = (await newAdmin(t)).token;
});

function adminRoutes(): RequestRoute[] {
  return t.server.table().filter((route) => route.settings.tags?.includes('admin'));
}

const nameOf = (route: RequestRoute) => `${route.method.toUpperCase()} ${route.path}`;
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, randomUUID());

describe('admin routes', () => {
  it('are every route under /api/v1/admin and none is left out', () => {
    const tagged = adminRoutes().map(nameOf).sort();
    const underAdmin = t.server
      .table()
      .filter((route) => route.path.startsWith('/api/v1/admin/'))
      .map(nameOf)
      .sort();
    expect(tagged.length).toBeGreaterThan(0);
    for (const name of underAdmin) expect(tagged).toContain(name);
  });

  it('answer a visitor 401 unauthorized', async () => {
    for (const route of adminRoutes()) {
      const res = await call(t.server, route.method, urlOf(route.path), { body: {} });
      expect(res.status, `${nameOf(route)} ${res.raw}`).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
  });

  it('answer a client and a provider 403 forbidden, even with a body that would not validate', async () => {
    for (const route of adminRoutes()) {
      for (const token of [clientToken, providerToken]) {
        const res = await call(t.server, route.method, `${urlOf(route.path)}${route.method === 'get' ? '?limit=oops' : ''}`, {
          token,
          body: { nonsense: true },
        });
        expect(res.status, `${nameOf(route)} ${res.raw}`).toBe(403);
        expect(res.body.code).toBe('forbidden');
      }
    }
  });

  it('let an admin through (a bad query is then a 400, not a refusal)', async () => {
    const res = await call(t.server, 'GET', '/api/v1/admin/logs?limit=oops', { token: adminToken });
    expect(res.status).toBe(400);
    const ok = await call(t.server, 'GET', '/api/v1/admin/logs', { token: adminToken });
    expect(ok.status).toBe(200);
  });
});

describe('GET /admin/logs', () => {
  it('filters the entries browsers sent by level, user, correlation id and time', async () => {
    const userId = await newClient(t.knex, { email: `logs-${randomUUID().slice(0, 8)}@example.com` });
    const email = (await t.knex('users').where({ id: userId }).first('email')).email as string;
    const batch = (level: string, correlation: string, at: string) => ({ timestamp: at, level, message: `${level} ${correlation}`, correlation_id: correlation });
    const sent = await call(t.server, 'POST', '/api/v1/logs/batch', {
      token: tokenFor(t, userId),
      body: { logs: [batch('error', 'corr-a', '2026-11-20T10:00:00Z'), batch('info', 'corr-b', '2026-11-22T10:00:00Z')] },
    });
    expect(sent.status).toBe(204);
    await call(t.server, 'POST', '/api/v1/logs/batch', { body: { logs: [batch('error', 'corr-c', '2026-11-22T11:00:00Z')] } });

    const byLevel = await call(t.server, 'GET', `/api/v1/admin/logs?level=error&user=${encodeURIComponent(email)}`, { token: adminToken });
    expect(byLevel.body.items.map((e: { correlation_id: string }) => e.correlation_id)).toEqual(['corr-a']);
    expect(byLevel.body.items[0].user_email).toBe(email);

    const byCorrelation = await call(t.server, 'GET', '/api/v1/admin/logs?correlation_id=corr-c', { token: adminToken });
    expect(byCorrelation.body.total).toBe(1);
    expect(byCorrelation.body.items[0].user_id).toBeNull();

    const byTime = await call(t.server, 'GET', `/api/v1/admin/logs?user=${userId}&from=2026-11-21T00:00:00Z&to=2026-11-23T00:00:00Z`, { token: adminToken });
    expect(byTime.body.items.map((e: { message: string }) => e.message)).toEqual(['info corr-b']);
  });
});

describe('GET /admin/overview', () => {
  it('counts sign-ups, bookings and active clients per Puerto Rico day, and the providers listed, verified and insured', async () => {
    setClock(t, '2026-11-20T15:00:00Z');
    const before = await call(t.server, 'GET', '/api/v1/admin/overview?days=7', { token: adminToken });
    expect(before.status, before.raw).toBe(200);
    expect(before.body.days.map((d: { date: string }) => d.date)).toEqual(['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    const today = (body: { days: { date: string; bookings: number; active_clients: number }[] }) => body.days.at(-1)!;

    const clientId = await newClient(t.knex);
    await t.knex('users').where({ id: clientId }).update({ created_at: new Date('2026-11-20T03:30:00Z') }); // the 19th in Puerto Rico
    const providerId = await newProvider(t.knex, { verified: true, insured: true, categories: ['plumbing'], lat: 18.2, lng: -67.14 });
    await newJob(t.knex, { clientId, providerId, start: '2026-11-22T14:00:00Z', createdAt: new Date('2026-11-20T14:00:00Z') });

    const after = await call(t.server, 'GET', '/api/v1/admin/overview?days=7', { token: adminToken });
    const day19 = after.body.days.find((d: { date: string }) => d.date === '2026-11-19');
    const day19Before = before.body.days.find((d: { date: string }) => d.date === '2026-11-19');
    expect(day19.signups).toBe(day19Before.signups + 1);
    expect(today(after.body).bookings).toBe(today(before.body).bookings + 1);
    expect(today(after.body).active_clients).toBe(today(before.body).active_clients + 1);
    expect(after.body.providers.verified).toBe(before.body.providers.verified + 1);
    expect(after.body.providers.insured).toBe(before.body.providers.insured + 1);
    expect(after.body.active_clients).toBe(before.body.active_clients + 1);
    expect((await call(t.server, 'GET', '/api/v1/admin/overview?days=3', { token: adminToken })).status).toBe(400);
  });
});
