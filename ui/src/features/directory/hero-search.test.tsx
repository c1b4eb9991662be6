import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeroSearch } from '../landing/hero-search.tsx';
import { mockApi, renderAt } from './test-helpers.tsx';

// The landing hero is the way into the search: its area field suggests municipalities.
describe('landing hero search into /providers', { timeout: 60_000 }, () => {
  it('picks a municipality by keyboard and lands on /providers with q and municipality', async () => {
    mockApi({});
    const user = userEvent.setup({ delay: null });
    renderAt(<HeroSearch />, '/');
    await user.type(screen.getByRole('searchbox', { name: 'Servicio' }), 'plomería');
    const area = screen.getByRole('combobox', { name: 'Ciudad o área' });
    await user.click(area);
    await user.keyboard('maya');
    await screen.findByRole('option', { name: 'Mayagüez' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect((area as HTMLInputElement).value).toBe('Mayagüez');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/providers?q=plomer%C3%ADa&municipality=mayaguez&sort=distance'));
  });
});
