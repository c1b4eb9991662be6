import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AutoReplySection } from './auto-reply-section.tsx';
import { json, mockApi, providerUser, renderSection } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('automatic reply settings', { timeout: 20_000 }, () => {
  it('turns the reply on with its Spanish and English words, and says it was saved', async () => {
    const calls = mockApi({
      'GET /providers/me/auto-reply': () => json(200, { enabled: false, text_es: '', text_en: '' }),
      'PUT /providers/me/auto-reply': (call) => json(200, call.body),
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<AutoReplySection />, { user: providerUser });
    await user.click(await screen.findByRole('checkbox', { name: 'Responder automáticamente' }));
    await user.type(screen.getByLabelText('Respuesta en español'), 'Gracias por escribir; le contesto en horario laborable.');
    await user.type(screen.getByLabelText('Respuesta en inglés (opcional)'), 'Thanks for writing; I will answer during business hours.');
    await user.click(screen.getByRole('button', { name: 'Guardar respuesta' }));
    expect(await screen.findByText('Respuesta automática guardada.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      enabled: true,
      text_es: 'Gracias por escribir; le contesto en horario laborable.',
      text_en: 'Thanks for writing; I will answer during business hours.',
    });
  });

  it('asks for the Spanish words before turning it on', async () => {
    const calls = mockApi({ 'GET /providers/me/auto-reply': () => json(200, { enabled: false, text_es: '', text_en: '' }) });
    const user = userEvent.setup({ delay: null });
    renderSection(<AutoReplySection />, { user: providerUser });
    await user.click(await screen.findByRole('checkbox', { name: 'Responder automáticamente' }));
    await user.click(screen.getByRole('button', { name: 'Guardar respuesta' }));
    await waitFor(() => expect(screen.getByText('Escribe la respuesta en español para activarla.')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
