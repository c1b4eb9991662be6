import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { testI18n } from '../../../test/setup.ts';
import { ProviderDashboardPage } from './dashboard-page.tsx';
import { apiError, job, json, mockApi, renderProviderScreen, stats } from './test-kit.tsx';
import type { Call } from './test-kit.tsx';

afterEach(() => vi.unstubAllGlobals());

function jobsByStatus(call: Call) {
  const status = new URLSearchParams(call.search).get('status');
  if (status === 'pending,modification_requested') {
    return json(200, { items: [job({ id: 'req-1', title: 'Cambiar calentador' })], next_cursor: null });
  }
  if (status === 'upcoming') return json(200, { items: [], next_cursor: null });
  if (status === 'in_progress') {
    return json(200, {
      items: [job({ id: 'run-1', title: 'Pintar la sala', status: 'in_progress', started_at: new Date(Date.now() - 3_600_000).toISOString() })],
      next_cursor: null,
    });
  }
  return apiError(400, 'validation_failed');
}

describe('provider dashboard', () => {
  it('shows the numbers of GET /providers/me/stats and no made-up growth figures', async () => {
    mockApi({ 'GET /providers/me/stats': () => json(200, stats()), 'GET /jobs': jobsByStatus });
    renderProviderScreen(<ProviderDashboardPage />, '/provider/home', '/provider/home');
    const statsRegion = await screen.findByRole('region', { name: 'Estadísticas' });
    const card = (label: string) => within(statsRegion).getByText(label).closest('.provider-stat') as HTMLElement;
    const value = (label: string) => card(label).querySelector('.provider-stat__value')?.textContent;
    expect(value('Pendientes')).toBe('3');
    expect(within(statsRegion).queryByText(/%|este mes/)).toBeNull();
    expect(value('Próximos')).toBe('7');
    expect(value('Completados')).toBe('42');
    expect(value('Calificación')).toBe('4,6'); // the decimal comma in Spanish (issue 27)
    expect(card('Calificación').textContent).toContain('18 reseñas');
  });

  // Issue 27, one price: earnings are the completed jobs' totals, never "—"; without a public rate
  // the card leads to the rate on the profile, not to a second, private rate.
  it('shows earnings as money, and leads a provider without a rate to the rate on their profile', async () => {
    mockApi({ 'GET /providers/me/stats': () => json(200, stats({ earnings_cents: 0, rate: null })), 'GET /jobs': jobsByStatus });
    const first = renderProviderScreen(<ProviderDashboardPage />, '/provider/home', '/provider/home');
    const link = await screen.findByRole('link', { name: 'Indica tu tarifa en tu perfil' });
    expect(link.getAttribute('href')).toMatch(/^\/providers\/[^/?]+\?edit=rate$/);
    expect(link.closest('.provider-stat')?.querySelector('.provider-stat__value')?.textContent).toBe('$0');
    first.unmount();

    await testI18n.changeLanguage('en');
    const rate = { amount_cents: 6500, unit: 'hour', from: true } as const;
    mockApi({ 'GET /providers/me/stats': () => json(200, stats({ earnings_cents: 123_450, rate })), 'GET /jobs': jobsByStatus });
    renderProviderScreen(<ProviderDashboardPage />, '/provider/home', '/provider/home');
    const statsRegion = await screen.findByRole('region', { name: 'Stats' });
    expect(within(statsRegion).getByText('Earnings').closest('.provider-stat')?.textContent).toContain('$1,234.50');
    expect(screen.queryByRole('link', { name: 'Set your rate on your profile' })).toBeNull();
  });

  it('lists pending requests linking to their details, an empty next 7 days, and running jobs with their clock', async () => {
    const calls = mockApi({ 'GET /providers/me/stats': () => json(200, stats()), 'GET /jobs': jobsByStatus });
    renderProviderScreen(<ProviderDashboardPage />, '/provider/home', '/provider/home');
    const requests = await screen.findByRole('list', { name: 'Solicitudes pendientes' });
    expect(within(requests).getByRole('link', { name: /Cambiar calentador/ }).getAttribute('href')).toBe('/provider/jobs/req-1');
    expect(await screen.findByText('No tienes trabajos en los próximos 7 días.')).toBeTruthy();
    const running = await screen.findByRole('list', { name: 'En progreso ahora' });
    expect(within(running).getByLabelText('Tiempo transcurrido').textContent).toMatch(/^1:0\d:\d\d$/);
    // The next 7 days are asked as a window of exactly a week, for the provider's jobs.
    const upcoming = calls.find((c) => new URLSearchParams(c.search).get('status') === 'upcoming')!;
    const params = new URLSearchParams(upcoming.search);
    expect(params.get('role')).toBe('provider');
    expect(Date.parse(params.get('to')!) - Date.parse(params.get('from')!)).toBe(7 * 86_400_000);
  });

  it('says when the stats can not load, and lists stay usable', async () => {
    mockApi({ 'GET /providers/me/stats': () => apiError(503, 'service_unavailable'), 'GET /jobs': jobsByStatus });
    renderProviderScreen(<ProviderDashboardPage />, '/provider/home', '/provider/home');
    expect(await screen.findByText(/No se pudieron cargar las estadísticas/)).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Cambiar calentador/ })).toBeTruthy();
  });
});
