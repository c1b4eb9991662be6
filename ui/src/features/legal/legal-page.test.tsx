import '../../../test/screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { profile, renderApp } from '../../../test/helpers.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  // The screen is still mounted: it follows the language back inside act.
  await act(() => testI18n.changeLanguage('es'));
});

describe('terms and privacy pages', () => {
  it('a visitor reads the terms at /terms: contents, every section, and the way to the privacy notice', async () => {
    renderApp('/terms', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Términos de servicio' })).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'En esta página' });
    const entries = within(contents).getAllByRole('link');
    expect(entries.map((a) => a.textContent)).toEqual(
      expect.arrayContaining(['Qué hace Resuelve y qué no hace', 'Reservas y cancelaciones', 'Reseñas', 'Mensajes y sus límites', 'Pagos', 'Responsabilidad', 'Ley aplicable', 'Contacto']),
    );
    for (const entry of entries) {
      const target = document.getElementById(entry.getAttribute('href')!.slice(1));
      expect(target, entry.textContent!).toBeTruthy();
      expect(within(target!).getByRole('heading', { level: 2 }).textContent).toContain(entry.textContent);
    }
    expect(screen.getByText(/directamente entre el cliente y el proveedor/)).toBeTruthy();
    expect(screen.getByText(/leyes del Estado Libre Asociado de Puerto Rico/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hola@resuelve.pr' }).getAttribute('href')).toBe('mailto:hola@resuelve.pr');
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Aviso de privacidad' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeTruthy();
  });

  it('the privacy notice says who sees the address and which cookies there are, in English too', async () => {
    await testI18n.changeLanguage('en');
    renderApp('/privacy', { user: profile({ language: 'en' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
    expect(screen.getByText(/They see your address and phone only after accepting the job/)).toBeTruthy();
    const cookies = screen.getByRole('region', { name: /Cookies and local storage/ });
    expect(within(cookies).getByText(/^rs_refresh:/)).toBeTruthy();
    expect(within(cookies).getByText(/^rs_session:/)).toBeTruthy();
    expect(within(cookies).getByText(/^lang:/)).toBeTruthy();
    // An English reader is on the English address, and links between public pages keep it (decision 0034).
    await waitFor(() => expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe('/en/terms'));
  });
});
