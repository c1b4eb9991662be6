import { describe, expect, it } from 'vitest';
import { limits, sessionMarkerCookieName } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { cookieSet, refreshCookie, signIn, signUpVerified } from './api-factories.ts';

// The page cannot see the httpOnly refresh cookie; the marker tells it a session exists, so a
// visitor's start-up does not ask to refresh (and log a 401) for nothing.
const t = useTestServer();
const marker = (headers: Record<string, unknown>) => cookieSet(headers, sessionMarkerCookieName);

describe('the web session marker', () => {
  it('comes with a web sign-in: readable by the page, holding nothing secret, as long-lived as the refresh cookie', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const res = await signIn(t.server, account);
    const set = marker(res.headers)!;
    expect(set.value).toBe('1');
    expect(set.attributes).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Strict', `Max-Age=${limits.refreshTokenDays * 86400}`]));
    expect(set.attributes).not.toContain('HttpOnly');
  });

  it('is set again on every refresh, and never for the desktop', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const web = await signIn(t.server, account);
    const refreshed = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: web.cookie! });
    expect(refreshed.status).toBe(200);
    expect(marker(refreshed.headers)!.value).toBe('1');
    const desktop = await signIn(t.server, account, { client: 'desktop' });
    expect(marker(desktop.headers)).toBeNull();
    const desktopRefresh = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: desktop.body.refresh_token } });
    expect(desktopRefresh.status).toBe(200);
    expect(marker(desktopRefresh.headers)).toBeNull();
  });

  it('goes with the refresh cookie when a refresh fails or there is none', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const web = await signIn(t.server, account);
    await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: web.cookie! });
    const reused = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: web.cookie! });
    expect(reused.status).toBe(401);
    expect(refreshCookie(reused.headers)!.value).toBe('');
    expect(marker(reused.headers)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0', 'Path=/']) });
    const none = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {} });
    expect(none.status).toBe(401);
    expect(marker(none.headers)!.value).toBe('');
  });

  it('goes at sign-out', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const web = await signIn(t.server, account);
    const res = await call(t.server, 'POST', '/api/v1/auth/signout', { body: {}, cookie: web.cookie! });
    expect(res.status).toBe(204);
    expect(marker(res.headers)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0', 'Path=/']) });
    expect(refreshCookie(res.headers)!.value).toBe('');
  });
});
