import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OutboxMessage } from '@resuelve/contract';
import { setPlatform } from '../../platform/index.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { OutboxPage } from './outbox-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const jobText: OutboxMessage = {
  id: 's1',
  channel: 'sms',
  to: '+17875550123',
  subject: null,
  body: 'Resuelve: Plomería Borinquen aceptó tu solicitud. Reparar tubería, martes. http://localhost:3000/client/jobs/1',
  links: ['http://localhost:3000/client/jobs/1'],
  codes: [],
  created_at: '2026-11-30T12:00:00.000Z',
};

const mail: OutboxMessage = { ...jobText, id: 'm1', channel: 'email', to: 'ana@example.pr', subject: 'Hola', links: [], body: 'Hola' };

/** The outbox answers its list; the reply route answers `reply` and records what was sent. */
function network(reply: { status: number; body: unknown }) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/dev/sms-reply')) {
        sent.push({ url, body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify({ items: [jobText, mail] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

function renderOutbox() {
  setPlatform(createWebPlatform());
  const router = createMemoryRouter([{ path: '/dev/outbox', element: <OutboxPage /> }], { initialEntries: ['/dev/outbox'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the outbox's reply to a text", () => {
  it('is offered under texts only, and sends what the recipient typed from their number', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = network({ status: 200, body: { outcome: 'replied', conversation_id: '7b0c9a59-5c1e-4c57-a0d4-1f5b0f4c1a11' } });
    renderOutbox();
    const form = await screen.findByRole('form', { name: 'Responder al SMS enviado a +17875550123' });
    expect(screen.getAllByRole('form')).toHaveLength(1);
    const send = within(form).getByRole('button', { name: 'Responder' });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(form).getByLabelText('Responder como el destinatario'), 'Llego tarde 10 minutos');
    await user.click(send);
    expect(await within(form).findByText('Respuesta entregada en la conversación del trabajo.')).toBeTruthy();
    expect(sent).toEqual([{ url: '/api/v1/dev/sms-reply', body: { from: '+17875550123', body: 'Llego tarde 10 minutos' } }]);
    expect((within(form).getByLabelText('Responder como el destinatario') as HTMLTextAreaElement).value).toBe('');
  });

  it('says a STOP took effect', async () => {
    const user = userEvent.setup({ delay: null });
    network({ status: 200, body: { outcome: 'stopped' } });
    renderOutbox();
    const form = await screen.findByRole('form', { name: /Responder al SMS/ });
    await user.type(within(form).getByLabelText('Responder como el destinatario'), ' Parar ');
    await user.click(within(form).getByRole('button', { name: 'Responder' }));
    expect(await within(form).findByText(/^Número dado de baja/)).toBeTruthy();
  });

  it('says when the webhook could not take it, and keeps the text', async () => {
    const user = userEvent.setup({ delay: null });
    network({ status: 503, body: { error: 'x', status: 503, code: 'service_unavailable' } });
    renderOutbox();
    const form = await screen.findByRole('form', { name: /Responder al SMS/ });
    await user.type(within(form).getByLabelText('Responder como el destinatario'), 'hola');
    await user.click(within(form).getByRole('button', { name: 'Responder' }));
    expect(await within(form).findByText('No se pudo entregar la respuesta al webhook de SMS.')).toBeTruthy();
    expect((within(form).getByLabelText('Responder como el destinatario') as HTMLTextAreaElement).value).toBe('hola');
  });
});
