import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { ProviderDashboardPage } from './dashboard-page.tsx';
import { apiError, json, mockApi, renderProviderScreen, stats } from './test-kit.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  // The screen is still mounted: it follows the language back inside act.
  await act(() => testI18n.changeLanguage('es'));
});

function review(id: string, overrides: Partial<Review> = {}): Review {
  return {
    id,
    job_id: `job-${id}`,
    provider_id: 'prov-1',
    client_id: `client-${id}`,
    rating: 4,
    comment: 'Buen trabajo',
    reply: null,
    client_name: 'María R.',
    provider_name: 'Plomería Sol',
    created_at: '2026-11-20T12:00:00Z',
    updated_at: '2026-11-20T12:00:00Z',
    ...overrides,
  };
}

describe("the dashboard's reviews", { timeout: 60_000 }, () => {
  it('lists the reviews of the provider, publishes a reply and edits it', async () => {
    let items = [review('a'), review('b', { rating: 5, client_name: 'Luis M.', reply: { text: '¡Gracias!', created_at: '2026-11-21T12:00:00Z', updated_at: '2026-11-21T12:00:00Z' } })];
    const calls = mockApi({
      'GET /providers/me/stats': () => json(200, stats()),
      'GET /jobs': () => json(200, { items: [], next_cursor: null }),
      'GET /reviews/for-me': () => json(200, { items, next_cursor: null }),
      'PUT /reviews/a/reply': (call) => {
        const text = (call.body as { text: string }).text;
        items = items.map((r) => (r.id === 'a' ? { ...r, reply: { text, created_at: '2026-11-22T12:00:00Z', updated_at: '2026-11-22T12:00:00Z' } } : r));
        return json(200, items[0]);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderProviderScreen(<ProviderDashboardPage />, '/provider/home', '/provider/home');
    const section = await screen.findByRole('region', { name: 'Reseñas de tu negocio' });
    const first = await within(section).findByRole('article', { name: 'Reseña de María R.' });
    const second = within(section).getByRole('article', { name: 'Reseña de Luis M.' });
    expect(within(second).getByText('¡Gracias!')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Editar respuesta' })).toBeTruthy();

    expect(within(first).queryByLabelText('Tu respuesta pública')).toBeNull();
    await user.click(within(first).getByRole('button', { name: 'Responder' }));
    expect(document.activeElement).toBe(within(first).getByLabelText('Tu respuesta pública'));
    await user.click(within(first).getByRole('button', { name: 'Publicar respuesta' }));
    expect(within(first).getByText('Escribe tu respuesta primero.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(within(first).getByLabelText('Tu respuesta pública'), 'Gracias, María');
    await user.click(within(first).getByRole('button', { name: 'Publicar respuesta' }));
    expect(await within(first).findByText('Gracias, María')).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Editar respuesta' }));
    const box = within(first).getByLabelText('Tu respuesta pública');
    await user.clear(box);
    await user.type(box, 'Gracias por confiar en nosotros');
    await user.click(within(first).getByRole('button', { name: 'Actualizar respuesta' }));
    expect(await within(first).findByText('Gracias por confiar en nosotros')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ text: 'Gracias, María' }, { text: 'Gracias por confiar en nosotros' }]));
  });

  it('says when there are none, and when they fail to load', async () => {
    await testI18n.changeLanguage('en');
    let fail = true;
    mockApi({
      'GET /providers/me/stats': () => json(200, stats()),
      'GET /jobs': () => json(200, { items: [], next_cursor: null }),
      'GET /reviews/for-me': () => (fail ? apiError(500, 'internal_error') : json(200, { items: [], next_cursor: null })),
    });
    const user = userEvent.setup({ delay: null });
    renderProviderScreen(<ProviderDashboardPage />, '/provider/home', '/provider/home');
    const section = await screen.findByRole('region', { name: 'Reviews of your business' });
    expect(await within(section).findByText('We could not load your reviews.', {}, { timeout: 15_000 })).toBeTruthy();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText(/No reviews yet/)).toBeTruthy();
  });
});
