import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '../api.ts';
import { CategorySelector } from './category-selector.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

const all: Category[] = [
  { id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' },
  { id: 2, slug: 'electrical', name: 'Electricidad', group: 'home' },
  { id: 3, slug: 'painting', name: 'Pintura', group: 'home' },
  { id: 20, slug: 'photography', name: 'Fotografía', group: 'events' },
];

function setup(initial: number[] = [], suggest = vi.fn(async (q: string) => all.filter((c) => c.name.toLowerCase().includes(q.toLowerCase())))) {
  const changes: number[][] = [];
  function Harness() {
    const [value, setValue] = useState<number[]>(initial);
    return (
      <CategorySelector
        label="Servicios"
        value={value}
        onChange={(ids) => {
          changes.push(ids);
          setValue(ids);
        }}
        items={all}
        itemsState="ready"
        suggest={suggest}
        debounceMs={10}
      />
    );
  }
  render(<Harness />);
  return { input: screen.getByRole('combobox', { name: 'Servicios' }), suggest, changes };
}

const chips = () => within(screen.queryByRole('list', { name: /elegido/ }) ?? document.createElement('ul')).queryAllByRole('listitem').map((li) => li.firstChild?.textContent);

describe('category selector', () => {
  it('asks for suggestions only from two characters on', async () => {
    const user = userEvent.setup({ delay: null });
    const { input, suggest } = setup();
    await user.type(input, 'p');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(suggest).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'l');
    await screen.findByRole('option', { name: /Plomería/ });
    expect(suggest).toHaveBeenLastCalledWith('pl', expect.any(AbortSignal));
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('is used by keyboard: arrows move, Enter picks, Backspace removes the last chip, Escape closes', async () => {
    const user = userEvent.setup({ delay: null });
    // Suggestions come from the server's typo-tolerant search; here any text of 2+ finds these three or one.
    const { input, changes } = setup(
      [],
      vi.fn(async (q: string) => (q === 'zz' ? [] : q.startsWith('pl') ? [all[0]!] : q.startsWith('pi') ? [all[2]!] : [all[0]!, all[1]!, all[3]!])),
    );
    await user.type(input, 'ic');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['PlomeríaHogar', 'ElectricidadHogar', 'FotografíaEventos']);

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}'); // wraps to the last
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    await user.keyboard('{Enter}');
    expect(changes.at(-1)).toEqual([20]);
    expect(chips()).toEqual(['Fotografía']);
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(input);
    expect(screen.getByText(/Fotografía añadido/)).toBeTruthy();

    await user.type(input, 'plo');
    await screen.findByRole('option', { name: /Plomería/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chips()).toEqual(['Fotografía', 'Plomería']);

    await user.keyboard('{Backspace}');
    expect(chips()).toEqual(['Fotografía']);
    expect(changes.at(-1)).toEqual([20]);

    await user.type(input, 'pi');
    await screen.findByRole('option', { name: /Pintura/ });
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('pi');
    await user.keyboard('{Escape}'); // a second Escape clears the text
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('removes a chip with its button or with Delete on it', async () => {
    const user = userEvent.setup({ delay: null });
    setup([1, 2, 3]);
    expect(chips()).toEqual(['Plomería', 'Electricidad', 'Pintura']);
    await user.click(screen.getByRole('button', { name: 'Quitar Electricidad' }));
    expect(chips()).toEqual(['Plomería', 'Pintura']);
    act(() => screen.getByRole('button', { name: 'Quitar Pintura' }).focus());
    await user.keyboard('{Delete}');
    expect(chips()).toEqual(['Plomería']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Quitar Plomería' }));
  });

  it('says when nothing matches and when suggestions fail, with a retry', async () => {
    const user = userEvent.setup({ delay: null });
    const suggest = vi.fn<(q: string) => Promise<Category[]>>().mockResolvedValueOnce([]).mockRejectedValueOnce(new Error('down')).mockResolvedValue([all[0]!]);
    const { input } = setup([], suggest);
    await user.type(input, 'zz');
    expect(await screen.findByText('No encontramos servicios con ese nombre.')).toBeTruthy();
    await user.type(input, 'z');
    expect(await screen.findByText('No pudimos cargar las sugerencias.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('option', { name: /Plomería/ });
  });

  it('lists every category by group for people who would rather pick', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = setup();
    const toggle = screen.getByRole('button', { name: /Ver todos los servicios/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const events = screen.getByRole('group', { name: 'Eventos' });
    await user.click(within(events).getByRole('checkbox', { name: 'Fotografía' }));
    expect(changes.at(-1)).toEqual([20]);
    await waitFor(() => expect(chips()).toEqual(['Fotografía']));
    await user.click(within(screen.getByRole('group', { name: 'Hogar' })).getByRole('checkbox', { name: 'Pintura' }));
    expect(changes.at(-1)).toEqual([20, 3]);
  });
});
