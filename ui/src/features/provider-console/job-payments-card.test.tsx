import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobPayments, Payment } from '@resuelve/contract';
import { profile } from '../../../test/helpers.tsx';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { JobPaymentsCard } from './job-payments-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const provider = profile({ id: 'prov-1', is_contractor: true, first_name: 'Luis' });

const paidDeposit: Payment = {
  id: 'pay-1',
  job_id: 'job-1',
  purpose: 'deposit',
  method: 'athmovil',
  status: 'paid',
  amount_cents: 4000,
  refunded_cents: 1000,
  reference: '215070443-abc',
  expires_at: null,
  paid_at: '2030-01-02T13:02:00.000Z',
  note: null,
  created_at: '2030-01-02T13:00:00.000Z',
  updated_at: '2030-01-02T13:05:00.000Z',
  refunds: [{ id: 'ref-1', amount_cents: 1000, reason: 'by_provider', message: 'Sobró material', reference: 'r-1', created_at: '2030-01-02T14:00:00.000Z' }],
  demo: true,
  phone_url: null,
};

const money = (overrides: Partial<JobPayments> = {}): JobPayments => ({
  job_id: 'job-1',
  deposit: { state: 'paid', amount_cents: 4000, hold_until: null },
  total_cents: 20_000,
  paid_cents: 4000,
  pending_cents: 0,
  refunded_cents: 1000,
  balance_cents: 17_000,
  payments: [paidDeposit],
  accepts_athmovil: true,
  can_pay: null,
  demo: true,
  ...overrides,
});

function show() {
  return renderScreen(<JobPaymentsCard job={job()} />, '/provider/jobs/job-1', { route: '/provider/jobs/:id', user: provider });
}

describe("The provider's Pagos card", { timeout: 20_000 }, () => {
  it("shows the deposit, the figures and each payment's line with its refunds and the demo mark", async () => {
    mockApi({ 'GET /jobs/job-1/payments': () => json(200, money()) });
    show();
    await screen.findByText('Falta por pagar');
    const card = within(screen.getByRole('region', { name: 'Pagos' }));
    expect(card.getByText(/El cliente pagó el depósito de \$40\./)).toBeTruthy();
    expect(card.getByText('Falta por pagar').nextElementSibling!.textContent).toBe('$170');
    expect(card.getAllByText('Pagos de demostración').length).toBeGreaterThan(0);
    const line = within(card.getByRole('article', { name: 'Depósito · ATH Móvil' }));
    expect(line.getByText('Pagado')).toBeTruthy();
    expect(line.getByText(/Reembolso de \$10/)).toBeTruthy();
    expect(line.getByText(/Sobró material/)).toBeTruthy();
  });

  it('says how long the hold of a due deposit has left', async () => {
    const holdUntil = new Date(Date.now() + 12 * 60_000 - 5_000).toISOString();
    mockApi({ 'GET /jobs/job-1/payments': () => json(200, money({ deposit: { state: 'due', amount_cents: 4000, hold_until: holdUntil }, payments: [], paid_cents: 0, refunded_cents: 0, balance_cents: 20_000 })) });
    show();
    expect(await screen.findByText('El cliente debe pagar un depósito de $40. Tu tiempo queda reservado 12 minutos más.')).toBeTruthy();
  });

  it('records cash received another way after asking, and shows the job read again', async () => {
    let answer = money({ payments: [], deposit: { state: 'not_required', amount_cents: 0, hold_until: null }, paid_cents: 0, refunded_cents: 0, balance_cents: 20_000, demo: false });
    const calls = mockApi({
      'GET /jobs/job-1/payments': () => json(200, answer),
      'POST /jobs/job-1/payments/other': (call) => {
        const body = call.body as { amount_cents: number; method: 'cash'; note: string };
        const recorded: Payment = { ...paidDeposit, id: 'pay-2', purpose: 'other', method: body.method, amount_cents: body.amount_cents, refunded_cents: 0, refunds: [], reference: null, note: body.note, demo: false };
        answer = { ...answer, payments: [recorded], paid_cents: body.amount_cents, balance_cents: 20_000 - body.amount_cents };
        return json(201, recorded);
      },
    });
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(await screen.findByRole('button', { name: 'Registrar pago por otra vía' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registrar un pago por otra vía' }));
    await user.click(dialog.getByRole('button', { name: 'Registrar pago' }));
    expect(dialog.getByText(/Escribe una cantidad de \$0.01 a \$100,000/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Cantidad recibida'), '60');
    await user.selectOptions(dialog.getByLabelText('Cómo te pagó'), 'Efectivo');
    await user.type(dialog.getByLabelText('Nota (opcional)'), 'Pagó al llegar');
    await user.click(dialog.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText('Registramos el pago de $60.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ amount_cents: 6000, method: 'cash', note: 'Pagó al llegar' });
    expect(await screen.findByRole('article', { name: 'Pago por otra vía · Efectivo' })).toBeTruthy();
    expect(screen.getByText('Falta por pagar').nextElementSibling!.textContent).toBe('$140');
  });

  it('refuses a refund over what is left before sending, and shows the api refusing one that grew too large meanwhile', async () => {
    const calls = mockApi({
      'GET /jobs/job-1/payments': () => json(200, money()),
      'POST /payments/pay-1/refunds': () => apiError(409, 'refund_too_large'),
    });
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reembolsar este pago' }));
    const amount = dialog.getByLabelText('Cantidad a reembolsar') as HTMLInputElement;
    expect(amount.value).toBe('30');
    await user.clear(amount);
    await user.type(amount, '35');
    await user.click(dialog.getByRole('button', { name: 'Reembolsar' }));
    expect(dialog.getByText('El reembolso pasa de lo que queda del pago.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '25');
    await user.type(dialog.getByLabelText('Mensaje para el cliente (opcional)'), 'Perdón por la espera');
    await user.click(dialog.getByRole('button', { name: 'Reembolsar $25' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('El reembolso pasa de lo que queda del pago.'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ amount_cents: 2500, message: 'Perdón por la espera' });
  });
});
