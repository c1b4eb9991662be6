/**
 * Suspending an account from the admin console: it cannot sign in (account_suspended), its
 * access tokens and refresh tokens stop at once, a suspended provider leaves search and their
 * profile, and restoring brings all of it back; both actions are recorded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newAdmin, newProvider } from './factories.ts';
import { onboardedClient, signIn, signUpVerified } from './api-factories.ts';

const t = useTestServer();
let admin: { id: string; token: string };

beforeAll(async () => {
  admin = await newAdmin(t);
});

const suspend = (id: string, reason?: string) => call(t.server, 'POST', `/api/v1/admin/accounts/${id}/suspend`, { token: admin.token, body: reason ? { reason } : {} });
const restore = (id: string) => call(t.server, 'POST', `/api/v1/admin/accounts/${id}/restore`, { token: admin.token, body: {} });

describe('a suspended account', () => {
  it('cannot sign in, and its sessions end at once (access token, refresh token)', async () => {
    const client = await onboardedClient(t.server, t.knex);
    const session = await signIn(t.server, client, { client: 'desktop' });
    const token = session.body.access_token as string;
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token })).status).toBe(200);

    const suspended = await suspend(client.id, 'Fraude reportado');
    expect(suspended.status, suspended.raw).toBe(200);
    expect(suspended.body.suspended_at).not.toBeNull();

    const refused = await call(t.server, 'GET', '/api/v1/profiles/me', { token });
    expect([refused.status, refused.body.code]).toEqual([401, 'unauthorized']);
    // The refresh says why, so the open tab can tell the person (an unknown token still learns nothing).
    const refreshed = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: session.body.refresh_token } });
    expect([refreshed.status, refreshed.body.code]).toEqual([403, 'account_suspended']);
    const unknown = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: 'a'.repeat(64) } });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'refresh_token_invalid']);

    const again = await signIn(t.server, client);
    expect([again.status, again.body.code]).toEqual([403, 'account_suspended']);
    const wrongPassword = await signIn(t.server, { email: client.email, password: 'Wrong#2026pw' });
    expect(wrongPassword.body.code).toBe('invalid_credentials'); // says nothing to a stranger

    const restored = await restore(client.id);
    expect(restored.body.suspended_at).toBeNull();
    expect((await signIn(t.server, client)).status).toBe(200);

    const history = await call(t.server, 'GET', `/api/v1/admin/accounts/${client.id}/actions`, { token: admin.token });
    expect(history.body.items.map((a: { action: string }) => a.action)).toEqual(['account_restored', 'account_suspended']);
    expect(history.body.items[1]).toMatchObject({ admin_id: admin.id, details: { reason: 'Fraude reportado' } });
  });

  it('is a provider no longer in search nor found by their profile, until restored', async () => {
    const id = await newProvider(t.knex, { company_name: 'Techos Suspendidos', categories: ['plumbing'], lat: 18.2, lng: -67.14, municipality_slug: 'mayaguez' });
    const inSearch = async () => {
      const near = await call(t.server, 'GET', '/api/v1/providers?category=plumbing&municipality=mayaguez&limit=50');
      const text = await call(t.server, 'GET', `/api/v1/providers?q=${encodeURIComponent('Techos Suspendidos')}&limit=50`);
      expect([near.status, text.status]).toEqual([200, 200]);
      return [near, text].map((res) => res.body.items.some((card: { id: string }) => card.id === id));
    };
    expect(await inSearch()).toEqual([true, true]);
    await suspend(id);
    expect(await inSearch()).toEqual([false, false]);
    expect((await call(t.server, 'GET', `/api/v1/providers/${id}`)).status).toBe(404);
    await restore(id);
    expect(await inSearch()).toEqual([true, true]);
    expect((await call(t.server, 'GET', `/api/v1/providers/${id}`)).status).toBe(200);
  });

  it('is found by the admin by email or name, and admins cannot be suspended', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const found = await call(t.server, 'GET', `/api/v1/admin/accounts?q=${encodeURIComponent(account.email)}`, { token: admin.token });
    expect(found.body.items.map((a: { id: string }) => a.id)).toEqual([account.id]);
    const self = await suspend(admin.id);
    expect([self.status, self.body.code]).toEqual([409, 'account_not_suspendable']);
    const missing = await suspend('00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.body.code]).toEqual([404, 'account_not_found']);
    const clientToken = (await signIn(t.server, account)).body.access_token as string;
    const byClient = await call(t.server, 'POST', `/api/v1/admin/accounts/${account.id}/suspend`, { token: clientToken, body: {} });
    expect(byClient.status).toBe(403);
  });
});
