import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProviderSearchPage } from './provider-search-page.tsx';
import { card, json, mockApi, renderAt } from './test-helpers.tsx';

describe('municipality autocomplete', { timeout: 60_000 }, () => {
  it('is used by keyboard alone: type, arrow to a suggestion, Enter, and the search follows', async () => {
    const calls = mockApi({ 'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }) });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderSearchPage />, '/providers?q=plomeria');
    const input = await screen.findByRole('combobox', { name: 'Municipio o área' });
    await user.click(input);
    await user.keyboard('maya');
    const option = await screen.findByRole('option', { name: 'Mayagüez' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(calls.some((c) => c.path === '/geo/municipalities' && c.params.get('q') === 'maya')).toBe(true);

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(option.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/providers?q=plomeria&municipality=mayaguez'));
    expect((input as HTMLInputElement).value).toBe('Mayagüez');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(calls.filter((c) => c.path === '/providers').at(-1)!.params.get('municipality')).toBe('mayaguez'));
    // With a place, distance becomes a choice and a radius can be set.
    expect((screen.getByRole('option', { name: 'Más cerca' }) as HTMLOptionElement).disabled).toBe(false);
    expect(screen.getByLabelText('Distancia')).toBeTruthy();
  });

  it('Escape closes the suggestions and emptying the field removes the filter', async () => {
    mockApi({ 'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }) });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderSearchPage />, '/providers?municipality=san-juan');
    const input = await screen.findByRole('combobox', { name: 'Municipio o área' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('San Juan'));
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}ma');
    await screen.findByRole('option', { name: 'Manatí' });
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.clear(input);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/providers'));
  });
});
