import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReceiptPayments } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { ApiCall } from '../../../test/jobs-test-kit.tsx';
import { depositPaid, payment } from '../../../test/payment-fixtures.ts';
import { priced, receipt } from '../../../test/receipt-fixtures.ts';
import { ReceiptPage } from './receipt-page.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => testI18n.changeLanguage('es'));
});

/** $208.24 due: a $40 ATH Móvil deposit, $50 in cash ($10 of it refunded), $30 waiting on the phone; $128.24 left. */
const paid: ReceiptPayments = {
  paid_cents: 9000,
  pending_cents: 3000,
  refunded_cents: 1000,
  balance_cents: priced.total_cents - 8000,
  lines: [
    { id: 'pay-1', purpose: 'deposit', method: 'athmovil', status: 'paid', amount_cents: 4000, refunded_cents: 0, reference: '215070443-7f3a', paid_at: '2030-01-02T13:02:00.000Z' },
    { id: 'pay-2', purpose: 'other', method: 'cash', status: 'paid', amount_cents: 5000, refunded_cents: 1000, reference: null, paid_at: '2030-01-10T16:00:00.000Z' },
    { id: 'pay-3', purpose: 'balance', method: 'athmovil', status: 'open', amount_cents: 3000, refunded_cents: 0, reference: null, paid_at: null },
    { id: 'pay-4', purpose: 'balance', method: 'athmovil', status: 'declined', amount_cents: 3000, refunded_cents: 0, reference: null, paid_at: null },
  ],
};

function open(path: string, routes: Record<string, (call: ApiCall) => Response> = {}) {
  const calls = mockApi({ 'GET /jobs/job-1/receipt': () => json(200, receipt({ payments: paid })), ...routes });
  const route = path.startsWith('/provider') ? '/provider/jobs/:id/receipt' : '/client/jobs/:id/receipt';
  renderScreen(<ReceiptPage />, path, { route });
  return calls;
}

const rows = (block: HTMLElement, selector: string) => [...block.querySelectorAll(selector)].map((row) => (row.textContent ?? '').replace(/\u00a0/g, ' '));

describe("a receipt's payments", { timeout: 60_000 }, () => {
  it('lists each payment that counts or waits, the refund, and paid, refunded, pending and the balance, for the provider', async () => {
    open('/provider/jobs/job-1/receipt');
    const block = await screen.findByTestId('receipt-payments');
    expect(within(block).getByRole('heading', { name: 'Pagos' })).toBeTruthy();
    expect(rows(block, '.receipt__payment-line')).toEqual([
      'Depósito pagado con ATH Móvil · Referencia 215070443-7f3a$40',
      'Pagado con efectivo$50Devuelto de este pago−$10',
      'Saldo con ATH Móvil (esperando aprobación)$30',
    ]);
    expect(rows(block, '.receipt__payment-totals > div')).toEqual(['Pagado$90', 'Devuelto−$10', 'Pendiente de aprobación$30', 'Saldo$128.24']);
    // It is part of the printed receipt; the provider has nothing to pay here.
    expect(block.closest('[data-print-only]')).toBeTruthy();
    expect(screen.queryByTestId('pay-panel')).toBeNull();
  });

  it('reads in English', async () => {
    await act(() => testI18n.changeLanguage('en'));
    open('/provider/jobs/job-1/receipt');
    const block = await screen.findByTestId('receipt-payments');
    expect(rows(block, '.receipt__payment-line')[0]).toBe('Deposit paid with ATH Móvil · Reference 215070443-7f3a$40');
    expect(rows(block, '.receipt__payment-totals > div')).toEqual(['Paid$90', 'Refunded−$10', 'Waiting for approval$30', 'Balance$128.24']);
  });

  it('has no payments block when nothing was paid', async () => {
    mockApi({ 'GET /jobs/job-1/receipt': () => json(200, receipt()) });
    renderScreen(<ReceiptPage />, '/provider/jobs/job-1/receipt', { route: '/provider/jobs/:id/receipt' });
    await screen.findByRole('article', { name: 'Recibo R-000042' });
    expect(screen.queryByTestId('receipt-payments')).toBeNull();
  });

  it('offers the client "Pagar el saldo" when the api says they may pay it', async () => {
    const user = userEvent.setup();
    const calls = open('/client/jobs/job-1/receipt', {
      'GET /jobs/job-1/payments': () => json(200, depositPaid({ can_pay: 'balance', balance_cents: 12_824 })),
      'POST /jobs/job-1/payments': () => json(201, payment({ purpose: 'balance', amount_cents: 12_824 })),
    });
    const panel = await screen.findByTestId('pay-panel');
    expect(panel.closest('[data-print-only]')).toBeNull();
    await user.type(within(panel).getByLabelText('Tu número de ATH Móvil'), '787-555-0123');
    await user.click(within(panel).getByRole('button', { name: 'Pagar el saldo ($128.24)' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/jobs/job-1/payments', body: { purpose: 'balance', phone: '7875550123' } }));
  });
});
