import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerifyEmailPage } from './verify-email-page.tsx';
import { useSession } from '../../lib/session-store.ts';
import { apiError, json, mockApi, renderRoute, signInResponse } from './test-helpers.tsx';

// Typing through user-event is slow on a busy machine; the default 5 s is too tight there.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

describe('verify-email link', () => {
  it('verifies the token once and offers sign-in', async () => {
    const calls = mockApi(() => json(200, { verified: true }));
    renderRoute('/verify-email', <VerifyEmailPage />, '/verify-email?token=tok-123');
    expect(screen.getByText('Verificando tu correo…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '¡Correo verificado!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/auth');
    expect(calls).toEqual([{ path: '/auth/verify-email', method: 'POST', body: { token: 'tok-123' } }]);
  });

  it('opened in the browser that signed up, keeps the session it answers and goes on to onboarding', async () => {
    mockApi(() => json(200, { verified: true, session: signInResponse }));
    renderRoute('/verify-email', <VerifyEmailPage />, '/verify-email?token=tok-123');
    expect((await screen.findByTestId('landed')).textContent).toBe('/onboarding');
    expect(useSession.getState()).toMatchObject({ status: 'signed_in', accessToken: 'token-1', user: { id: 'u1' } });
  });

  it('explains an invalid or expired link and resends to the address typed', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockApi(({ path }) =>
      path === '/auth/verify-email' ? apiError('verification_link_invalid', 400) : json(202, {}),
    );
    renderRoute('/verify-email', <VerifyEmailPage />, '/verify-email?token=used');
    expect(await screen.findByRole('heading', { name: 'Este enlace no es válido' })).toBeTruthy();

    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.pr{Enter}');
    expect(await screen.findByText(/te enviamos un enlace nuevo/)).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: '/auth/resend-verification', method: 'POST', body: { email: 'ana@example.pr' } });
  });

  it('offers to try again when the server could not answer', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: () => Response = () => apiError('internal_error', 500);
    mockApi(() => answer());
    renderRoute('/verify-email', <VerifyEmailPage />, '/verify-email?token=tok-9');
    expect(await screen.findByRole('heading', { name: 'No pudimos verificar tu correo' })).toBeTruthy();
    answer = () => json(200, { verified: true });
    await user.click(screen.getByRole('button', { name: 'Intentar otra vez' }));
    expect(await screen.findByRole('heading', { name: '¡Correo verificado!' })).toBeTruthy();
  });

  it('without a token asks to check the inbox and validates the resend email', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockApi(() => json(202, {}));
    renderRoute('/verify-email', <VerifyEmailPage />, '/verify-email');
    expect(screen.getByRole('heading', { name: 'Revisa tu bandeja de entrada' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reenviar correo de verificación' }));
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
