import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { call, useTestServer } from './server.ts';

const database = 'postgres://postgres@127.0.0.1:5432/x';

describe('configuration checked at boot', () => {
  it('refuses to boot without a database address', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
  });

  it('refuses production without a real signing secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: database })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: database, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: database, JWT_SECRET: 'x'.repeat(40) });
    expect(config.secureCookies).toBe(true);
  });

  it('names every bad value at once', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'abc' })).toThrow(/DATABASE_URL[\s\S]*PORT|PORT[\s\S]*DATABASE_URL/);
  });

  it('uses sane defaults in development', () => {
    const config = loadConfig({ DATABASE_URL: database });
    expect(config).toMatchObject({ env: 'development', port: 3000, publicUrl: 'http://localhost:3000', smtpUrl: null, databasePoolMax: 10 });
  });

  it('takes a pool size per api process within bounds', () => {
    expect(loadConfig({ DATABASE_URL: database, DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
    expect(() => loadConfig({ DATABASE_URL: database, DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe('payments (ATH Móvil)', () => {
  const production = { NODE_ENV: 'production', DATABASE_URL: database, JWT_SECRET: 'x'.repeat(40) };
  const key = 'ab'.repeat(32);

  it('are on outside production, through the emulator, with a key derived from the JWT secret', () => {
    const config = loadConfig({ DATABASE_URL: database, JWT_SECRET: 'j'.repeat(32) });
    expect(config.payments).toMatchObject({ enabled: true, emulator: true, emulatorPort: 3090, baseUrl: 'http://127.0.0.1:3090', notifyUrl: 'http://127.0.0.1:3000/api/v1/payments/athmovil/notify' });
    expect(config.payments.tokenKey).toHaveLength(32);
    expect(loadConfig({ DATABASE_URL: database, JWT_SECRET: 'j'.repeat(32) }).payments.tokenKey.equals(config.payments.tokenKey)).toBe(true);
    expect(loadConfig({ DATABASE_URL: database, JWT_SECRET: 'k'.repeat(32) }).payments.tokenKey.equals(config.payments.tokenKey)).toBe(false);
    expect(loadConfig({ DATABASE_URL: database, ATHMOVIL_EMULATOR_PORT: '3300' }).payments.baseUrl).toBe('http://127.0.0.1:3300');
    expect(loadConfig({ DATABASE_URL: database, PAYMENTS_ENABLED: 'false' }).payments.enabled).toBe(false);
  });

  it('reach the real service when ATHMOVIL_BASE_URL is set, and take a key in hex or base64', () => {
    const config = loadConfig({ DATABASE_URL: database, ATHMOVIL_BASE_URL: 'https://payments.athmovil.com/', PAYMENTS_TOKEN_KEY: key, PUBLIC_URL: 'https://resuelve.pr' });
    expect(config.payments).toMatchObject({ emulator: false, baseUrl: 'https://payments.athmovil.com', notifyUrl: 'https://resuelve.pr/api/v1/payments/athmovil/notify' });
    expect(config.payments.tokenKey.toString('hex')).toBe(key);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ DATABASE_URL: database, PAYMENTS_TOKEN_KEY: base64 }).payments.tokenKey.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(() => loadConfig({ DATABASE_URL: database, PAYMENTS_TOKEN_KEY: 'short' })).toThrow(/PAYMENTS_TOKEN_KEY/);
  });

  it('are off in production unless asked, and then refuse to start without the real service and a key', () => {
    expect(loadConfig(production).payments.enabled).toBe(false);
    const on = { ...production, PAYMENTS_ENABLED: 'true' };
    expect(() => loadConfig(on)).toThrow(/ATHMOVIL_BASE_URL/);
    expect(() => loadConfig({ ...on, ATHMOVIL_BASE_URL: 'http://payments.athmovil.com', PAYMENTS_TOKEN_KEY: key })).toThrow(/ATHMOVIL_BASE_URL/);
    expect(() => loadConfig({ ...on, ATHMOVIL_BASE_URL: 'https://localhost:3090', PAYMENTS_TOKEN_KEY: key })).toThrow(/ATHMOVIL_BASE_URL/);
    expect(() => loadConfig({ ...on, ATHMOVIL_BASE_URL: 'https://payments.athmovil.com' })).toThrow(/PAYMENTS_TOKEN_KEY/);
    expect(loadConfig({ ...on, ATHMOVIL_BASE_URL: 'https://payments.athmovil.com', PAYMENTS_TOKEN_KEY: key }).payments).toMatchObject({ enabled: true, emulator: false });
  });
});

describe('the default start is closed to strangers', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: database }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: database, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('signs with a random secret kept (0600) in the data folder when JWT_SECRET is not set, the same across restarts', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-secret-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-secret-'));
    try {
      const env = { DATABASE_URL: database, EMBEDDED_PG_DIR: path.join(folder, 'postgres') };
      const first = loadConfig(env).jwtSecret;
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first).not.toBe('development-only-secret-not-for-production');
      const file = path.join(folder, 'jwt-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig(env).jwtSecret).toBe(first);
      expect(loadConfig({ DATABASE_URL: database, EMBEDDED_PG_DIR: path.join(other, 'postgres') }).jwtSecret).not.toBe(first);
      expect(loadConfig({ ...env, JWT_SECRET: 'j'.repeat(32) }).jwtSecret).toBe('j'.repeat(32));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('in production', () => {
  const t = useTestServer({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
  it('has no dev outbox route', async () => {
    const res = await call(t.server, 'GET', '/api/v1/dev/outbox?to=a@b.pr');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('route_not_found');
  });
  it('sends HSTS', async () => {
    const res = await call(t.server, 'GET', '/api/v1/health');
    expect(res.headers['strict-transport-security']).toContain('max-age');
  });
});

describe('development routes', () => {
  const t = useTestServer();
  it('answer callers on this machine', async () => {
    expect((await call(t.server, 'GET', '/api/v1/dev/outbox?to=a@b.pr')).status).toBe(200);
    expect((await call(t.server, 'GET', '/api/v1/dev/clock', { address: '::1' })).status).toBe(200);
    expect((await call(t.server, 'GET', '/api/v1/dev/clock', { address: '::ffff:127.0.0.1' })).status).toBe(200);
  });

  it('refuse any other address with 403, whatever X-Forwarded-For claims', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/dev/outbox?to=a@b.pr'],
      ['GET', '/api/v1/dev/clock'],
      ['POST', '/api/v1/dev/clock'],
      ['POST', '/api/v1/dev/background/job-reminders'],
    ] as const) {
      const res = await call(t.server, method, url, { address: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' }, body: { advance_seconds: 60 } });
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    // The clock did not move.
    const clock = await call(t.server, 'GET', '/api/v1/dev/clock');
    expect(clock.body.offset_seconds).toBe(0);
  });
});
