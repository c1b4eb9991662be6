import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeTransport, signInResponse } from '../../../test/helpers.tsx';
import { useSession } from '../../lib/session-store.ts';
import { EmailChangeSection } from './email-change-section.tsx';
import { apiError, clientUser, json, mockApi, renderSection } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

async function ask(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(await screen.findByLabelText('Nuevo correo electrónico'), email);
  await user.type(screen.getByLabelText('Contraseña actual'), password);
  await user.click(screen.getByRole('button', { name: 'Cambiar correo' }));
}

describe('email change settings', { timeout: 20_000 }, () => {
  it('sends the new address with the password, then asks to check the new inbox', async () => {
    const calls = mockApi({ 'POST /auth/email-change': () => json(202, {}) });
    const user = userEvent.setup({ delay: null });
    renderSection(<EmailChangeSection />);

    expect(await screen.findByText('ana@example.pr')).toBeTruthy();
    await ask(user, 'ana.nueva@example.pr', 'Secreta#2030');

    expect(await screen.findByText('Revisa tu nuevo buzón')).toBeTruthy();
    expect(screen.getByText(/Enviamos un enlace a ana.nueva@example.pr/)).toBeTruthy();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/auth/email-change',
        body: { new_email: 'ana.nueva@example.pr', password: 'Secreta#2030' },
        authorization: 'Bearer access-1',
      }),
    ]);
    expect((screen.getByLabelText('Contraseña actual') as HTMLInputElement).value).toBe('');
  });

  it('says the password is wrong on its field and keeps the person signed in', async () => {
    mockApi({ 'POST /auth/email-change': () => apiError(401, 'invalid_credentials') });
    const session = fakeTransport();
    const user = userEvent.setup({ delay: null });
    renderSection(<EmailChangeSection />, { session });
    await ask(user, 'ana.nueva@example.pr', 'Equivocada#1');

    expect(await screen.findByText('La contraseña no es correcta.')).toBeTruthy();
    expect(screen.queryByText('Revisa tu nuevo buzón')).toBeNull();
    expect(session.refresh).not.toHaveBeenCalled();
    expect(useSession.getState().status).toBe('signed_in');
  });

  it('refreshes an expired session once and sends again', async () => {
    const calls = mockApi({
      'POST /auth/email-change': (call) => (call.authorization === 'Bearer access-2' ? json(202, {}) : apiError(401, 'token_expired')),
    });
    const session = fakeTransport({ refresh: vi.fn(async () => signInResponse(clientUser, 'access-2')) });
    const user = userEvent.setup({ delay: null });
    renderSection(<EmailChangeSection />, { session });
    await ask(user, 'ana.nueva@example.pr', 'Secreta#2030');

    expect(await screen.findByText('Revisa tu nuevo buzón')).toBeTruthy();
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it("refuses the current address and a malformed one before asking the server, and shows the server's limits", async () => {
    const calls = mockApi({ 'POST /auth/email-change': () => apiError(429, 'rate_limited') });
    const user = userEvent.setup({ delay: null });
    renderSection(<EmailChangeSection />);

    await ask(user, 'ANA@example.pr', 'Secreta#2030');
    expect(screen.getByText('Ese ya es tu correo electrónico.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Nuevo correo electrónico'));
    await user.type(screen.getByLabelText('Nuevo correo electrónico'), 'ana@');
    expect(screen.getByText('Escribe un correo electrónico válido.')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Nuevo correo electrónico'), 'otra.pr');
    await user.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.');
  });

  it('says nothing about fields the keyboard only passes through, and everything once saving is tried', async () => {
    const calls = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderSection(<EmailChangeSection />);

    await user.click(await screen.findByLabelText('Nuevo correo electrónico'));
    await user.tab();
    await user.tab();
    expect(screen.queryByText('Este campo es obligatorio.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText('Nuevo correo electrónico'));
    expect(calls).toEqual([]);
  });
});
