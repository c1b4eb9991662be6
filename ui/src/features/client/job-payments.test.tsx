import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobPayments, Quote } from '@resuelve/contract';
import { useReach } from '../../lib/connection.ts';
import { quote, summaryOf } from '../../../test/quote-fixtures.ts';
import { depositPaid, jobPayments, payment } from '../../../test/payment-fixtures.ts';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { ApiCall } from '../../../test/jobs-test-kit.tsx';
import { testI18n } from '../../../test/setup.ts';
import { ClientJobPage } from './job-detail-page.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  act(() => useReach.setState({ browserOnline: true, apiUnreachable: false }));
  await act(() => testI18n.changeLanguage('es'));
});

const accepted: Quote = quote({ status: 'accepted', accepted_version: 1, allowed_actions: [] });
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

/** Job-1 accepted with a $40 deposit due; `answer` is what GET /jobs/job-1/payments says now. */
function openDueJob(answer: { current: JobPayments }, routes: Record<string, (call: ApiCall) => Response> = {}) {
  const holdUntil = answer.current.deposit.hold_until;
  const calls = mockApi({
    'GET /jobs/job-1': () => json(200, job({ status: 'pending', allowed_actions: ['cancel'], quote: summaryOf(accepted), deposit: { amount_cents: 4000, hold_until: holdUntil, state: 'due' } })),
    'GET /categories': () => json(200, { items: [] }),
    'GET /jobs/job-1/quote': () => json(200, accepted),
    'GET /jobs/job-1/payments': () => json(200, answer.current),
    ...routes,
  });
  renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
  return calls;
}

describe("the client's deposit on a quote", { timeout: 60_000 }, () => {
  it('says before accepting that a $40 deposit with ATH Móvil confirms it, and the spot is held 30 minutes', async () => {
    const user = userEvent.setup();
    const sent = quote({ status: 'sent', allowed_actions: ['accept', 'counter', 'decline'], deposit_cents: 4000 });
    mockApi({
      'GET /jobs/job-1': () => json(200, job({ status: 'pending', allowed_actions: ['cancel'], quote: summaryOf(sent) })),
      'GET /categories': () => json(200, { items: [] }),
      'GET /jobs/job-1/quote': () => json(200, sent),
    });
    renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
    const card = await screen.findByTestId('quote-card');
    expect(within(card).getByTestId('quote-deposit').textContent).toBe('Para confirmar, paga un depósito de $40 con ATH Móvil. Te guardamos el espacio 30 minutos.');
    await user.click(within(card).getByRole('button', { name: 'Aceptar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Aceptar la cotización?' });
    expect(within(dialog).getByText(/paga el depósito de \$40 con ATH Móvil para confirmar la cita/)).toBeTruthy();
  });

  it('says nothing of a deposit when the quote asks for none', async () => {
    const sent = quote({ status: 'sent', allowed_actions: ['accept', 'counter', 'decline'], deposit_cents: 0 });
    mockApi({
      'GET /jobs/job-1': () => json(200, job({ status: 'pending', allowed_actions: ['cancel'], quote: summaryOf(sent) })),
      'GET /categories': () => json(200, { items: [] }),
      'GET /jobs/job-1/quote': () => json(200, sent),
    });
    renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
    const card = await screen.findByTestId('quote-card');
    expect(within(card).queryByTestId('quote-deposit')).toBeNull();
    expect(screen.queryByTestId('pay-panel')).toBeNull();
  });
});

describe("the client's pay panel", { timeout: 60_000 }, () => {
  it('sends the payment to the phone, waits with the demo phone link, and shows it paid once the page asks again', async () => {
    const user = userEvent.setup();
    const answer = { current: jobPayments() };
    const calls = openDueJob(answer, {
      'POST /jobs/job-1/payments': () => {
        answer.current = jobPayments({ pending_cents: 4000, payments: [payment()], can_pay: null });
        return json(201, payment());
      },
    });
    const panel = await screen.findByTestId('pay-panel');
    expect(screen.getByText('Aceptaste la cotización. Paga el depósito para confirmar tu cita con Plomería Luis.')).toBeTruthy();
    expect(screen.queryByText(/la confirmará pronto/)).toBeNull();
    expect(within(panel).getByRole('heading', { name: 'Paga el depósito' })).toBeTruthy();
    expect(within(panel).getByText('Para confirmar tu cita, paga un depósito de $40 con ATH Móvil. El pago va directo a Plomería Luis.')).toBeTruthy();
    expect(within(panel).getByText('Te guardamos el espacio 27 minutos más.')).toBeTruthy();
    expect(within(panel).getByText('Pagos de demostración')).toBeTruthy();

    // A number that is not 10 digits is said at the field, and nothing is sent.
    const field = within(panel).getByLabelText('Tu número de ATH Móvil');
    await user.type(field, '787 555');
    await user.click(within(panel).getByRole('button', { name: 'Pagar $40 con ATH Móvil' }));
    expect(within(panel).getByText('Escribe los 10 dígitos de tu número, por ejemplo 787 555 0123.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    await user.type(field, '-0123');
    await user.click(within(panel).getByRole('button', { name: 'Pagar $40 con ATH Móvil' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ path: '/jobs/job-1/payments', body: { purpose: 'deposit', phone: '7875550123' } });

    const waiting = await within(panel).findByText('Abre ATH Móvil en tu teléfono y aprueba el pago');
    await waitFor(() => expect(document.activeElement).toBe(waiting.closest('p')));
    expect(within(panel).getByText('Depósito de $40 para Plomería Luis')).toBeTruthy();
    expect(within(panel).getByText(/^Tienes 9:\d\d para aprobarlo\.$/)).toBeTruthy();
    const phone = within(panel).getByRole('link', { name: /Abrir el teléfono de demostración/ });
    expect(phone.getAttribute('href')).toBe('http://localhost:3390/athmovil-emulator/phone/pay-1?lang=es');
    expect(phone.getAttribute('target')).toBe('_blank');

    // Approved on the phone: the next ask (every 5 s while it waits) finds it paid.
    const asked = (path: string) => calls.filter((call) => call.method === 'GET' && call.path === path).length;
    const [paymentsAsked, jobAsked] = [asked('/jobs/job-1/payments'), asked('/jobs/job-1')];
    answer.current = depositPaid();
    expect(await within(panel).findByText('Depósito pagado: tu cita está confirmada', {}, { timeout: 8000 })).toBeTruthy();
    expect(asked('/jobs/job-1/payments')).toBeGreaterThan(paymentsAsked);
    // Without the live event, the job (now confirmed) is asked again too.
    await waitFor(() => expect(asked('/jobs/job-1')).toBeGreaterThan(jobAsked));
    expect(within(panel).getByRole('heading', { name: 'Tu depósito' })).toBeTruthy();
    expect(within(panel).getByText('Referencia de ATH Móvil: 215070443-7f3a')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Pagar/ })).toBeNull();
  });

  it('"Ya lo aprobé" reads it back now: still open says to wait, then paid', async () => {
    const user = userEvent.setup();
    const answer = { current: jobPayments({ pending_cents: 4000, payments: [payment()], can_pay: null }) };
    let checked = payment();
    const calls = openDueJob(answer, {
      'POST /payments/pay-1/check': () => {
        answer.current = checked.status === 'paid' ? depositPaid() : answer.current;
        return json(200, checked);
      },
    });
    const panel = await screen.findByTestId('pay-panel');
    await user.click(await within(panel).findByRole('button', { name: 'Ya lo aprobé' }));
    expect(await within(panel).findByText(/Todavía no vemos el pago aprobado/)).toBeTruthy();
    checked = depositPaid().payments[0]!;
    await user.click(within(panel).getByRole('button', { name: 'Ya lo aprobé' }));
    expect(await within(panel).findByText('Depósito pagado: tu cita está confirmada')).toBeTruthy();
    expect(posts(calls).map((call) => call.path)).toEqual(['/payments/pay-1/check', '/payments/pay-1/check']);
  });

  it('says the bank declined it, that nothing was charged, and lets the client try again', async () => {
    const user = userEvent.setup();
    const answer = { current: jobPayments({ payments: [payment({ status: 'declined', expires_at: null, phone_url: null })] }) };
    const calls = openDueJob(answer, { 'POST /jobs/job-1/payments': () => json(201, payment({ id: 'pay-2' })) });
    const panel = await screen.findByTestId('pay-panel');
    expect((await within(panel).findByRole('alert')).textContent).toBe('Tu banco o tarjeta rechazó el pago. No se cobró nada; puedes intentarlo de nuevo.');
    await user.type(within(panel).getByLabelText('Tu número de ATH Móvil'), '(939) 555-0101');
    await user.click(within(panel).getByRole('button', { name: 'Pagar $40 con ATH Móvil' }));
    await waitFor(() => expect(posts(calls)[0]).toMatchObject({ path: '/jobs/job-1/payments', body: { purpose: 'deposit', phone: '9395550101' } }));
  });

  it('says when the payment expired, and when the client cancelled it', async () => {
    const user = userEvent.setup();
    const answer = { current: jobPayments({ pending_cents: 4000, payments: [payment()], can_pay: null }) };
    const calls = openDueJob(answer, {
      'POST /payments/pay-1/cancel': () => {
        answer.current = jobPayments({ payments: [payment({ status: 'cancelled', expires_at: null, phone_url: null })] });
        return json(200, payment({ status: 'cancelled' }));
      },
    });
    const panel = await screen.findByTestId('pay-panel');
    await user.click(await within(panel).findByRole('button', { name: 'Cancelar el pago' }));
    expect(await within(panel).findByText('Cancelaste el pago. No se cobró nada; puedes intentarlo de nuevo.')).toBeTruthy();
    expect(posts(calls)[0]?.path).toBe('/payments/pay-1/cancel');
    expect(within(panel).getByRole('button', { name: 'Pagar $40 con ATH Móvil' })).toBeTruthy();
  });

  it('says an expired payment and its retry, in English', async () => {
    await act(() => testI18n.changeLanguage('en'));
    openDueJob({ current: jobPayments({ payments: [payment({ status: 'expired', expires_at: null, phone_url: null })] }) });
    const panel = await screen.findByTestId('pay-panel');
    expect((await within(panel).findByRole('alert')).textContent).toBe('The payment expired before you approved it. Nothing was charged; you can try again.');
    expect(within(panel).getByRole('button', { name: 'Pay $40 with ATH Móvil' })).toBeTruthy();
    expect(within(panel).getByText('Demo payments')).toBeTruthy();
  });

  it('says when the payments could not load while a deposit is due, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    openDueJob({ current: jobPayments() }, { 'GET /jobs/job-1/payments': () => (fail ? apiError(500, 'internal_error') : json(200, jobPayments())) });
    const alert = await screen.findByText('No se pudieron cargar los pagos.');
    fail = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Pagar $40 con ATH Móvil' })).toBeTruthy();
  });

  it('waits for the connection: the pay button is disabled with the offline note', async () => {
    openDueJob({ current: jobPayments() });
    const panel = await screen.findByTestId('pay-panel');
    act(() => useReach.setState({ browserOnline: false }));
    expect((within(panel).getByRole('button', { name: 'Pagar $40 con ATH Móvil' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByRole('note').textContent).toBe('Los pagos no se hacen sin conexión. Podrás pagar cuando vuelva la conexión.');
  });

  it('offers the balance of a completed job, and lists its payments with the figures', async () => {
    const user = userEvent.setup();
    const paid = depositPaid({ can_pay: 'balance', demo: false });
    const calls = mockApi({
      'GET /jobs/job-1': () => json(200, job({ status: 'completed', allowed_actions: [], deposit: { amount_cents: 4000, hold_until: null, state: 'paid' } })),
      'GET /categories': () => json(200, { items: [] }),
      'GET /jobs/job-1/payments': () => json(200, paid),
      'GET /jobs/job-1/review': () => json(200, null),
      'POST /jobs/job-1/payments': () => json(201, payment({ purpose: 'balance', amount_cents: 16_000, demo: false, phone_url: null })),
    });
    renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
    const summary = await screen.findByTestId('payments-summary');
    const figure = (label: string) => within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Depósito')).toBe('$40, pagado');
    expect(figure('Total del trabajo')).toBe('$200');
    expect(figure('Pagado')).toBe('$40');
    expect(figure('Saldo')).toBe('$160');
    const line = within(summary).getAllByRole('listitem')[0]!;
    expect(within(line).getByText('Depósito pagado con ATH Móvil')).toBeTruthy();
    expect(within(line).getByText(/Referencia 215070443-7f3a/)).toBeTruthy();
    expect(line.textContent).toContain('$40');
    expect(within(summary).queryByText('Pagos de demostración')).toBeNull();

    const panel = screen.getByTestId('pay-panel');
    expect(within(panel).getByText('Te quedan $160 por pagar. Puedes pagarlos con ATH Móvil, directo a Plomería Luis.')).toBeTruthy();
    await user.type(within(panel).getByLabelText('Tu número de ATH Móvil'), '7875550123');
    await user.click(within(panel).getByRole('button', { name: 'Pagar el saldo ($160)' }));
    await waitFor(() => expect(posts(calls)[0]).toMatchObject({ path: '/jobs/job-1/payments', body: { purpose: 'balance', phone: '7875550123' } }));
  });
});
