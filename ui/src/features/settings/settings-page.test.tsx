import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setPlatform } from '../../platform/index.ts';
import { SettingsPage } from './settings-page.tsx';
import { clientProfile, clientUser, json, mockApi, providerProfile, providerUser, renderSignedIn } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

function answerClient() {
  return mockApi({
    'GET /profiles/me/client': () => json(200, clientProfile()),
    'PATCH /profiles/me/client': () => json(200, clientProfile({ city: 'Caguas' })),
    'GET /phone/verification-status': () => json(200, { phone_number: '17875550123', verified: true, pending: null }),
    'GET /calendar/feed': () => json(200, { url: 'http://localhost:3000/api/v1/calendar/t.ics' }),
  });
}

function leavingIsPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('settings page', { timeout: 20_000 }, () => {
  it("shows a client's sections: address and contact, phone, email, language, calendar", async () => {
    answerClient();
    renderSignedIn(<SettingsPage />, { user: clientUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Dirección y contacto', 'Número de teléfono', 'Correo electrónico', 'Idioma', 'Calendario']);
    expect(await screen.findByText('Tu número +1 (787) 555-0123 está verificado.')).toBeTruthy();
  });

  it("shows a provider's sections: services, hours, days off, automatic reply, loyalty reward, ATH Móvil, deposits, email, language, calendar", async () => {
    mockApi({
      'GET /providers/me': () => json(200, providerProfile()),
      'GET /providers/me/services': () => json(200, { items: [{ id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' }] }),
      'GET /providers/me/blocked-dates': () => json(200, { items: [] }),
      'GET /categories': () => json(200, { items: [] }),
      'GET /calendar/feed': () => json(200, { url: 'http://localhost:3000/api/v1/calendar/t.ics' }),
      'GET /providers/me/auto-reply': () => json(200, { enabled: false, text_es: '', text_en: '' }),
      'GET /providers/me/reward': () => json(200, { reward: { percent_off: 10, min_tier: 'silver' } }),
      'GET /providers/me/whatsapp': () => json(200, { number: null }),
      'GET /providers/me/payment-account': () =>
        json(200, { processor: 'athmovil', connected: false, public_token_hint: null, business_name: null, connected_at: null, tested_at: null, test_ok: null, demo: false }),
      'GET /providers/me/deposit-rules': () => json(200, [{ category_id: 1, kind: 'none', fixed_cents: null, share_percent: null }]),
    });
    renderSignedIn(<SettingsPage />, { user: providerUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración del negocio' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Servicios', 'Horario de trabajo', 'Días libres', 'Respuesta automática', 'WhatsApp', 'Recompensa para clientes leales', 'Cobros con ATH Móvil', 'Depósitos', 'Correo electrónico', 'Idioma', 'Calendario']);
    expect(await screen.findByText('Todavía no tienes días bloqueados.')).toBeTruthy();
    expect(await screen.findByText('Ahora ofreces 10 % a clientes Plata o más.')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes: Escape stays, "leave" goes', async () => {
    answerClient();
    const user = userEvent.setup({ delay: null });
    const { router } = renderSignedIn(<SettingsPage />, { user: clientUser });

    const city = (await screen.findByLabelText('Ciudad o pueblo')) as HTMLInputElement;
    expect(leavingIsPrevented()).toBe(false);
    await user.clear(city);
    await user.type(city, 'Caguas');
    // The person leaves the field before going elsewhere, as pressing a link would (the browser's
    // change event on blur then happens in user-event's own act, not inside the dialog's focus move).
    await user.tab();
    expect(leavingIsPrevented()).toBe(true);

    await act(() => router.navigate('/elsewhere'));
    const dialog = screen.getByRole('dialog', { name: '¿Salir sin guardar?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const stay = screen.getByRole('button', { name: 'Quedarme en esta página' });
    expect(document.activeElement).toBe(stay);
    // Focus stays inside the dialog.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Salir sin guardar' }));
    await user.tab();
    expect(document.activeElement).toBe(stay);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/settings');
    expect((screen.getByLabelText('Ciudad o pueblo') as HTMLInputElement).value).toBe('Caguas');

    await act(() => router.navigate('/elsewhere'));
    await user.click(screen.getByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByRole('heading', { name: 'elsewhere' })).toBeTruthy();
  });

  it('lets the person leave without asking once the changes are saved', async () => {
    answerClient();
    const user = userEvent.setup({ delay: null });
    const { router } = renderSignedIn(<SettingsPage />, { user: clientUser });

    const city = await screen.findByLabelText('Ciudad o pueblo');
    await user.clear(city);
    await user.type(city, 'Caguas');
    await user.click(screen.getAllByRole('button', { name: 'Guardar cambios' })[0] as HTMLElement);
    await screen.findByText('Se guardaron tu dirección y tus preferencias de contacto.');
    expect(leavingIsPrevented()).toBe(false);

    await act(() => router.navigate('/elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'elsewhere' })).toBeTruthy();
  });

  it('leaves closing the desktop window alone (Electron would refuse to close without asking) but still asks in the app', async () => {
    answerClient();
    const user = userEvent.setup({ delay: null });
    const { platform, router } = renderSignedIn(<SettingsPage />, { user: clientUser });
    setPlatform({ ...platform, kind: 'desktop' });

    const city = await screen.findByLabelText('Ciudad o pueblo');
    await user.type(city, ' Norte');
    await user.tab();
    expect(leavingIsPrevented()).toBe(false);
    // Moving inside the app still asks.
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByRole('dialog', { name: '¿Salir sin guardar?' })).toBeTruthy();
  });
});
