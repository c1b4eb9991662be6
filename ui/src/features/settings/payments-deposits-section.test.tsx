import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentAccount, ServiceDepositRule } from '@resuelve/contract';
import { PaymentsDepositsSection } from './payments-deposits-section.tsx';
import { json, mockApi, providerUser, renderSection } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const account = (connected: boolean): PaymentAccount => ({
  processor: 'athmovil',
  connected,
  public_token_hint: connected ? '1234' : null,
  business_name: null,
  connected_at: connected ? '2026-11-20T15:00:00Z' : null,
  tested_at: null,
  test_ok: null,
  demo: false,
});

const rules: ServiceDepositRule[] = [
  { category_id: 7, kind: 'none', fixed_cents: null, share_percent: null },
  { category_id: 9, kind: 'fixed', fixed_cents: 5000, share_percent: null },
];

const categories = {
  items: [
    { id: 7, slug: 'plumbing', name: 'Plomería', group: 'home' },
    { id: 9, slug: 'electrical', name: 'Electricidad', group: 'home' },
  ],
};

function api(connected: boolean) {
  return mockApi({
    'GET /providers/me/payment-account': () => json(200, account(connected)),
    'GET /providers/me/deposit-rules': () => json(200, rules),
    'GET /categories': () => json(200, categories),
    'PUT /providers/me/deposit-rules/7': (call) => json(200, { category_id: 7, ...(call.body as object) }),
  });
}

const row = async (name: string) => within((await screen.findByRole('group', { name })).closest('form')!);

describe('Deposit per service', { timeout: 20_000 }, () => {
  it('waits, saying why, until an ATH Móvil account is connected', async () => {
    api(false);
    renderSection(<PaymentsDepositsSection />, { user: providerUser });
    expect(await screen.findByText(/Conecta tu cuenta ATH Móvil arriba para pedir depósitos/)).toBeTruthy();
    const plumbing = await row('Plomería');
    expect(plumbing.getByRole('radio', { name: 'Porciento' }).matches(':disabled')).toBe(true);
    expect(plumbing.getByRole('button', { name: 'Guardar' }).matches(':disabled')).toBe(true);
  });

  it('prices a share on a $200 job as it is typed, and saves that row alone', async () => {
    const calls = api(true);
    const user = userEvent.setup({ delay: null });
    renderSection(<PaymentsDepositsSection />, { user: providerUser });
    const plumbing = await row('Plomería');
    expect(plumbing.getByText('En un trabajo de $200: sin depósito.')).toBeTruthy();
    await user.click(plumbing.getByRole('radio', { name: 'Porciento' }));
    await user.type(plumbing.getByLabelText('Porciento de la cotización'), '20');
    expect(plumbing.getByText('En un trabajo de $200: $40 de depósito.')).toBeTruthy();
    await user.click(plumbing.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardamos el depósito de Plomería.')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.path, c.body])).toEqual([['/providers/me/deposit-rules/7', { kind: 'share', fixed_cents: null, share_percent: 20 }]]);
    // The other service's fixed $50 is shown as it was.
    const electrical = await row('Electricidad');
    expect((electrical.getByLabelText('Cantidad del depósito') as HTMLInputElement).value).toBe('50');
    expect(electrical.getByText('En un trabajo de $200: $50 de depósito.')).toBeTruthy();
  });

  it('refuses a percent over 100 or a fixed amount under $1 beside the field, sending nothing', async () => {
    const calls = api(true);
    const user = userEvent.setup({ delay: null });
    renderSection(<PaymentsDepositsSection />, { user: providerUser });
    const plumbing = await row('Plomería');
    await user.click(plumbing.getByRole('radio', { name: 'Porciento' }));
    await user.type(plumbing.getByLabelText('Porciento de la cotización'), '150');
    await user.click(plumbing.getByRole('button', { name: 'Guardar' }));
    expect(plumbing.getByText('Escribe un porciento entero de 1 a 100.')).toBeTruthy();
    await user.click(plumbing.getByRole('radio', { name: 'Cantidad fija' }));
    await user.type(plumbing.getByLabelText('Cantidad del depósito'), '0.50');
    await user.click(plumbing.getByRole('button', { name: 'Guardar' }));
    expect(plumbing.getByText('Escribe una cantidad de $1 a $1,500.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
