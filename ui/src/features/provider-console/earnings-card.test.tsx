import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { catchDownloads } from '../../../test/jobs-test-kit.tsx';
import { EarningsCard } from './earnings-card.tsx';
import { apiError, json, mockApi, renderProviderScreen, stats } from './test-kit.tsx';

const categories = () => json(200, { items: [{ id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' }, { id: 2, slug: 'electrical', name: 'Electricidad', group: 'home' }] });
const csv = () => new Response('\uFEFFFecha\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await act(() => testI18n.changeLanguage('es'));
});

describe("the dashboard's earnings", { timeout: 60_000 }, () => {
  it('shows this month, pending and this month by category, and downloads the CSV of the month and of the year', async () => {
    vi.useFakeTimers({ now: new Date('2030-03-15T16:00:00Z'), toFake: ['Date'] });
    const calls = mockApi({
      'GET /providers/me/stats': () =>
        json(200, stats({ month_earnings_cents: 250_050, pending_earnings_cents: 37_909, month_by_category: [{ category_id: 2, jobs: 3, total_cents: 200_000 }, { category_id: null, jobs: 1, total_cents: 50_050 }] })),
      'GET /categories': categories,
      'GET /providers/me/earnings.csv': csv,
    });
    renderProviderScreen(<EarningsCard />, '/provider/home', '/provider/home');
    const card = await screen.findByRole('region', { name: 'Resumen de ganancias' });
    expect((await within(card).findByText('Este mes')).nextElementSibling?.textContent).toBe('$2,500.50');
    expect(within(card).getByText('Pendiente').nextElementSibling?.textContent).toBe('$379.09');
    await vi.waitFor(() => expect(within(card).getAllByRole('listitem')[0]!.textContent).toBe('Electricidad · 3 trabajos$2,000'));
    const rows = within(card).getAllByRole('listitem').map((item) => item.textContent);
    expect(rows[1]).toBe('Sin categoría · 1 trabajo$500.50');

    const downloads = catchDownloads();
    await userEvent.click(within(card).getByRole('button', { name: 'Descargar este mes' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Descargar el año 2030' }));
    await vi.waitFor(() => expect(downloads).toEqual(['ganancias-2030-03.csv', 'ganancias-2030.csv']));
    expect(calls.filter((c) => c.path === '/providers/me/earnings.csv').map((c) => c.search)).toEqual(['?year=2030&month=3', '?year=2030']);
  });

  it('says when there is nothing this month yet, in English too', async () => {
    await act(() => testI18n.changeLanguage('en'));
    mockApi({ 'GET /providers/me/stats': () => json(200, stats()), 'GET /categories': categories });
    renderProviderScreen(<EarningsCard />, '/provider/home', '/provider/home');
    const card = await screen.findByRole('region', { name: 'Earnings summary' });
    expect(await within(card).findByText('No earnings yet this month.')).toBeTruthy();
    expect(within(card).getByText('This month').nextElementSibling?.textContent).toBe('$0');
  });

  it('shows the payments received and refunded this month and those waiting on a phone (issue 29)', async () => {
    mockApi({ 'GET /providers/me/stats': () => json(200, stats({ month_paid_cents: 24_000, month_refunded_cents: 4_000, payments_pending_cents: 16_000 })), 'GET /categories': categories });
    renderProviderScreen(<EarningsCard />, '/provider/home', '/provider/home');
    const card = await screen.findByRole('region', { name: 'Resumen de ganancias' });
    const payments = await within(card).findByTestId('earnings-payments');
    expect(within(payments).getByText('Cobrado este mes').nextElementSibling?.textContent).toBe('$240');
    expect(within(payments).getByText('Devuelto este mes').nextElementSibling?.textContent).toBe('$40');
    expect(within(payments).getByText('Pagos por aprobar').nextElementSibling?.textContent).toBe('$160');
  });

  it('shows only what was received when nothing was refunded or waits', async () => {
    mockApi({ 'GET /providers/me/stats': () => json(200, stats()), 'GET /categories': categories });
    renderProviderScreen(<EarningsCard />, '/provider/home', '/provider/home');
    const payments = await screen.findByTestId('earnings-payments');
    expect(within(payments).getByText('Cobrado este mes').nextElementSibling?.textContent).toBe('$0');
    expect(within(payments).queryByText('Devuelto este mes')).toBeNull();
    expect(within(payments).queryByText('Pagos por aprobar')).toBeNull();
  });

  it('offers a retry when the figures could not load, and says when a download fails', async () => {
    let fail = true;
    mockApi({
      'GET /providers/me/stats': () => (fail ? apiError(500, 'internal_error') : json(200, stats())),
      'GET /categories': categories,
      'GET /providers/me/earnings.csv': () => apiError(403, 'forbidden'),
    });
    renderProviderScreen(<EarningsCard />, '/provider/home', '/provider/home');
    const card = await screen.findByRole('region', { name: 'Resumen de ganancias' });
    fail = false;
    await userEvent.click(await within(card).findByRole('button', { name: 'Intentar de nuevo' }));
    expect(await within(card).findByText('Este mes')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Descargar este mes' }));
    expect(await within(card).findByRole('alert')).toBeTruthy();
  });
});
