import '../../../test/screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPayment } from '@resuelve/contract';
import { json, mockApi } from '../../../test/fake-api.ts';
import { profile, renderApp } from '../../../test/helpers.tsx';

const admin = profile({ id: 'adm-1', is_admin: true, is_onboarded: false, email: 'admin@example.pr' });

const paid: AdminPayment = {
  id: 'pay-1',
  job_id: 'job-1',
  provider: { id: 'prov-1', name: 'Plomería Luis' },
  client: { id: 'client-1', name: 'Ana Rivera' },
  purpose: 'deposit',
  method: 'athmovil',
  status: 'paid',
  amount_cents: 4000,
  refunded_cents: 1000,
  reference: '215070443-abc',
  demo: true,
  created_at: '2030-01-02T13:00:00.000Z',
  updated_at: '2030-01-02T13:05:00.000Z',
};
const declined: AdminPayment = { ...paid, id: 'pay-2', status: 'declined', amount_cents: 2500, refunded_cents: 0, reference: null, demo: false };
const cash: AdminPayment = { ...paid, id: 'pay-3', purpose: 'other', method: 'cash', amount_cents: 6000, refunded_cents: 0, reference: null, demo: false };

describe("the admin's payments", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists payments newest first with who paid whom, refunds, method and the demo mark, and pages on with "Ver más"', async () => {
    const calls = mockApi({
      'GET /profiles/me': () => json(200, admin),
      'GET /admin/payments': (call) =>
        call.params.get('cursor') === 'c-2' ? json(200, { items: [cash], next_cursor: null }) : json(200, { items: [paid, declined], next_cursor: 'c-2' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/payments', { user: admin });
    expect(await screen.findByRole('link', { name: 'Pagos' })).toBeTruthy();
    const first = within(await screen.findByRole('article', { name: /\$40 a Plomería Luis/ }));
    expect(first.getByText('Ana Rivera')).toBeTruthy();
    expect(first.getByText('$10')).toBeTruthy();
    expect(first.getByText('Pagado')).toBeTruthy();
    expect(first.getByText('Pagos de demostración')).toBeTruthy();
    expect(first.getByText('ATH Móvil · Depósito')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: /\$25 a Plomería Luis/ })).getByText('Rechazado')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByRole('article', { name: /\$60 a Plomería Luis/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    expect(calls.filter((c) => c.path === '/admin/payments').map((c) => c.params.get('cursor'))).toEqual([null, 'c-2']);
  });

  it('filters by status, saying when none has it', async () => {
    const calls = mockApi({
      'GET /profiles/me': () => json(200, admin),
      'GET /admin/payments': (call) => json(200, { items: call.params.get('status') === 'refused' ? [] : [paid], next_cursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/admin/payments', { user: admin });
    await screen.findByRole('article', { name: /\$40 a Plomería Luis/ });
    await user.selectOptions(screen.getByLabelText('Estado'), 'No coincide');
    expect(await screen.findByText('No hay pagos en ese estado.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/admin/payments').map((c) => c.params.get('status'))).toEqual([null, 'refused']);
  });
});
