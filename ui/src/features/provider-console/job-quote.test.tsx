import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { priceLines } from '@resuelve/contract';
import type { NewQuoteVersion, Quote } from '@resuelve/contract';
import { useReach } from '../../lib/connection.ts';
import { quote, quoteVersion, summaryOf, threeLines } from '../../../test/quote-fixtures.ts';
import { testI18n } from '../../../test/setup.ts';
import { ProviderJobPage } from './job-request-page.tsx';
import { apiError, job, json, mockApi, ownProvider, renderProviderScreen } from './test-kit.tsx';
import type { Call } from './test-kit.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => useReach.setState({ browserOnline: true, apiUnreachable: false }));
  await act(() => testI18n.changeLanguage('es'));
});

const rate = { amount_cents: 6500, unit: 'hour' as const, from: false };

/** The request page with the job's quote as the fake api holds it (none: 404, as the api answers). */
function open(options: { shown?: ReturnType<typeof job>; held?: Quote | null; routes?: Record<string, (call: Call) => Response> } = {}) {
  const state = { quote: options.held ?? null };
  const shown = options.shown ?? job();
  // The job carries its quote's summary, as the api answers it, so the page asks for the quote.
  const calls = mockApi({
    'GET /jobs/job-1': () => json(200, { ...shown, quote: state.quote ? summaryOf(state.quote) : null }),
    'GET /providers/me': () => json(200, ownProvider({ rate })),
    'GET /jobs/job-1/sessions': () => json(200, { items: [shown] }),
    'GET /job-time-extensions/job/job-1': () => json(200, { items: [] }),
    'GET /jobs/job-1/quote': () => (state.quote ? json(200, state.quote) : apiError(404, 'quote_not_found')),
    ...options.routes,
  });
  renderProviderScreen(<ProviderJobPage />, '/provider/jobs/job-1', '/provider/jobs/:id');
  return { calls, state };
}

/** A figure of the totals inside `root` (the editor's own while it is open beside the card). */
const figure = (label: string | RegExp, root: HTMLElement = document.body) =>
  within(within(root).getByTestId('quote-totals')).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the provider quotes a request', { timeout: 60_000 }, () => {
  it('opens the editor beside Accept with a labour line at their rate; totals follow the lines as priceLines does; it sends whole cents', async () => {
    const user = userEvent.setup();
    const { calls, state } = open({
      routes: {
        'POST /jobs/job-1/quote': (call) => {
          const body = call.body as NewQuoteVersion;
          state.quote = quote({ versions: [quoteVersion({ input: body.lines, hours: body.hours, note: body.note ?? null })] });
          return json(201, state.quote);
        },
      },
    });
    const actions = await screen.findByRole('region', { name: 'Acciones' });
    expect(within(actions).getByRole('button', { name: 'Aceptar' })).toBeTruthy();
    await user.click(within(actions).getByRole('button', { name: 'Enviar cotización' }));

    const editor = await screen.findByRole('form', { name: 'Nueva cotización' });
    const line1 = within(editor).getByRole('listitem', { name: 'Línea 1' });
    expect((within(line1).getByLabelText(/^Tipo/) as HTMLSelectElement).value).toBe('labour_hourly');
    expect((within(line1).getByLabelText(/^Horas/) as HTMLInputElement).value).toBe('2');
    expect((within(line1).getByLabelText(/^Tarifa por hora/) as HTMLInputElement).value).toBe('65');
    expect((within(line1).getByLabelText(/^IVU/) as HTMLSelectElement).value).toBe('standard');
    expect(figure('Subtotal')).toBe('$130');
    expect(figure(/IVU 11,5/)).toBe('$14.95');
    expect(figure('Total')).toBe('$144.95');

    // A part, then an exempt trip fee: each figure is the contract's.
    await user.click(within(editor).getByRole('button', { name: 'Añadir línea' }));
    const line2 = within(editor).getByRole('listitem', { name: 'Línea 2' });
    await waitFor(() => expect(document.activeElement).toBe(within(line2).getByLabelText(/^Tipo/)));
    await user.type(within(line2).getByLabelText(/^Descripción/), 'Tubo PVC');
    await user.type(within(line2).getByLabelText(/^Precio por unidad/), '12.40');
    await user.click(within(editor).getByRole('button', { name: 'Añadir línea' }));
    const line3 = within(editor).getByRole('listitem', { name: 'Línea 3' });
    await user.selectOptions(within(line3).getByLabelText(/^Tipo/), 'other');
    await user.type(within(line3).getByLabelText(/^Descripción/), 'Cargo por viaje');
    await user.type(within(line3).getByLabelText(/^Precio por unidad/), '15');
    await user.selectOptions(within(line3).getByLabelText(/^IVU/), 'exempt');
    const expected = priceLines(threeLines);
    expect(figure('Subtotal')).toBe('$157.40');
    expect(figure(/IVU 11,5/)).toBe('$16.38');
    expect(figure('Total')).toBe('$173.78');
    expect(expected.total_cents).toBe(17378);

    // A fourth line, removed again: focus stays in the lines.
    await user.click(within(editor).getByRole('button', { name: 'Añadir línea' }));
    await user.click(within(editor).getByRole('button', { name: 'Quitar la línea 4' }));
    expect(within(editor).queryByRole('listitem', { name: 'Línea 4' })).toBeNull();
    expect(figure('Total')).toBe('$173.78');

    await user.type(within(editor).getByLabelText(/^Nota para el cliente/), 'Incluye limpieza.');
    await user.click(within(editor).getByRole('button', { name: 'Enviar cotización' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')!.body as NewQuoteVersion;
    expect(sent.lines).toEqual(threeLines);
    for (const line of sent.lines) expect(Number.isInteger(line.unit_price_cents)).toBe(true);
    expect(sent.hours).toBe(2);
    expect(sent.note).toBe('Incluye limpieza.');
    // Valid a week by default, to the end of that day in Puerto Rico.
    expect(sent.valid_until).toMatch(/T03:59:00\.000Z$/);
    const days = (Date.parse(sent.valid_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThan(8.5);

    // Sent: the editor closes and the card shows what the client will read.
    const card = await screen.findByTestId('quote-card');
    expect(screen.queryByRole('form', { name: 'Nueva cotización' })).toBeNull();
    expect(within(card).getByText('Esperando la respuesta del cliente.')).toBeTruthy();
    expect(within(card).getByText('Tubo PVC')).toBeTruthy();
  });

  it("checks the lines before sending and shows the api's field codes under their fields", async () => {
    const user = userEvent.setup();
    const { calls } = open({ routes: { 'POST /jobs/job-1/quote': () => apiError(400, 'validation_failed', { 'lines.0.unit_price_cents': 'out_of_range' }) } });
    await user.click(await screen.findByRole('button', { name: 'Enviar cotización' }));
    const editor = await screen.findByRole('form', { name: 'Nueva cotización' });
    await user.click(within(editor).getByRole('button', { name: 'Añadir línea' }));
    await user.click(within(editor).getByRole('button', { name: 'Enviar cotización' }));
    const line2 = within(editor).getByRole('listitem', { name: 'Línea 2' });
    const description = within(line2).getByLabelText(/^Descripción/);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(line2).getByRole('button', { name: 'Quitar la línea 2' }));
    await user.click(within(editor).getByRole('button', { name: 'Enviar cotización' }));
    const line1 = within(editor).getByRole('listitem', { name: 'Línea 1' });
    expect(await within(line1).findByText('Hasta $100,000 por unidad.')).toBeTruthy();
  });

  it('after a counter-offer, shows it marked and revises from the last version', async () => {
    const user = userEvent.setup();
    const countered = quote({
      status: 'countered',
      allowed_actions: ['revise'],
      versions: [quoteVersion({ note: 'Incluye limpieza.', counter: { message: 'El viaje me parece caro.', line_numbers: [3], created_at: '2030-01-02T12:00:00.000Z' } })],
    });
    const { calls } = open({ held: countered, routes: { 'POST /jobs/job-1/quote': () => json(201, countered) } });
    const card = await screen.findByTestId('quote-card');
    expect(within(card).getByText('Contraoferta del cliente')).toBeTruthy();
    expect(within(card).getByText('El viaje me parece caro.')).toBeTruthy();
    const asked = within(card).getByText('El cliente pregunta por esta línea').closest('tr')!;
    expect(within(asked).getByText('Cargo por viaje')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Aceptar' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Revisar cotización' }));
    const editor = await screen.findByRole('form', { name: 'Revisar cotización (versión 2)' });
    expect(within(editor).getByText('El viaje me parece caro.')).toBeTruthy();
    const line3 = within(editor).getByRole('listitem', { name: 'Línea 3' });
    expect((within(line3).getByLabelText(/^Precio por unidad/) as HTMLInputElement).value).toBe('15');
    await user.clear(within(line3).getByLabelText(/^Precio por unidad/));
    await user.type(within(line3).getByLabelText(/^Precio por unidad/), '7.5');
    expect(figure('Total', editor)).toBe('$166.28');
    await user.click(within(editor).getByRole('button', { name: 'Enviar revisión' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')!.body as NewQuoteVersion;
    expect(sent.lines[2]).toEqual({ ...threeLines[2], unit_price_cents: 750 });
    expect(sent.note).toBe('Incluye limpieza.');
  });

  it('offline, the quote buttons wait and say why, in both languages', async () => {
    const user = userEvent.setup();
    open({ held: quote({ status: 'countered', allowed_actions: ['revise'], versions: [quoteVersion({ counter: { message: 'Muy caro para mí.', line_numbers: [], created_at: '2030-01-02T12:00:00.000Z' } })] }) });
    const card = await screen.findByTestId('quote-card');
    act(() => useReach.setState({ browserOnline: false }));
    expect((within(card).getByRole('button', { name: 'Revisar cotización' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByText(/^Las cotizaciones no se envían sin conexión/)).toBeTruthy();
    await act(() => testI18n.changeLanguage('en'));
    expect(within(card).getByText(/^Quotes are not sent without a connection/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Revise quote' }));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('offline on a new request, "Enviar cotización" waits beside Accept with the note', async () => {
    open();
    const actions = await screen.findByRole('region', { name: 'Acciones' });
    act(() => useReach.setState({ browserOnline: false }));
    expect((within(actions).getByRole('button', { name: 'Enviar cotización' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(/^Las cotizaciones no se envían sin conexión/)).toBeTruthy();
  });
});
