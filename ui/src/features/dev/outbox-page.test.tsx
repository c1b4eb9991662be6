import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OutboxMessage } from '@resuelve/contract';
import { setPlatform } from '../../platform/index.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { appPathOf } from './outbox-message.tsx';
import { OutboxPage } from './outbox-page.tsx';

// Typing through user-event is slow on a busy machine; the default 5 s is too tight there.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const verification: OutboxMessage = {
  id: 'm2',
  channel: 'email',
  to: 'ana@example.pr',
  subject: 'Verifica tu correo',
  body: `Hola:\nAbre ${window.location.origin}/verify-email?token=abc para activar tu cuenta.\nTu código es 123456.`,
  links: [`${window.location.origin}/verify-email?token=abc`],
  codes: ['123456'],
  created_at: '2026-11-21T06:00:00.000Z',
};

function answer(status: number, body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return urls;
}

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

function renderOutbox(path = '/dev/outbox') {
  setPlatform(createWebPlatform());
  const router = createMemoryRouter(
    [
      { path: '/dev/outbox', element: <OutboxPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('dev outbox', () => {
  it('lists the messages for ?to= with codes shown and links opening in this app', async () => {
    const user = userEvent.setup({ delay: null });
    const urls = answer(200, { items: [verification] });
    const router = renderOutbox('/dev/outbox?to=ana%40example.pr');
    expect((screen.getByLabelText('Destinatario') as HTMLInputElement).value).toBe('ana@example.pr');

    const item = await screen.findByRole('article', { name: 'Verifica tu correo' });
    expect(urls[0]).toBe('/api/v1/dev/outbox?to=ana%40example.pr');
    expect(within(item).getByText('123456').className).toContain('dev-outbox__code');
    const links = within(item).getAllByRole('link', { name: `${window.location.origin}/verify-email?token=abc` });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/verify-email?token=abc', '/verify-email?token=abc']);

    await user.click(links[0]!);
    expect(router.state.location.pathname + router.state.location.search).toBe('/verify-email?token=abc');
  });

  it('says when there is nothing for an address', async () => {
    answer(200, { items: [] });
    renderOutbox('/dev/outbox?to=nadie%40example.pr');
    expect(await screen.findByText('No hay mensajes para este destinatario.')).toBeTruthy();
  });

  it('says the outbox does not exist when the api answers 404 (production)', async () => {
    answer(404, { error: 'Not Found', status: 404, code: 'route_not_found' });
    renderOutbox();
    expect((await screen.findByRole('alert')).textContent).toContain('El buzón no está disponible en este servidor');
  });

  it('asks for the address typed in the field', async () => {
    const user = userEvent.setup({ delay: null });
    const urls = answer(200, { items: [] });
    const router = renderOutbox();
    await screen.findByText('Todavía no hay mensajes en el buzón.');
    await user.type(screen.getByLabelText('Destinatario'), 'ana@example.pr{Enter}');
    expect(router.state.location.search).toBe('?to=ana%40example.pr');
    await screen.findByText('No hay mensajes para este destinatario.');
    expect(urls.at(-1)).toBe('/api/v1/dev/outbox?to=ana%40example.pr');
  });
});

describe('links in outbox messages', () => {
  it('open in this app when they point at this site, on any port of this host', () => {
    setPlatform(createWebPlatform());
    const here = window.location;
    expect(appPathOf(`${here.origin}/auth/reset-password?token=r1`)).toBe('/auth/reset-password?token=r1');
    expect(appPathOf(`${here.protocol}//${here.hostname}:3190/verify-email?token=v1#x`)).toBe('/verify-email?token=v1#x');
    expect(appPathOf('https://example.com/verify-email?token=v1')).toBeNull();
    expect(appPathOf('not a link')).toBeNull();
  });
});
