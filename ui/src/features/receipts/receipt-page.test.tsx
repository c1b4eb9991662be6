import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { apiError, catchDownloads, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { priced, receipt } from '../../../test/receipt-fixtures.ts';
import { ReceiptPage } from './receipt-page.tsx';

function renderReceipt(answer: () => Response, path = '/client/jobs/job-1/receipt') {
  const calls = mockApi({
    'GET /jobs/job-1/receipt': answer,
    'GET /jobs/job-1/receipt.pdf': () => new Response('%PDF-1.3', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
  });
  const route = path.startsWith('/provider') ? '/provider/jobs/:id/receipt' : '/client/jobs/:id/receipt';
  renderScreen(<ReceiptPage />, path, { route });
  return calls;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => testI18n.changeLanguage('es'));
});

describe('the receipt page', { timeout: 60_000 }, () => {
  it("shows the provider's business name, the lines, the IVU per rate and the total, and downloads the PDF in the viewer's language", async () => {
    const calls = renderReceipt(() => json(200, receipt()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recibo R-000042' })).toBeTruthy();
    const article = screen.getByRole('article', { name: 'Recibo R-000042' });
    expect(within(article).getByText('Plomería Luis')).toBeTruthy();
    expect(within(article).getByText('(787) 555-0123')).toBeTruthy();
    expect(within(article).getByText('Ana Rivera')).toBeTruthy();
    expect(within(article).getByText('Tubo PVC')).toBeTruthy();
    const totals = within(article).getByTestId('quote-totals');
    // $150 + $24.99 + $15; IVU 11.5 % of $150 and 4 % of $24.99.
    expect(totals.textContent).toContain('$189.99');
    expect(totals.textContent).toMatch(/IVU 11,5\s%/);
    expect(totals.textContent).toContain('$17.25');
    expect(totals.textContent).toMatch(/IVU 4\s%/);
    expect(totals.textContent).toContain('$1');
    expect(totals.textContent).toContain('$208.24');
    expect(within(article).queryByText(/Borrador/)).toBeNull();

    const downloads = catchDownloads();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await vi.waitFor(() => expect(downloads).toEqual(['recibo-R-000042.pdf']));
    expect(calls.find((c) => c.path === '/jobs/job-1/receipt.pdf')?.search).toBe('?lang=es');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Volver al trabajo' }).getAttribute('href')).toBe('/client/jobs/job-1');
  });

  it('reads in English, marks a draft, and shows the fee and the amount due', async () => {
    await act(() => testI18n.changeLanguage('en'));
    const calls = renderReceipt(
      () => json(200, receipt({ status: 'draft', confirmed_at: null, fee: { kind: 'late_cancellation', amount_cents: 2500 }, amount_due_cents: priced.total_cents + 2500 })),
      '/provider/jobs/job-1/receipt',
    );
    const article = await screen.findByRole('article', { name: 'Receipt R-000042' });
    expect(within(article).getByRole('note').textContent).toBe('Draft: the provider has not confirmed the final total yet.');
    expect(within(article).getByText('Late cancellation fee').nextElementSibling?.textContent).toBe('$25');
    expect(within(article).getByText('Amount due').nextElementSibling?.textContent).toBe('$233.24');
    const downloads = catchDownloads();
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(downloads).toEqual(['receipt-R-000042.pdf']));
    expect(calls.find((c) => c.path === '/jobs/job-1/receipt.pdf')?.search).toBe('?lang=en');
    expect(screen.getByRole('link', { name: 'Back to the job' }).getAttribute('href')).toBe('/provider/jobs/job-1');
  });

  it('says when the job has no receipt yet, and when it is not the viewer’s', async () => {
    renderReceipt(() => apiError(404, 'receipt_not_found'));
    expect(await screen.findByText('Este trabajo todavía no tiene recibo: aparece cuando el proveedor termina el trabajo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Descargar PDF' })).toBeNull();
  });

  it('offers a retry when the receipt could not load', async () => {
    let fail = true;
    renderReceipt(() => (fail ? apiError(500, 'internal_error') : json(200, receipt())));
    const retry = await screen.findByRole('button', { name: 'Intentar de nuevo' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('article', { name: 'Recibo R-000042' })).toBeTruthy();
  });
});
