import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { apiError, json, mockApi, renderRoute } from './test-helpers.tsx';

// Typing through user-event is slow on a busy machine; the default 5 s is too tight there.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

async function setNewPassword(answer: () => Response) {
  const user = userEvent.setup({ delay: null });
  const calls = mockApi(() => answer());
  renderRoute('/auth/reset-password', <ResetPasswordPage />, '/auth/reset-password?token=reset-1');
  await user.type(screen.getByLabelText('Nueva contraseña'), 'Nuevo#2027');
  await user.type(screen.getByLabelText('Confirma la nueva contraseña'), 'Nuevo#2027');
  await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
  return calls;
}

describe('password reset', () => {
  it('a used or expired link says so and offers a new one', async () => {
    await setNewPassword(() => apiError('reset_link_invalid', 400));
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no sirve' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }).getAttribute('href')).toBe('/auth/reset-password');
  });

  it('sets the new password and leads to sign-in', async () => {
    const calls = await setNewPassword(() => json(204, null));
    expect(await screen.findByRole('heading', { name: 'Contraseña actualizada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/auth');
    expect(calls).toEqual([
      { path: '/auth/password-reset/confirm', method: 'POST', body: { token: 'reset-1', password: 'Nuevo#2027' } },
    ]);
  });

  it('applies the sign-up password rules to the new password', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockApi(() => json(204, null));
    renderRoute('/auth/reset-password', <ResetPasswordPage />, '/auth/reset-password?token=reset-1');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'nuevo2027');
    await user.type(screen.getByLabelText('Confirma la nueva contraseña'), 'otra{Enter}');
    expect(screen.getByText('La contraseña necesita una letra mayúscula.')).toBeTruthy();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('without a token asks for the email and always answers the same way', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockApi(() => json(202, {}));
    renderRoute('/auth/reset-password', <ResetPasswordPage />, '/auth/reset-password');
    await user.type(screen.getByLabelText('Correo electrónico'), 'nadie@example.pr{Enter}');
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeTruthy();
    expect(screen.getByText(/Si hay una cuenta con nadie@example.pr/)).toBeTruthy();
    expect(calls).toEqual([{ path: '/auth/password-reset', method: 'POST', body: { email: 'nadie@example.pr' } }]);
  });
});
