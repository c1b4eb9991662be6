import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { enforce, hit } from '../src/lib/rate-limits.ts';

const t = useTestServer();

describe('platform', () => {
  it('answers health 200 when the database is up', async () => {
    const res = await call(t.server, 'GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('echoes a sane X-Correlation-Id and makes one when absent or unsafe', async () => {
    const given = await call(t.server, 'GET', '/api/v1/health', { headers: { 'x-correlation-id': 'abc-123' } });
    expect(given.headers['x-correlation-id']).toBe('abc-123');
    const made = await call(t.server, 'GET', '/api/v1/health', { headers: { 'x-correlation-id': '<script>' } });
    expect(made.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown api routes with 404 route_not_found in the error shape, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await call(t.server, method, '/api/v1/nothing/here');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'No such route', status: 404, code: 'route_not_found' });
      expect(res.headers['x-correlation-id']).toBeTruthy();
    }
  });

  it('refuses invalid JSON with 400 invalid_json', async () => {
    const res = await call(t.server, 'POST', '/api/v1/logs/batch', { raw: '{"logs": [' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_json');
  });

  it('reports each bad field with a code and refuses unknown fields', async () => {
    const res = await call(t.server, 'POST', '/api/v1/logs/batch', {
      body: { logs: [{ timestamp: 'yesterday', level: 'loud', message: 'x' }], extra: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details).toMatchObject({ 'logs.0.timestamp': 'invalid_date', 'logs.0.level': 'not_allowed', extra: 'unknown_field' });
  });

  it('stores a valid batch of client logs with 204', async () => {
    const res = await call(t.server, 'POST', '/api/v1/logs/batch', {
      body: { logs: [{ timestamp: new Date().toISOString(), level: 'error', message: 'boom', correlation_id: 'c1', url: '/x', category: 'ui' }] },
    });
    expect(res.status).toBe(204);
    const rows = await t.knex('client_logs').where({ correlation_id: 'c1' });
    expect(rows).toHaveLength(1);
    expect(rows[0].message).toBe('boom');
  });

  it('sends security headers with a CSP that allows self and the tile server only', async () => {
    const res = await call(t.server, 'GET', '/api/v1/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(csp).not.toContain('*;');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves translation files with cache headers and 404s unknown languages in the error shape', async () => {
    const res = await t.server.inject('/locales/es/common.json');
    if (res.statusCode === 200) {
      expect(res.headers['cache-control']).toContain('max-age');
      expect(res.headers.etag).toBeTruthy();
    } else {
      expect(res.statusCode).toBe(404);
    }
    const bad = await call(t.server, 'GET', '/locales/fr/common.json');
    expect(bad.status).toBe(400);
  });

  it('gives other unknown paths the web app', async () => {
    const res = await t.server.inject('/some/page/that/does/not/exist');
    expect([200, 503]).toContain(res.statusCode);
    expect(res.headers['content-type']).toMatch(/text\/(html|plain)/);
  });

  it('lets the desktop console (app://console) call the api, correlation id included, and no other origin', async () => {
    const preflight = await t.server.inject({
      method: 'OPTIONS',
      url: '/api/v1/profiles/me',
      headers: { origin: 'app://console', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-correlation-id,content-type' },
    });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.headers['access-control-allow-origin']).toBe('app://console');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/X-Correlation-Id/i);
    const stranger = await t.server.inject({ method: 'GET', url: '/api/v1/health', headers: { origin: 'https://evil.example' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document', async () => {
    const res = await call(t.server, 'GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi ?? res.body.swagger).toBeTruthy();
    expect(Object.keys(res.body.paths)).toContain('/health');
  });

  it("groups each route in the OpenAPI document under its module's tag, given once by registerRoutes", async () => {
    const { body } = await call(t.server, 'GET', '/api/v1/openapi.json');
    const tagsOf = (path: string, method: string) => body.paths[path]?.[method]?.tags;
    expect(tagsOf('/reviews/{id}', 'get')).toEqual(['reviews']);
    expect(tagsOf('/jobs', 'post')).toEqual(['jobs']);
    expect(tagsOf('/analytics/website-stats', 'get')).toEqual(['analytics']);
    // A route that names its own group keeps it.
    expect(tagsOf('/categories/{id}/providers', 'get')).toEqual(['categories']);
    expect(tagsOf('/providers/me/auto-reply', 'get')).toEqual(['messages', 'providers']);
  });

  it('counts rate-limit hits across calls and tells when to retry', async () => {
    const first = await hit(t.knex, 'test:key', 2, 60);
    const second = await hit(t.knex, 'test:key', 2, 60);
    const third = await hit(t.knex, 'test:key', 2, 60);
    expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('refuses a rule counted by a service past its limit with 429 rate_limited and Retry-After', async () => {
    await enforce(t.knex, 'test:rule', 1, 3600);
    const refused = await enforce(t.knex, 'test:rule', 1, 3600).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number((refused as { headers: Record<string, string> }).headers['Retry-After'])).toBeGreaterThan(0);
  });

  it('moves the server clock forward outside production, and back with reset', async () => {
    const before = await call(t.server, 'GET', '/api/v1/dev/clock');
    const moved = await call(t.server, 'POST', '/api/v1/dev/clock', { body: { advance_seconds: 3600 } });
    expect(moved.body.offset_seconds).toBe(before.body.offset_seconds + 3600);
    expect(Date.parse(moved.body.now) - Date.parse(before.body.now)).toBeGreaterThanOrEqual(3600_000);
    expect(t.server.app.context.clock.now().getTime() - Date.now()).toBeGreaterThan(3500_000);
    const reset = await call(t.server, 'POST', '/api/v1/dev/clock', { body: { reset: true } });
    expect(reset.body.offset_seconds).toBe(0);
    expect((await call(t.server, 'POST', '/api/v1/dev/clock', { body: {} })).status).toBe(400);
    // A chosen moment, back or forward: the browser journeys start each on the same morning.
    const morning = '2031-03-04T12:00:00.000Z';
    const pinned = await call(t.server, 'POST', '/api/v1/dev/clock', { body: { to: morning } });
    expect(pinned.status).toBe(200);
    expect(Math.abs(new Date(pinned.body.now).getTime() - Date.parse(morning))).toBeLessThan(60_000);
    const back = await call(t.server, 'POST', '/api/v1/dev/clock', { body: { to: '2001-01-01T00:00:00Z' } });
    expect(back.status).toBe(200);
    expect(new Date(back.body.now).getUTCFullYear()).toBe(2001);
    expect((await call(t.server, 'POST', '/api/v1/dev/clock', { body: { to: '9999-12-31' } })).status).toBe(400);
    expect((await call(t.server, 'POST', '/api/v1/dev/clock', { body: { to: morning, reset: true } })).status).toBe(400);
    await call(t.server, 'POST', '/api/v1/dev/clock', { body: { reset: true } });
  });

  it('lists the dev outbox newest first with links and codes', async () => {
    await t.knex('outbox').insert({ channel: 'email', to_address: 'ana@example.pr', subject: 'a', body: 'first', created_at: new Date(Date.now() - 1000) });
    await t.knex('outbox').insert({ channel: 'sms', to_address: 'ana@example.pr', subject: null, body: 'code 123456', codes: JSON.stringify(['123456']) });
    const res = await call(t.server, 'GET', '/api/v1/dev/outbox?to=ANA@example.pr');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { body: string }) => i.body)).toEqual(['code 123456', 'first']);
    expect(res.body.items[0].codes).toEqual(['123456']);
  });
});

describe('rate limiting on the whole api', () => {
  const limited = useTestServer({ RATE_LIMIT_PER_MINUTE: '3' });
  it('answers 429 rate_limited with Retry-After past the limit', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await call(limited.server, 'GET', '/api/v1/nothing');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
    expect(statuses[4]).toBe(429);
    expect(last?.body.code).toBe('rate_limited');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('idle connections', () => {
  it('are kept longer than the clients and proxies that reuse them (60 s)', () => {
    expect(t.server.listener.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(t.server.listener.headersTimeout).toBeGreaterThan(t.server.listener.keepAliveTimeout);
  });
});
