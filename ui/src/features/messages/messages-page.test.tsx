import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import type { MessageAllowance } from '@resuelve/contract';
import { jsonResponse, mockFetch, profile } from '../../../test/helpers.tsx';
import { conversation, message } from '../../../test/message-fixtures.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { useOutbox } from '../../entities/message/outbox.ts';
import { MessagesPage } from './messages-page.tsx';

const me = profile({ id: 'client-1' });
const allowance = (overrides: Partial<MessageAllowance> = {}): MessageAllowance => ({
  hour_used: 3,
  hour_limit: 20,
  day_used: 10,
  day_limit: 50,
  retry_at: null,
  ...overrides,
});

type Routes = Parameters<typeof mockFetch>[0];

function renderMessages(path: string, routes: Routes = {}) {
  const calls = mockFetch({
    'GET /conversations': () => jsonResponse({ items: [conversation({ unread_count: 1, last_message: message(2) })], next_cursor: null }),
    'GET /conversations/conv-1': () => jsonResponse(conversation()),
    'GET /conversations/conv-1/messages': () =>
      jsonResponse({ items: [message(1, { sender_id: 'client-1', read_at: '2026-11-25T14:01:00.000Z' }), message(2)], next_cursor: null }),
    'GET /messages/limits': () => jsonResponse(allowance()),
    'POST /messages/2/read': () => jsonResponse({ conversation_id: 'conv-1', last_read_id: '2', read_at: '2026-11-25T14:02:00.000Z', unread_count: 0 }),
    'GET /conversations/unread-count': () => jsonResponse({ count: 0 }),
    ...routes,
  });
  renderScreen(<MessagesPage />, path, { route: '/messages/:id?', user: me });
  return calls;
}

const requests = (calls: ReturnType<typeof mockFetch>, key: string) =>
  calls.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname.replace('/api/v1', '')}` === key);

beforeEach(() => {
  // The fixtures' messages were sent on 2026-11-25 (ui/test/message-fixtures.ts): the thread's "Today" is that day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T16:00:00.000Z'));
  useOutbox.setState({ items: [] });
  onlineManager.setOnline(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => onlineManager.setOnline(true));
});

describe('messages screen', { timeout: 30_000 }, () => {
  it('lists conversations with their unread mark and shows the open one, its read marks, and marks what arrived as read', async () => {
    const calls = renderMessages('/messages/conv-1');
    const list = await screen.findByRole('region', { name: 'Conversaciones' });
    const row = await within(list).findByRole('link', { name: /Plomería Boricua/ });
    expect(row.getAttribute('aria-current')).toBe('page');
    expect(within(row).getByLabelText('1 mensaje sin leer')).toBeTruthy();
    const log = await screen.findByRole('log', { name: 'Mensajes con Plomería Boricua' });
    expect(await within(log).findByText('Mensaje 2')).toBeTruthy();
    expect(within(log).getByText('Leído')).toBeTruthy();
    expect(within(log).getByText('Hoy')).toBeTruthy();
    await waitFor(() => expect(requests(calls, 'POST /messages/2/read')).toHaveLength(1));
  });

  it('shows what people type as text, never as HTML', async () => {
    const typed = '<img src=x onerror="alert(1)"><b>hola</b>';
    renderMessages('/messages/conv-1', {
      'GET /conversations/conv-1/messages': () => jsonResponse({ items: [message(1, { text: typed })], next_cursor: null }),
    });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText(typed)).toBeTruthy();
    expect(log.querySelector('b')).toBeNull();
    expect(log.querySelector('img')).toBeNull();
  });

  it('sends with Enter (Shift+Enter adds a line), with an Idempotency-Key, and shows the sent message', async () => {
    const calls = renderMessages('/messages/conv-1', {
      'POST /conversations/conv-1/messages': (init) =>
        jsonResponse(message(3, { sender_id: 'client-1', text: (JSON.parse(String(init?.body)) as { text: string }).text }), 201),
    });
    const box = await screen.findByLabelText('Escribe un mensaje', { selector: 'textarea' });
    await userEvent.type(box, '¿Puede venir el martes?{Shift>}{Enter}{/Shift}Gracias');
    expect(requests(calls, 'POST /conversations/conv-1/messages')).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    const log = screen.getByRole('log');
    expect(await within(log).findByText('¿Puede venir el martes?\nGracias', { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) })).toBeTruthy();
    const [, init] = requests(calls, 'POST /conversations/conv-1/messages')[0]!;
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('on a touch screen Enter starts a new line, and the button sends', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('coarse'), media: query, addEventListener() {}, removeEventListener() {} }));
    const calls = renderMessages('/messages/conv-1', {
      'POST /conversations/conv-1/messages': (init) =>
        jsonResponse(message(3, { sender_id: 'client-1', text: (JSON.parse(String(init?.body)) as { text: string }).text }), 201),
    });
    const box = await screen.findByLabelText('Escribe un mensaje', { selector: 'textarea' });
    await userEvent.type(box, 'Primera línea{Enter}segunda');
    expect((box as HTMLTextAreaElement).value).toBe('Primera línea\nsegunda');
    expect(requests(calls, 'POST /conversations/conv-1/messages')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(requests(calls, 'POST /conversations/conv-1/messages')).toHaveLength(1));
  });

  it('counts characters and messages only near a limit: past 400 of 500 characters, 3 or fewer messages left', async () => {
    const calls = renderMessages('/messages/conv-1', {
      'GET /messages/limits': () => jsonResponse(allowance({ hour_used: 16, day_used: 30 })),
    });
    const box = await screen.findByLabelText('Escribe un mensaje', { selector: 'textarea' });
    await waitFor(() => expect(requests(calls, 'GET /messages/limits')).toHaveLength(1));
    await userEvent.type(box, 'Hola');
    expect(screen.queryByText(/de 500 caracteres/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Mensajes que puedes enviar' })).toBeNull();
    await userEvent.click(box);
    await userEvent.paste('a'.repeat(397));
    expect(screen.getByText('401 de 500 caracteres')).toBeTruthy();
  });

  it('shows the one limit that is near, with what is left', async () => {
    renderMessages('/messages/conv-1', {
      'GET /messages/limits': () => jsonResponse(allowance({ hour_used: 3, day_used: 47 })),
    });
    const counters = await screen.findByRole('group', { name: 'Mensajes que puedes enviar' });
    expect(within(counters).getByText('Hoy: 47 de 50')).toBeTruthy();
    expect(within(counters).queryByText(/Esta hora/)).toBeNull();
    expect(within(counters).getByRole('status').textContent).toBe('Te quedan 3 mensajes por ahora.');
  });

  it('shows the reached limit, says until when and does not send', async () => {
    renderMessages('/messages/conv-1', {
      'GET /messages/limits': () => jsonResponse(allowance({ hour_used: 20, retry_at: '2026-11-25T19:00:00.000Z' })),
    });
    const counters = await screen.findByRole('group', { name: 'Mensajes que puedes enviar' });
    expect(within(counters).getByText('Esta hora: 20 de 20')).toBeTruthy();
    expect(within(counters).queryByText(/Hoy/)).toBeNull();
    expect(within(counters).getByRole('alert').textContent).toMatch(/^Llegaste al límite de mensajes\. Podrás escribir de nuevo a las 3:00\sp\.\sm\.$/);
    await userEvent.type(screen.getByLabelText('Escribe un mensaje', { selector: 'textarea' }), 'hola');
    expect((screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offline, adds no banner of its own (the app’s one says it), keeps a message waiting, and lets it be cancelled', async () => {
    const calls = renderMessages('/messages/conv-1');
    const box = await screen.findByLabelText('Escribe un mensaje', { selector: 'textarea' });
    act(() => onlineManager.setOnline(false));
    expect(screen.queryByText(/Sin conexión/)).toBeNull();
    await userEvent.type(box, 'Te escribo sin señal{Enter}');
    const log = screen.getByRole('log');
    expect(await within(log).findByText('Sin conexión: se enviará al volver')).toBeTruthy();
    await userEvent.click(within(log).getByRole('button', { name: 'Cancelar' }));
    expect(within(log).queryByText('Te escribo sin señal')).toBeNull();
    expect(requests(calls, 'POST /conversations/conv-1/messages')).toHaveLength(0);
  });

  it('edits one’s own message in place, and deletes it after asking, leaving a trace', async () => {
    const calls = renderMessages('/messages/conv-1', {
      'PATCH /messages/1': (init) =>
        jsonResponse(message(1, { sender_id: 'client-1', text: (JSON.parse(String(init?.body)) as { text: string }).text, edited_at: '2026-11-25T14:03:00.000Z' })),
      'DELETE /messages/1': () => jsonResponse(message(1, { sender_id: 'client-1', text: '', deleted_at: '2026-11-25T14:04:00.000Z' })),
    });
    const log = await screen.findByRole('log');
    const mine = (await within(log).findByText('Mensaje 1')).closest('article')!;
    // The other side's message has no such menu.
    expect(within(log).getAllByRole('button', { name: 'Opciones del mensaje' })).toHaveLength(1);
    await userEvent.click(within(mine as HTMLElement).getByRole('button', { name: 'Opciones del mensaje' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Editar' }));
    const box = within(log).getByLabelText('Editar el mensaje');
    await userEvent.clear(box);
    await userEvent.type(box, 'Mensaje corregido{Enter}');
    expect(await within(log).findByText('Mensaje corregido')).toBeTruthy();
    expect(within(log).getByText(/editado/)).toBeTruthy();
    expect(JSON.parse(String(requests(calls, 'PATCH /messages/1')[0]![1]?.body))).toEqual({ text: 'Mensaje corregido' });

    await userEvent.click(within(log).getByRole('button', { name: 'Opciones del mensaje' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: '¿Eliminar este mensaje?' })).getByRole('button', { name: 'Eliminar' }));
    expect(await within(log).findByText('Este mensaje fue eliminado.')).toBeTruthy();
    expect(within(log).queryByText('Mensaje corregido')).toBeNull();
  });

  it('sets the priority from the conversation’s menu, not a select in its header', async () => {
    const calls = renderMessages('/messages/conv-1', {
      'PATCH /conversations/conv-1': () => jsonResponse(conversation({ priority: 'urgent' })),
    });
    const header = (await screen.findByRole('heading', { level: 2, name: 'Plomería Boricua' })).closest('header')!;
    expect(within(header).queryByRole('combobox')).toBeNull();
    await userEvent.click(within(header).getByRole('button', { name: 'Acciones de la conversación' }));
    expect(screen.getByRole('menuitem', { name: 'Prioridad: Normal (actual)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Prioridad: Urgente' }));
    await waitFor(() => expect(requests(calls, 'PATCH /conversations/conv-1')).toHaveLength(1));
    expect(JSON.parse(String(requests(calls, 'PATCH /conversations/conv-1')[0]![1]?.body))).toEqual({ priority: 'urgent' });
  });

  it('asks before blocking, and says so when done', async () => {
    const calls = renderMessages('/messages/conv-1', {
      'PATCH /conversations/conv-1': () => jsonResponse(conversation({ status: 'blocked' })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Acciones de la conversación' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Bloquear' }));
    const dialog = screen.getByRole('dialog', { name: '¿Bloquear a Plomería Boricua?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(requests(calls, 'PATCH /conversations/conv-1')).toHaveLength(1));
    expect(JSON.parse(String(requests(calls, 'PATCH /conversations/conv-1')[0]![1]?.body))).toEqual({ status: 'blocked' });
    expect(await screen.findByText('Bloqueaste esta conversación. Desbloquéala para escribir.')).toBeTruthy();
  });

  it('opens the conversation a link asks for (the provider’s Contact client, about the job), starting it when there is none', async () => {
    const calls = renderMessages('/messages?client=client-9&job=job-1', {
      'POST /conversations': () => jsonResponse(conversation({ id: 'conv-1', job_id: 'job-1' }), 201),
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/messages/conv-1'));
    expect(JSON.parse(String(requests(calls, 'POST /conversations')[0]![1]?.body))).toEqual({ recipient_id: 'client-9', job_id: 'job-1' });
    expect(await screen.findByRole('log', { name: 'Mensajes con Plomería Boricua' })).toBeTruthy();
  });

  it('says so when the conversation a link asks for cannot be started, and offers to try again', async () => {
    renderMessages('/messages?provider=provider-9', {
      'POST /conversations': () => jsonResponse({ error: 'Nope', status: 403, code: 'conversation_not_allowed' }, 403),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos abrir la conversación.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('shows an empty inbox with a way to start, and the start dialog finds providers', async () => {
    renderMessages('/messages', {
      'GET /conversations': () => jsonResponse({ items: [], next_cursor: null }),
      'GET /providers': () =>
        jsonResponse({ items: [{ id: 'provider-9', company_name: 'Electricidad Taína', categories: [{ slug: 'electrical', name: 'Electricidad' }] }], next_cursor: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Aún no tienes conversaciones' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Nueva conversación' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Nueva conversación' });
    await userEvent.type(within(dialog).getByLabelText('Buscar profesional'), 'elec');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Electricidad Taína/ }));
    expect(within(dialog).getByText('Para: Electricidad Taína')).toBeTruthy();
  });
});
