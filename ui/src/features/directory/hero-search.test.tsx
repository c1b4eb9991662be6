import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeroSearch } from '../landing/hero-search.tsx';
import { json, mockApi, renderAt } from './test-helpers.tsx';
import type { Call } from './test-helpers.tsx';

// The landing hero is the way into the search: its area field suggests municipalities.
describe('landing hero search into /providers', { timeout: 60_000 }, () => {
  it('picks a municipality by keyboard and lands on /providers with q and municipality', async () => {
    mockApi({});
    const user = userEvent.setup({ delay: null });
    renderAt(<HeroSearch />, '/');
    await user.type(screen.getByRole('combobox', { name: 'Servicio' }), 'plomería');
    const area = screen.getByRole('combobox', { name: 'Ciudad o área' });
    await user.click(area);
    await user.keyboard('maya');
    await screen.findByRole('option', { name: 'Mayagüez' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect((area as HTMLInputElement).value).toBe('Mayagüez');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/providers?q=plomer%C3%ADa&municipality=mayaguez&sort=distance'));
  });

  it('suggests services as the search page does: "fot" offers Fotografía, and picking it searches that category', async () => {
    const calls = mockApi({ 'GET /categories/suggestions': suggestionsAnswer });
    const user = userEvent.setup({ delay: null });
    renderAt(<HeroSearch />, '/');
    const service = screen.getByRole('combobox', { name: 'Servicio' });
    await user.type(service, 'fot');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Fotografía']);
    expect(calls.find((c) => c.path === '/categories/suggestions')!.params.get('locale')).toBe('es');
    await user.keyboard('{ArrowDown}{Enter}');
    expect((service as HTMLInputElement).value).toBe('Fotografía');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/providers?category=photography'));
  });

  it('keeps free text as typed when no suggestion is picked, and shows no empty list', async () => {
    mockApi({ 'GET /categories/suggestions': suggestionsAnswer });
    const user = userEvent.setup({ delay: null });
    renderAt(<HeroSearch />, '/');
    await user.type(screen.getByRole('combobox', { name: 'Servicio' }), 'Taller Rivera');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Servicio' }).getAttribute('aria-expanded')).toBe('false'));
    expect(screen.queryByText('No encontramos servicios con ese nombre.')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/providers?q=Taller+Rivera'));
  });
});

/** The api's suggestions for a few services: names with a word starting with the text. */
function suggestionsAnswer(call: Call): Response {
  const q = (call.params.get('q') ?? '').toLowerCase();
  const all = [
    { id: 17, slug: 'photography', name: 'Fotografía', group: 'events' },
    { id: 19, slug: 'catering', name: 'Catering', group: 'events' },
    { id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' },
  ];
  const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return json(200, { items: all.filter((c) => plain(c.name).split(' ').some((word) => word.startsWith(plain(q)))) });
}
