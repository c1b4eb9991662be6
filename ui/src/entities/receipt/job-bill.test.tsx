import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { priceLines } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { receipt } from '../../../test/receipt-fixtures.ts';
import { profile } from '../../../test/profile-fixtures.ts';
import { JobBill } from './job-bill.tsx';

const draftLines = priceLines([
  { kind: 'labour_hourly', description: 'Mano de obra', quantity: 1.75, unit_price_cents: 6500, tax_rate: 'standard' },
  { kind: 'material', description: 'Tubo PVC', quantity: 2, unit_price_cents: 500, tax_rate: 'standard' },
]);
const draft = receipt({ status: 'draft', confirmed_at: null, ...draftLines, amount_due_cents: draftLines.total_cents });
const ended = job({
  status: 'completed',
  allowed_actions: [],
  bill: { status: 'draft', subtotal_cents: draftLines.subtotal_cents, tax_cents: draftLines.tax_cents, total_cents: draftLines.total_cents, confirmed_at: null },
});

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => testI18n.changeLanguage('es'));
});

function renderBill(side: 'client' | 'provider', routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'GET /jobs/job-1/receipt': () => json(200, draft), ...routes });
  const path = `/${side}/jobs/job-1`;
  renderScreen(<JobBill job={ended} side={side} />, path, { route: `/${side}/jobs/:id`, user: side === 'provider' ? profile({ id: 'prov-1', is_contractor: true }) : undefined });
  return calls;
}

describe("a job's total", { timeout: 60_000 }, () => {
  it('shows the client the draft total, that the provider is confirming it, and the way to the receipt, with no form', async () => {
    const calls = renderBill('client');
    const section = await screen.findByRole('region', { name: 'Total del trabajo' });
    expect(within(section).getByText('$137.98')).toBeTruthy();
    expect(within(section).getByText('Total por confirmar')).toBeTruthy();
    expect(within(section).getByText('El proveedor todavía está confirmando el total.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Ver recibo' }).getAttribute('href')).toBe('/client/jobs/job-1/receipt');
    expect(within(section).queryByRole('form')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lets the provider change the lines (a quantity, a line removed, a line added) and confirm them in whole cents', async () => {
    const calls = renderBill('provider', {
      'POST /jobs/job-1/bill': (call) => json(200, receipt({ ...priceLines((call.body as { lines: never[] }).lines), status: 'confirmed' })),
    });
    const form = await screen.findByRole('form', { name: 'Confirmar total' });
    // The draft's total: 1.75 h × $65 + 2 × $5, IVU 11.5 %.
    expect(within(form).getByRole('button', { name: 'Confirmar total de $137.98' })).toBeTruthy();
    const quantity = within(form).getByRole('textbox', { name: /^Cantidad\s?· Partida 1$/ });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Quitar partida 2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Añadir partida' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /^Descripción\s?· Partida 2$/ }), 'Llave de paso');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Precio unitario \(\$\)\s?· Partida 2$/ }), '12.99');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /^IVU\s?· Partida 2$/ }), 'exempt');
    // $130 + IVU $14.95, and $12.99 exempt.
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar total de $157.94' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      lines: [
        { kind: 'labour_hourly', description: 'Mano de obra', quantity: 2, unit_price_cents: 6500, tax_rate: 'standard' },
        { kind: 'material', description: 'Llave de paso', quantity: 1, unit_price_cents: 1299, tax_rate: 'exempt' },
      ],
    });
  });

  it('points at what is wrong before sending, and shows the api’s refusal', async () => {
    const calls = renderBill('provider', { 'POST /jobs/job-1/bill': () => apiError(409, 'bill_already_confirmed') });
    const form = await screen.findByRole('form', { name: 'Confirmar total' });
    const price = within(form).getByRole('textbox', { name: /^Precio unitario \(\$\)\s?· Partida 2$/ });
    await userEvent.clear(price);
    await userEvent.type(price, '-5');
    await userEvent.click(within(form).getByRole('button', { name: /^Confirmar total de/ }));
    expect(within(form).getByText('Escribe un precio de $0 o más, en dólares y centavos.')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(price));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(price);
    await userEvent.type(price, '5');
    await userEvent.click(within(form).getByRole('button', { name: /^Confirmar total de/ }));
    expect(await within(form).findByText('El total de este trabajo ya fue confirmado y no se puede cambiar.')).toBeTruthy();
  });
});
