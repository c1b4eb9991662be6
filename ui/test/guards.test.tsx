import './screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../src/lib/api-error.ts';
import { currentPath } from '../src/lib/navigation.ts';
import { profileQueryKey } from '../src/lib/session-actions.ts';
import { fakeTransport, jsonResponse, mockFetch, profile, renderApp } from './helpers.tsx';

const client = profile();
const provider = profile({ id: 'p-7', is_contractor: true, email: 'taller@example.pr' });

async function heading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}

describe('route guards (SPEC.md §2)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a verifying message while the session loads', async () => {
    let answer: (value: null) => void = () => undefined;
    renderApp('/client/home', { session: fakeTransport({ refresh: () => new Promise((resolve) => (answer = resolve)) }) });
    try {
      expect(await screen.findByText('Verificando autenticación…')).toBeTruthy();
    } finally {
      answer(null); // the refresh is shared module-wide: settle it for the next tests
    }
    await heading('auth page from /client/home');
  });

  it('sends visitors to /auth remembering where they were going', async () => {
    renderApp('/client/history?page=2', { user: null });
    await heading('auth page from /client/history?page=2');
    expect(currentPath()).toBe('/auth');
  });

  it('sends a person who is not onboarded to /onboarding', async () => {
    renderApp('/client/home', { user: profile({ is_onboarded: false }) });
    await heading('Completa tu perfil');
    expect(currentPath()).toBe('/onboarding');
  });

  it('sends an onboarded person away from /onboarding to their home', async () => {
    renderApp('/onboarding', { user: provider });
    await heading('Panel del proveedor');
    expect(currentPath()).toBe('/provider/home');
  });

  it('sends a client on a provider route to the client home', async () => {
    renderApp('/provider/calendar', { user: client });
    await heading('Inicio');
    expect(currentPath()).toBe('/client/home');
  });

  it('sends a provider on a client route to the provider home', async () => {
    renderApp('/client/jobs/42', { user: provider });
    await heading('Panel del proveedor');
    expect(currentPath()).toBe('/provider/home');
  });

  it('lets each type into its own area', async () => {
    renderApp('/client/jobs/42', { user: client });
    await heading('Detalle del trabajo');
  });

  it('sends a signed-in provider from /providers and other profiles to /provider/home', async () => {
    renderApp('/providers/other', { user: provider });
    await heading('Panel del proveedor');
    expect(currentPath()).toBe('/provider/home');
  });

  it('lets a provider see their own public profile (the user menu links there)', async () => {
    // The profile page asks the api for the provider; any answer will do, the guard is what is tested.
    mockFetch({});
    renderApp('/providers/p-7', { user: provider });
    await heading('Perfil del proveedor');
    expect(currentPath()).toBe('/providers/p-7');
  });

  it('lets visitors and clients search providers', async () => {
    renderApp('/providers', { user: null });
    await heading('Buscar proveedores');
  });

  it('needs a session for /messages and /settings', async () => {
    renderApp('/settings', { user: null });
    await heading('auth page from /settings');
  });

  describe('/', () => {
    it('shows the landing page to visitors', async () => {
      renderApp('/', { user: null });
      await heading('landing page');
    });
    it('sends a person who is not onboarded to onboarding', async () => {
      renderApp('/', { user: profile({ is_onboarded: false }) });
      await heading('Completa tu perfil');
    });
    it('sends clients and providers to their own home', async () => {
      renderApp('/', { user: client });
      await heading('Inicio');
      expect(currentPath()).toBe('/client/home');
    });
    it('sends providers to the dashboard', async () => {
      renderApp('/', { user: provider });
      await heading('Panel del proveedor');
    });
  });

  it('shows the unavailable screen when the profile fails, and recovers with Try Again', async () => {
    let answer = () => jsonResponse({ error: 'down', status: 503, code: 'service_unavailable' }, 503);
    mockFetch({ 'GET /profiles/me': () => answer() });
    const { queryClient } = renderApp('/client/home', { user: client });
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    await heading('Inicio');
    await queryClient.resetQueries({ queryKey: profileQueryKey });
    await heading('service unavailable');
    answer = () => jsonResponse(client);
    await userEvent.click(screen.getByRole('button', { name: 'try again' }));
    await heading('Inicio');
  });

  it('shows the unavailable screen when the server cannot restore the session', async () => {
    let down = true;
    const refresh = vi.fn(async () => {
      if (down) throw new ApiError('down', 0, 'network_error');
      return { access_token: 't', expires_in: 900, user: client };
    });
    renderApp('/client/reviews', { session: fakeTransport({ refresh }) });
    await heading('service unavailable');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'try again' }));
    await heading('Mis reseñas');
  });

  it('still shows the landing page to a visitor when the server is down', async () => {
    const refresh = vi.fn(async () => Promise.reject(new ApiError('down', 0, 'network_error')));
    renderApp('/', { session: fakeTransport({ refresh }) });
    await heading('landing page');
  });

  describe('public routes', () => {
    it.each([
      ['/login', '/auth', 'auth page from none'],
      ['/signup', '/auth?mode=signup', 'auth page ?mode=signup from none'],
      ['/register', '/auth?mode=signup', 'auth page ?mode=signup from none'],
      ['/auth/reset-password?token=abc', '/auth/reset-password?token=abc', 'reset password page'],
      ['/verify-email?token=abc', '/verify-email?token=abc', 'verify email page'],
      ['/dev/outbox', '/dev/outbox', 'outbox page'],
      ['/no/such/page', '/no/such/page', 'not found page'],
    ])('%s shows %s', async (path, finalPath, title) => {
      renderApp(path, { user: null });
      await heading(title);
      await waitFor(() => expect(currentPath()).toBe(finalPath));
    });
  });
});
