import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote } from '@resuelve/contract';
import { useReach } from '../../lib/connection.ts';
import { quote, quoteVersion, summaryOf, threeLines } from '../../../test/quote-fixtures.ts';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { ApiCall } from '../../../test/jobs-test-kit.tsx';
import { testI18n } from '../../../test/setup.ts';
import { ClientJobPage } from './job-detail-page.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  act(() => useReach.setState({ browserOnline: true, apiUnreachable: false }));
  await act(() => testI18n.changeLanguage('es'));
});

/** Version 1 countered (the trip fee questioned), version 2 with the trip at $7.50, waiting for the client. */
function revised(overrides: Partial<Quote> = {}): Quote {
  return quote({
    status: 'sent',
    allowed_actions: ['accept', 'counter', 'decline'],
    versions: [
      quoteVersion({ number: 1, counter: { message: 'El viaje me parece caro.', line_numbers: [3], created_at: '2030-01-02T12:00:00.000Z' } }),
      quoteVersion({
        number: 2,
        input: [threeLines[0]!, threeLines[1]!, { ...threeLines[2]!, unit_price_cents: 750 }],
        note: 'Te rebajé el viaje.',
        created_at: '2030-01-02T15:00:00.000Z',
      }),
    ],
    ...overrides,
  });
}

function open(held: Quote, routes: Record<string, (call: ApiCall) => Response> = {}) {
  const calls = mockApi({
    'GET /jobs/job-1': () => json(200, job({ status: 'pending', allowed_actions: ['cancel'], quote: summaryOf(held) })),
    'GET /categories': () => json(200, { items: [] }),
    'GET /jobs/job-1/quote': () => json(200, held),
    ...routes,
  });
  renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
  return calls;
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');
/** Text with Intl's narrow and no-break spaces ("11,5 %") as plain ones. */
const plain = (node: Element) => (node.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe("the client's quote card", { timeout: 60_000 }, () => {
  it('shows the lines with their IVU, the totals, the valid-until day, the note and the earlier versions', async () => {
    open(revised());
    const card = await screen.findByTestId('quote-card');
    expect(within(card).getByRole('heading', { name: 'Cotización' })).toBeTruthy();
    expect(within(card).getByText('Versión 2')).toBeTruthy();
    const rows = within(card).getAllByRole('row').slice(1, 4);
    expect(rows.map(plain)).toEqual([
      'Mano de obra por horaMano de obra2 h$65$14.95 (11,5 %)$130',
      'MaterialesTubo PVC1$12.40$1.43 (11,5 %)$12.40',
      'Otro cargoCargo por viaje1$7.50Exento$7.50',
    ]);
    const totals = within(card).getAllByTestId('quote-totals')[0]!;
    expect(plain(totals)).toBe('Subtotal$149.90IVU 11,5 % sobre $142.40$16.38Total$166.28');
    expect(within(card).getByText('Válida hasta').nextElementSibling?.textContent).toBe('lunes, 7 de enero de 2030');
    expect(within(card).getByText('Te rebajé el viaje.')).toBeTruthy();

    // The history is folded: version 1's total and the counter-offer that led to version 2.
    const history = within(card).getByText('1 versión anterior').closest('details')!;
    expect(history.open).toBe(false);
    expect(within(history).getByText('Total $173.78')).toBeTruthy();
    expect(within(history).getByText(/El viaje me parece caro/)).toBeTruthy();
    expect(within(history).getByText('(línea 3)')).toBeTruthy();
  });

  it('accepts the version read, after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = open(revised(), { 'POST /quotes/quote-1/accept': () => json(200, revised({ status: 'accepted', accepted_version: 2, allowed_actions: [] })) });
    const card = await screen.findByTestId('quote-card');
    await user.click(within(card).getByRole('button', { name: 'Aceptar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Aceptar la cotización?' });
    expect(within(dialog).getByText('Aceptas la versión 2 por $166.28. El trabajo quedará reservado a la hora pedida, por 2 horas.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar cotización' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ path: '/quotes/quote-1/accept', body: { version: 2 } });
    expect(await screen.findByText('Aceptaste la cotización. El trabajo quedó reservado.')).toBeTruthy();
  });

  it('says so when the provider sent a newer version meanwhile (409 quote_superseded), and when it expired', async () => {
    const user = userEvent.setup();
    let answer = apiError(409, 'quote_superseded');
    open(revised(), { 'POST /quotes/quote-1/accept': () => answer });
    const card = await screen.findByTestId('quote-card');
    await user.click(within(card).getByRole('button', { name: 'Aceptar' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar cotización' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('El proveedor envió una nueva versión; revísala.');

    answer = apiError(409, 'quote_expired');
    await user.click(within(card).getByRole('button', { name: 'Aceptar' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar cotización' }));
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe('Esta cotización venció. Pídele al proveedor una nueva.'));
  });

  it('counter-offers with a message and the lines questioned', async () => {
    const user = userEvent.setup();
    const calls = open(revised(), { 'POST /quotes/quote-1/counter': () => json(200, revised({ status: 'countered', allowed_actions: [] })) });
    const card = await screen.findByTestId('quote-card');
    await user.click(within(card).getByRole('button', { name: 'Contraoferta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hacer una contraoferta' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar contraoferta' }));
    expect(within(dialog).getByText('Escribe al menos 5 letras.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Tu mensaje al proveedor'), 'Tengo el tubo; quítalo, por favor.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Línea 2: Tubo PVC ($12.40)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar contraoferta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)[0]).toMatchObject({ path: '/quotes/quote-1/counter', body: { version: 2, message: 'Tengo el tubo; quítalo, por favor.', line_numbers: [2] } });
  });

  it('declines with a reason', async () => {
    const user = userEvent.setup();
    const calls = open(revised(), { 'POST /quotes/quote-1/decline': () => json(200, revised({ status: 'declined', decline_reason: 'Muy caro', allowed_actions: [] })) });
    const card = await screen.findByTestId('quote-card');
    await user.click(within(card).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar la cotización' });
    expect(within(dialog).getByText('Si la rechazas, la solicitud se cancela y el proveedor recibe tu razón.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar cotización' }));
    expect(within(dialog).getByText('Escribe una razón para el proveedor.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Razón'), 'Muy caro');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar cotización' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ path: '/quotes/quote-1/decline', body: { reason: 'Muy caro' } });
  });

  it('offline, the answers wait with the note; in English too', async () => {
    open(revised());
    const card = await screen.findByTestId('quote-card');
    act(() => useReach.setState({ browserOnline: false }));
    for (const name of ['Aceptar', 'Contraoferta', 'Rechazar']) expect((within(card).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByText(/^Las cotizaciones no se envían sin conexión/)).toBeTruthy();
    await act(() => testI18n.changeLanguage('en'));
    expect(within(card).getByRole('button', { name: 'Counter-offer' })).toBeTruthy();
    expect(within(card).getByText(/^Quotes are not sent without a connection/)).toBeTruthy();
  });

  it('shows nothing while the job has no quote', async () => {
    mockApi({
      'GET /jobs/job-1': () => json(200, job({ status: 'pending', allowed_actions: ['cancel'] })),
      'GET /categories': () => json(200, { items: [] }),
      'GET /jobs/job-1/quote': () => apiError(404, 'quote_not_found'),
    });
    renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
    await screen.findByRole('region', { name: 'Detalles del servicio' });
    await waitFor(() => expect(screen.queryByText('Cargando la cotización…')).toBeNull());
    expect(screen.queryByTestId('quote-card')).toBeNull();
  });
});
