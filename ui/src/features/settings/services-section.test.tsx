import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '../../entities/category/api.ts';
import { ServicesSection } from './services-section.tsx';
import { apiError, json, mockApi, providerUser, renderSection } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const plumbing: Category = { id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' };
const electrical: Category = { id: 2, slug: 'electrical', name: 'Electricidad', group: 'home' };
const cleaning: Category = { id: 5, slug: 'cleaning', name: 'Limpieza', group: 'home' };

function answer(offered: Category[], overrides: Parameters<typeof mockApi>[0] = {}) {
  let current = [...offered];
  return mockApi({
    'GET /providers/me/services': () => json(200, { items: current }),
    'GET /categories': () => json(200, { items: [plumbing, electrical, cleaning] }),
    'GET /categories/suggestions': (call) =>
      json(200, { items: new URLSearchParams(call.search).get('q') === 'limp' ? [cleaning] : [] }),
    'POST /providers/me/services/batch': (call) => {
      const ids = (call.body as { category_ids: number[] }).category_ids;
      current = [...current, ...[plumbing, electrical, cleaning].filter((c) => ids.includes(c.id))];
      return json(200, { items: current });
    },
    'DELETE /providers/me/services/2': () => {
      current = current.filter((c) => c.id !== 2);
      return json(204);
    },
    ...overrides,
  });
}

const save = () => screen.getByRole('button', { name: 'Guardar cambios' });

describe('provider services settings', { timeout: 20_000 }, () => {
  it('adds a service found by its suggestions and removes another: adds first, then removes', async () => {
    const calls = answer([plumbing, electrical]);
    const user = userEvent.setup({ delay: null });
    renderSection(<ServicesSection />, { user: providerUser });

    await user.click(await screen.findByRole('button', { name: 'Quitar Electricidad' }));
    const input = screen.getByRole('combobox', { name: 'Servicios que ofreces' });
    await user.type(input, 'limp');
    await user.click(await screen.findByRole('option', { name: /Limpieza/ }));
    expect(screen.getByRole('button', { name: 'Quitar Limpieza' })).toBeTruthy();
    await user.click(save());

    expect(await screen.findByText('Se guardaron tus servicios.')).toBeTruthy();
    const changes = calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);
    expect(changes).toEqual([
      ['POST', '/providers/me/services/batch', { category_ids: [5] }],
      ['DELETE', '/providers/me/services/2', undefined],
    ]);
    expect(calls.find((c) => c.path === '/providers/me/services')?.search).toBe('?locale=es');
  });

  it('keeps at least one service: removing the last shows the rule and saving sends nothing', async () => {
    const calls = answer([plumbing]);
    const user = userEvent.setup({ delay: null });
    renderSection(<ServicesSection />, { user: providerUser });

    await user.click(await screen.findByRole('button', { name: 'Quitar Plomería' }));
    expect(screen.getByText('Elige al menos un servicio.')).toBeTruthy();
    await user.click(save());
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
    expect(screen.queryByText('Se guardaron tus servicios.')).toBeNull();
  });

  it("shows the rule when the server refuses to remove the last service (409 conflict)", async () => {
    answer([plumbing, electrical], { 'DELETE /providers/me/services/2': () => apiError(409, 'conflict') });
    const user = userEvent.setup({ delay: null });
    renderSection(<ServicesSection />, { user: providerUser });

    await user.click(await screen.findByRole('button', { name: 'Quitar Electricidad' }));
    await user.click(save());
    expect(await screen.findByText('Elige al menos un servicio.')).toBeTruthy();
    expect(screen.queryByText('Se guardaron tus servicios.')).toBeNull();
  });

  it('says so when saving fails for another reason', async () => {
    answer([plumbing], { 'POST /providers/me/services/batch': () => apiError(500, 'internal_error') });
    const user = userEvent.setup({ delay: null });
    renderSection(<ServicesSection />, { user: providerUser });

    await user.type(await screen.findByRole('combobox', { name: 'Servicios que ofreces' }), 'limp');
    await user.click(await screen.findByRole('option', { name: /Limpieza/ }));
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('Algo salió mal de nuestro lado. Inténtalo más tarde.');
  });
});
