import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { apiError, json, mockApi, renderSection } from './test-helpers.tsx';

const oldUrl = 'http://localhost:3000/api/v1/calendar/old-token-old-token-old-token-old-token-0000.ics';
const newUrl = 'http://localhost:3000/api/v1/calendar/new-token-new-token-new-token-new-token-0000.ics';

afterEach(() => vi.unstubAllGlobals());

describe('calendar feed settings', { timeout: 20_000 }, () => {
  it('shows the private address and copies it', async () => {
    mockApi({ 'GET /calendar/feed': () => json(200, { url: oldUrl }) });
    const user = userEvent.setup({ delay: null }); // gives navigator a clipboard of its own
    renderSection(<CalendarFeedSection />);

    const field = await screen.findByLabelText('Dirección privada del calendario');
    expect((field as HTMLInputElement).value).toBe(oldUrl);
    expect(screen.getByText(/No la compartas/)).toBeTruthy();
    // The address ends with the sessions a reset or a suspension ends (decision 0046), and the screen says so.
    expect(field.getAttribute('aria-describedby')).toMatch(/ends/);
    expect(screen.getByText(/deja de funcionar si cambias tu contraseña con un enlace de restablecimiento o si tu cuenta se suspende/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copiar dirección' }));
    expect(await screen.findByText('Dirección copiada')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(oldUrl);
  });

  it('makes a new address only after the confirmation, and shows it', async () => {
    const calls = mockApi({
      'GET /calendar/feed': () => json(200, { url: oldUrl }),
      'POST /calendar/feed/regenerate': () => json(200, { url: newUrl }),
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<CalendarFeedSection />);

    await user.click(await screen.findByRole('button', { name: 'Crear dirección nueva' }));
    const dialog = screen.getByRole('dialog', { name: '¿Crear una dirección nueva?' });
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(dialog.isConnected).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Crear dirección nueva' }));
    const confirm = screen.getAllByRole('button', { name: 'Crear dirección nueva' }).at(-1)!;
    await user.click(confirm);
    await waitFor(() => expect((screen.getByLabelText('Dirección privada del calendario') as HTMLInputElement).value).toBe(newUrl));
    expect(await screen.findByText('Listo: la dirección anterior ya no funciona.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/calendar/feed/regenerate']);
  });

  it('says so in English when a new address could not be made', async () => {
    await testI18n.changeLanguage('en');
    mockApi({
      'GET /calendar/feed': () => json(200, { url: oldUrl }),
      'POST /calendar/feed/regenerate': () => apiError(503, 'service_unavailable'),
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<CalendarFeedSection />);

    expect(await screen.findByLabelText('Private calendar address')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    await user.click(screen.getAllByRole('button', { name: 'Make a new address' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect((screen.getByLabelText('Private calendar address') as HTMLInputElement).value).toBe(oldUrl);
  });
});
