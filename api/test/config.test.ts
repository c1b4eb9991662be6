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
    expect(config).toMatchObject({ env: 'development', port: 3000, publicUrl: 'http://localhost:3000', smtpUrl: null });
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
