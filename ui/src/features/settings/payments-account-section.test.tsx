import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentAccount } from '@resuelve/contract';
import { PaymentsAccountSection } from './payments-account-section.tsx';
import { apiError, json, mockApi, providerUser, renderSection } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const notConnected: PaymentAccount = {
  processor: 'athmovil',
  connected: false,
  public_token_hint: null,
  business_name: null,
  connected_at: null,
  tested_at: null,
  test_ok: null,
  demo: false,
};

const connected: PaymentAccount = {
  ...notConnected,
  connected: true,
  public_token_hint: '1234',
  business_name: 'Plomería Luis',
  connected_at: '2026-11-20T15:00:00Z',
  tested_at: '2026-11-20T15:00:00Z',
  test_ok: true,
};

const privateToken = 'priv-SECRET-token-5678';

describe('ATH Móvil account settings', { timeout: 20_000 }, () => {
  it('connects with the two tokens, then shows only the public hint, never the private token', async () => {
    let account = notConnected;
    const calls = mockApi({
      'GET /providers/me/payment-account': () => json(200, account),
      'PUT /providers/me/payment-account': () => {
        account = connected;
        return json(200, connected);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<PaymentsAccountSection />, { user: providerUser });
    expect(await screen.findByText(/Configuración → Integración/)).toBeTruthy();
    const privateField = screen.getByLabelText('Llave privada');
    expect(privateField.getAttribute('type')).toBe('password');
    await user.type(screen.getByLabelText('Llave pública'), 'pub-token-1234');
    await user.type(privateField, privateToken);
    await user.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('••••1234')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ public_token: 'pub-token-1234', private_token: privateToken });
    expect(screen.getByText('Plomería Luis')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Probar la conexión' })).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(privateToken);
  });

  it('checks the pasted tokens before sending: a key with spaces or too short is said beside its field', async () => {
    const calls = mockApi({ 'GET /providers/me/payment-account': () => json(200, notConnected) });
    const user = userEvent.setup({ delay: null });
    renderSection(<PaymentsAccountSection />, { user: providerUser });
    await user.type(await screen.findByLabelText('Llave pública'), 'abc');
    await user.type(screen.getByLabelText('Llave privada'), 'has space inside');
    await user.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText(/Esa llave es muy corta/)).toBeTruthy();
    expect(screen.getByText('La llave no lleva espacios. Cópiala otra vez.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says in words when ATH Móvil refuses the tokens or does not answer', async () => {
    let answer = apiError(422, 'payment_account_refused');
    mockApi({
      'GET /providers/me/payment-account': () => json(200, notConnected),
      'PUT /providers/me/payment-account': () => answer,
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<PaymentsAccountSection />, { user: providerUser });
    await user.type(await screen.findByLabelText('Llave pública'), 'pub-token-1234');
    await user.type(screen.getByLabelText('Llave privada'), privateToken);
    await user.click(screen.getByRole('button', { name: 'Conectar' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/ATH Móvil no aceptó esas llaves/);
    answer = apiError(503, 'payment_processor_unavailable');
    await user.click(screen.getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/ATH Móvil no responde ahora/));
  });

  it('tests the connection and says why it failed', async () => {
    let account = connected;
    const calls = mockApi({
      'GET /providers/me/payment-account': () => json(200, account),
      'POST /providers/me/payment-account/test': () => {
        account = { ...connected, tested_at: '2026-11-28T16:00:00Z', test_ok: false };
        return json(200, { ok: false, code: 'tokens_refused', tested_at: '2026-11-28T16:00:00Z' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<PaymentsAccountSection />, { user: providerUser });
    expect(await screen.findByText(/^Funcionó/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Probar la conexión' }));
    expect(await screen.findByText(/ATH Móvil ya no acepta tus llaves/)).toBeTruthy();
    expect(await screen.findByText(/^No funcionó/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/providers/me/payment-account/test')).toHaveLength(1);
  });

  it('disconnects only after confirming, then offers to connect again', async () => {
    let account = connected;
    const calls = mockApi({
      'GET /providers/me/payment-account': () => json(200, account),
      'DELETE /providers/me/payment-account': () => {
        account = notConnected;
        return json(204);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<PaymentsAccountSection />, { user: providerUser });
    await user.click(await screen.findByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desconectar ATH Móvil?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, mantener' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Desconectar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, desconectar' }));
    expect(await screen.findByRole('button', { name: 'Conectar' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('marks a demo account with a visible "Pagos de demostración" badge', async () => {
    mockApi({ 'GET /providers/me/payment-account': () => json(200, { ...connected, demo: true }) });
    renderSection(<PaymentsAccountSection />, { user: providerUser });
    expect(await screen.findByText('Pagos de demostración')).toBeTruthy();
  });
});
