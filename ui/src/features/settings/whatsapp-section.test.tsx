import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WhatsappSection } from './whatsapp-section.tsx';
import { json, mockApi, providerUser, renderSection } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('WhatsApp number settings', { timeout: 20_000 }, () => {
  it('saves a Puerto Rico number as typed and shows it back with its country code', async () => {
    const calls = mockApi({
      'GET /providers/me/whatsapp': () => json(200, { number: null }),
      'PUT /providers/me/whatsapp': () => json(200, { number: '17875550123' }),
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<WhatsappSection />, { user: providerUser });
    await user.type(await screen.findByLabelText('Número de WhatsApp (celular)'), '787 555 0123');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardamos tu número de WhatsApp.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ number: '787 555 0123' });
    expect(await screen.findByText('Tus clientes te escriben a +1 787 555 0123.')).toBeTruthy();
  });

  it('says beside the field that a toll-free number cannot be a mobile, and sends nothing', async () => {
    const calls = mockApi({ 'GET /providers/me/whatsapp': () => json(200, { number: null }) });
    const user = userEvent.setup({ delay: null });
    renderSection(<WhatsappSection />, { user: providerUser });
    await user.type(await screen.findByLabelText('Número de WhatsApp (celular)'), '1-800-555-0100');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/Ese número no puede recibir WhatsApp/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('removes the number when the field is emptied', async () => {
    const calls = mockApi({
      'GET /providers/me/whatsapp': () => json(200, { number: '17875550123' }),
      'PUT /providers/me/whatsapp': () => json(200, { number: null }),
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<WhatsappSection />, { user: providerUser });
    await user.clear(await screen.findByDisplayValue('+1 787 555 0123'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Quitamos tu número de WhatsApp.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ number: null });
  });
});
