import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { sessionMarkerCookieName } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { getI18n } from '../../lib/i18n.ts';
import { restoreSession } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';
import { setPlatform } from '../../platform/index.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { AuthPage } from './auth-page.tsx';
import { apiError, mockApi, profile, renderRoute } from './test-helpers.tsx';

// Issue 27 point 11: an open tab whose account an admin suspended is sent to sign in, and the
// sign-in page says why instead of a blank form. The api's refresh answers account_suspended.

beforeEach(() => {
  setPlatform(createWebPlatform());
  document.cookie = `${sessionMarkerCookieName}=1; path=/`;
  useSession.setState({ status: 'signed_in', accessToken: 'token-1', user: profile, restoreFailed: false, signedOutByUser: false, endedBecause: null });
  mockApi(({ path }) => (path === '/auth/refresh' ? apiError('account_suspended', 403) : apiError('unauthorized', 401)));
});

afterEach(async () => {
  document.cookie = `${sessionMarkerCookieName}=; path=/; max-age=0`;
  vi.unstubAllGlobals();
  await act(() => getI18n().changeLanguage('es'));
});

describe('a suspended account’s open session', () => {
  it('ends at the next call, and the sign-in page says the account was suspended', async () => {
    await expect(apiFetch('/profiles/me')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().status).toBe('signed_out');
    renderRoute('/auth', <AuthPage />, '/auth');
    expect((await screen.findByRole('alert')).textContent).toBe('Se cerró tu sesión porque esta cuenta fue suspendida. Escríbenos si crees que es un error.');
  });

  it('says it in English too, also when the tab is opened again (the session restored at start-up)', async () => {
    await act(() => getI18n().changeLanguage('en'));
    useSession.setState({ status: 'loading', accessToken: null, user: null });
    await restoreSession();
    expect(useSession.getState()).toMatchObject({ status: 'signed_out', restoreFailed: false });
    renderRoute('/auth', <AuthPage />, '/auth');
    expect((await screen.findByRole('alert')).textContent).toBe('You were signed out because this account was suspended. Write to us if you think this is a mistake.');
  });
});
