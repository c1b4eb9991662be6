import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setPlatform } from '../../platform/index.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { DesignPage } from './design-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

function answer(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(status === 200 ? { items: [] } : { error: 'Not Found', status, code: 'not_found' }), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

function renderPage() {
  setPlatform(createWebPlatform());
  const router = createMemoryRouter([{ path: '/dev/design', element: <DesignPage /> }], { initialEntries: ['/dev/design'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/dev/design', () => {
  it('shows every component in Spanish beside English on a development server', async () => {
    answer(200);
    renderPage();
    const buttons = await screen.findByRole('region', { name: 'Botones · Buttons' });
    expect(within(buttons).getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
    expect(within(buttons).getByRole('button', { name: 'Save changes' })).toBeTruthy();
    for (const name of ['Colores · Colours', 'Estados de un trabajo · Job statuses', 'Tarjetas · Cards', 'Etiquetas · Badges', 'Pestañas · Tabs', 'Diálogo · Dialog', 'Avisos · Toasts', 'Estado vacío · Empty state', 'Esqueleto de carga · Loading skeleton', 'Estrellas · Stars']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    const prices = screen.getByRole('region', { name: 'Precios · Prices' });
    expect([...prices.querySelectorAll('[data-price]')].map((price) => price.textContent!.replace(/\s+/g, ' '))[0]).toMatch(/^desde \$\s?45 la hora$/);
    expect([...prices.querySelectorAll('[data-price]')].map((price) => price.textContent)[4]).toBe('from $45 an hour');
    expect(within(screen.getByRole('region', { name: 'Avatares · Avatars' })).getByRole('img', { name: 'Picture of Ana Rivera' }).textContent).toBe('AR');
    expect(screen.getByRole('region', { name: 'Íconos de categorías · Category icons' }).querySelectorAll('svg[data-icon]')).toHaveLength(14);
    expect(screen.getByRole('tablist', { name: 'Citas' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Appointments' })).toBeTruthy();
  });

  it('opens the dialog in the language of its column', async () => {
    answer(200);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open dialog' }));
    expect(screen.getByRole('dialog', { name: 'Cancel the appointment?' })).toBeTruthy();
  });

  it('shows nothing of the system where the development routes answer 404 (production)', async () => {
    answer(404);
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Esta página no existe en producción.');
    expect(screen.queryByRole('region', { name: 'Botones · Buttons' })).toBeNull();
  });
});
