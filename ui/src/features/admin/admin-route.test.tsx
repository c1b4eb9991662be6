import '../../../test/screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath } from '../../lib/navigation.ts';
import { jsonResponse, mockFetch, profile, renderApp } from '../../../test/helpers.tsx';

// jsdom has no canvas to draw on (chart.js logs that it cannot get a context): the charts are
// stand-ins here; their figures are read from the table each chart carries for screen readers.
vi.mock('react-chartjs-2', () => ({ Bar: () => <canvas />, Doughnut: () => <canvas />, Line: () => <canvas /> }));

const admin = profile({ id: 'adm-1', is_admin: true, is_onboarded: false, email: 'admin@example.pr' });

describe('the admin console route', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens for an admin, not onboarded, with a tab per section and the overview figures', async () => {
    const day = (date: string, n: number) => ({ date, signups: n, bookings: n + 1, active_clients: n });
    mockFetch({
      'GET /profiles/me': () => jsonResponse(admin),
      'GET /admin/overview': () =>
        jsonResponse({
          days: [day('2026-11-24', 2), day('2026-11-25', 3)],
          providers: { listed: 12, verified: 5, insured: 7 },
          active_clients: 9,
          pending_verifications: 4,
          suspended_accounts: 1,
        }),
    });
    renderApp('/admin', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Secciones de administración' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Resumen', 'Verificación', 'Lista de espera', 'Registros', 'Cuentas', 'Ausencias', 'Pagos']);
    expect(tabs.getByRole('link', { name: 'Resumen' }).getAttribute('aria-current')).toBe('page');
    expect((await screen.findByText('Verificaciones pendientes')).nextElementSibling?.textContent).toBe('4');
    // Each chart's figures are a table for screen readers too.
    const bookings = screen.getByRole('table', { name: 'Reservas por día' });
    expect(within(bookings).getAllByRole('row').map((row) => row.textContent)).toEqual(['Día o grupoCantidad', '24 nov3', '25 nov4']);
  });

  it('moves between sections by their links, each at its own address', async () => {
    mockFetch({
      'GET /profiles/me': () => jsonResponse(admin),
      'GET /admin/logs': () => jsonResponse({ items: [], total: 0 }),
    });
    renderApp('/admin', { user: admin });
    await userEvent.click(await screen.findByRole('link', { name: 'Registros' }));
    expect(await screen.findByText('Ningún registro coincide con estos filtros.')).toBeTruthy();
    expect(currentPath()).toBe('/admin/logs');
  });

  it('sends the admin home (/) to the console', async () => {
    mockFetch({ 'GET /profiles/me': () => jsonResponse(admin) });
    renderApp('/', { user: admin });
    await waitFor(() => expect(currentPath()).toBe('/admin'), { timeout: 8000 });
  });

  it('sends a client to the client home and a provider to the provider home', async () => {
    const client = profile();
    mockFetch({ 'GET /profiles/me': () => jsonResponse(client) });
    renderApp('/admin/logs', { user: client });
    await waitFor(() => expect(currentPath()).toBe('/client/home'), { timeout: 8000 });
    vi.unstubAllGlobals();

    const provider = profile({ id: 'p-7', is_contractor: true });
    mockFetch({ 'GET /profiles/me': () => jsonResponse(provider) });
    renderApp('/admin', { user: provider });
    await waitFor(() => expect(currentPath()).toBe('/provider/home'), { timeout: 8000 });
  });

  it('sends a visitor to sign in, remembering the console', async () => {
    renderApp('/admin/accounts', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'auth page from /admin/accounts' })).toBeTruthy();
  });
});
