import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewConversationQuote, Profile, Quote } from '@resuelve/contract';
import { jsonResponse, mockFetch, profile } from '../../../test/helpers.tsx';
import { conversation, message } from '../../../test/message-fixtures.ts';
import { providerProfile } from '../../../test/profile-fixtures.ts';
import { quote, quoteVersion } from '../../../test/quote-fixtures.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { useReach } from '../../lib/connection.ts';
import { MessagesPage } from './messages-page.tsx';

type Routes = Parameters<typeof mockFetch>[0];

const offered = (overrides: Partial<Quote> = {}): Quote =>
  quote({
    job_id: null,
    conversation_id: 'conv-1',
    provider_id: 'provider-1',
    offer: { category_id: 1, title: 'Cambiar el calentador', scheduled_start: '2026-11-27T13:00:00-04:00', location_type: 'on_site', location_address: null },
    versions: [quoteVersion({ valid_until: '2026-12-02T03:59:00.000Z' })],
    ...overrides,
  });

function open(user: Profile, quotes: Quote[], routes: Routes = {}) {
  const calls = mockFetch({
    'GET /conversations': () => jsonResponse({ items: [conversation({ last_message: message(1) })], next_cursor: null }),
    'GET /conversations/conv-1': () => jsonResponse(conversation({ subject: 'Calentador' })),
    'GET /conversations/conv-1/messages': () => jsonResponse({ items: [message(1)], next_cursor: null }),
    'GET /conversations/conv-1/quotes': () => jsonResponse({ items: quotes }),
    'GET /messages/limits': () => jsonResponse({ hour_used: 0, hour_limit: 20, day_used: 0, day_limit: 50, retry_at: null }),
    'POST /messages/1/read': () => jsonResponse({ conversation_id: 'conv-1', last_read_id: '1', read_at: '2026-11-25T14:02:00.000Z', unread_count: 0 }),
    'GET /conversations/unread-count': () => jsonResponse({ count: 0 }),
    'GET /providers/me': () =>
      jsonResponse(providerProfile({ id: 'provider-1', rate: { amount_cents: 7000, unit: 'hour', from: false }, categories: [{ id: 4, slug: 'electricity', name: 'Electricidad' }] })),
    ...routes,
  });
  renderScreen(<MessagesPage />, '/messages/conv-1', { route: '/messages/:id?', user });
  return calls;
}

const sent = (calls: ReturnType<typeof mockFetch>, key: string) =>
  calls.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname.replace('/api/v1', '')}` === key)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T16:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => useReach.setState({ browserOnline: true, apiUnreachable: false }));
});

describe('quotes in a conversation', { timeout: 60_000 }, () => {
  it('shows the client the quote with the job it offers, open, and accepts it', async () => {
    const user = userEvent.setup();
    const calls = open(profile({ id: 'client-1' }), [offered({ allowed_actions: ['accept', 'counter', 'decline'] })], {
      'POST /quotes/quote-1/accept': () => jsonResponse(offered({ status: 'accepted', job_id: 'job-9', allowed_actions: [] })),
    });
    const quotes = await screen.findByRole('region', { name: 'Cotizaciones' });
    const card = await within(quotes).findByTestId('quote-card');
    expect(card.closest('details')!.open).toBe(true);
    expect(within(card).getByText('Cambiar el calentador')).toBeTruthy();
    expect(within(card).getByText(/viernes, 27 de noviembre de 2026, 1:00/)).toBeTruthy();
    expect(within(card).getByText('En la ubicación del cliente')).toBeTruthy();
    expect(within(quotes).queryByRole('button', { name: 'Enviar cotización' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Aceptar' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar cotización' }));
    await waitFor(() => expect(sent(calls, 'POST /quotes/quote-1/accept')).toEqual([{ version: 1 }]));
  });

  it('lets the provider send a quote offering a job: the service, day and time, and place, with lines in whole cents', async () => {
    const user = userEvent.setup();
    const calls = open(profile({ id: 'provider-1', is_contractor: true }), [], {
      'POST /conversations/conv-1/quote': () => jsonResponse(offered(), 201),
    });
    const quotes = await screen.findByRole('region', { name: 'Cotizaciones' });
    await user.click(await within(quotes).findByRole('button', { name: 'Enviar cotización' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cotización para Plomería Boricua' });
    expect((within(dialog).getByLabelText('Servicio') as HTMLInputElement).value).toBe('Calentador');
    expect((within(dialog).getByLabelText('Fecha') as HTMLInputElement).value).toBe('2026-11-26');
    const line = within(dialog).getByRole('listitem', { name: 'Línea 1' });
    expect((within(line).getByLabelText(/^Tarifa por hora/) as HTMLInputElement).value).toBe('70');
    await user.clear(within(dialog).getByLabelText('Hora'));
    await user.type(within(dialog).getByLabelText('Hora'), '10:30');
    await user.selectOptions(within(dialog).getByLabelText('Lugar'), 'client_location');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar cotización' }));
    expect(within(dialog).getByLabelText('Dirección').getAttribute('aria-invalid')).toBe('true');
    expect(sent(calls, 'POST /conversations/conv-1/quote')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Dirección'), 'Calle Sol 25, Ponce');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar cotización' }));
    await waitFor(() => expect(sent(calls, 'POST /conversations/conv-1/quote')).toHaveLength(1));
    const body = sent(calls, 'POST /conversations/conv-1/quote')[0] as NewConversationQuote;
    expect(body.offer).toEqual({ category_id: 4, title: 'Calentador', scheduled_start: '2026-11-26T10:30:00-04:00', location_type: 'client_location', location_address: 'Calle Sol 25, Ponce' });
    expect(body.lines).toEqual([{ kind: 'labour_hourly', description: 'Mano de obra', quantity: 2, unit_price_cents: 7000, tax_rate: 'standard' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("offline, the provider's send waits with the note", async () => {
    open(profile({ id: 'provider-1', is_contractor: true }), []);
    const quotes = await screen.findByRole('region', { name: 'Cotizaciones' });
    const button = await within(quotes).findByRole('button', { name: 'Enviar cotización' });
    act(() => useReach.setState({ browserOnline: false }));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(quotes).getByText(/^Las cotizaciones no se envían sin conexión/)).toBeTruthy();
  });
});
