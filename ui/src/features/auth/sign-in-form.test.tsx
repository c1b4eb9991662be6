import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session-store.ts';
import { getI18n } from '../../lib/i18n.ts';
import { AuthPage } from './auth-page.tsx';
import { apiError, json, mockApi, renderRoute, signInResponse } from './test-helpers.tsx';

// Typing through user-event is slow on a busy machine; the default 5 s is too tight there.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function signInWith(answer: () => Response | Promise<Response>, entry: Parameters<typeof renderRoute>[2] = '/auth') {
  const user = userEvent.setup({ delay: null });
  const calls = mockApi(({ path }) => (path === '/auth/signin' ? answer() : json(202, {})));
  renderRoute('/auth', <AuthPage />, entry);
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.pr');
  await user.type(screen.getByLabelText('Contraseña'), 'Secreto#2026');
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  return { user, calls };
}

describe('sign-in errors by code', () => {
  it('invalid_credentials: invalid email or password', async () => {
    await signInWith(() => apiError('invalid_credentials', 401));
    expect((await screen.findByRole('alert')).textContent).toBe('Correo o contraseña incorrectos.');
  });

  it('says it in English when English is chosen', async () => {
    await act(() => getI18n().changeLanguage('en'));
    const user = userEvent.setup({ delay: null });
    mockApi(() => apiError('invalid_credentials', 401));
    renderRoute('/auth', <AuthPage />, '/auth');
    await user.type(screen.getByLabelText('Email'), 'ana@example.pr');
    await user.type(screen.getByLabelText('Password'), 'Secreto#2026{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
  });

  it('email_not_confirmed: explains and resends the verification email', async () => {
    const { user, calls } = await signInWith(() => apiError('email_not_confirmed', 403));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Todavía no has confirmado tu correo.');
    await user.click(screen.getByRole('button', { name: 'Reenviar correo de verificación' }));
    expect(await screen.findByText(/te enviamos un enlace nuevo/)).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: '/auth/resend-verification', method: 'POST', body: { email: 'ana@example.pr' } });
  });

  it('account_suspended: says the account is suspended, in words of its own', async () => {
    await signInWith(() => apiError('account_suspended', 403));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta cuenta está suspendida y no puede iniciar sesión. Escríbenos si crees que es un error.');
  });

  it('too_many_attempts: asks to wait as long as Retry-After says and counts down before allowing another try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await signInWith(() => apiError('too_many_attempts', 429, { 'Retry-After': '12' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Demasiados intentos fallidos. Espera 12 segundos antes de intentarlo otra vez.');
    const submit = screen.getByRole('button', { name: 'Iniciar sesión' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByRole('alert').textContent).toContain('Espera 8 segundos');
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    expect(screen.getByRole('alert').textContent).toBe('Ya puedes intentarlo otra vez.');
    expect(submit.disabled).toBe(false);
  });

  it('too_many_attempts without Retry-After: waits the 30 seconds of the lock', async () => {
    await signInWith(() => apiError('too_many_attempts', 429));
    expect((await screen.findByRole('alert')).textContent).toContain('Espera 30 segundos');
  });

  it('login_blocked: sign-in temporarily blocked', async () => {
    await signInWith(() => apiError('login_blocked', 429));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El inicio de sesión está bloqueado temporalmente desde tu conexión. Inténtalo más tarde.',
    );
  });

  it('any other failure: an unexpected error, never the server text', async () => {
    await signInWith(() => apiError('internal_error', 500));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Ocurrió un error inesperado. Inténtalo otra vez.');
    expect(alert.textContent).not.toContain('server says');
  });

  it('no answer: a connection problem', async () => {
    await signInWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo otra vez.',
    );
  });
});

describe('sign-in success', () => {
  it('keeps the session and returns to where the guard found the person', async () => {
    const { calls } = await signInWith(() => json(200, signInResponse), {
      pathname: '/auth',
      state: { from: '/client/history?page=2' },
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/client/history?page=2');
    expect(useSession.getState()).toMatchObject({ status: 'signed_in', accessToken: 'token-1' });
    expect(calls[0]).toEqual({
      path: '/auth/signin',
      method: 'POST',
      body: { email: 'ana@example.pr', password: 'Secreto#2026', client: 'web' },
    });
  });

  it('goes home when nothing was remembered', async () => {
    await signInWith(() => json(200, signInResponse));
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
  });

  it('validates before sending and focuses the first problem', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockApi(() => json(200, signInResponse));
    renderRoute('/auth', <AuthPage />, '/auth');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana{Enter}');
    expect(screen.getByText('Escribe un correo válido, por ejemplo nombre@correo.com.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Correo electrónico'));
    expect(calls).toEqual([]);
  });

  it('links to the password reset', () => {
    mockApi(() => json(200, {}));
    renderRoute('/auth', <AuthPage />, '/auth');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe('/auth/reset-password');
  });
});
