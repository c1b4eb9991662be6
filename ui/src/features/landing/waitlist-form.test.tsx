import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { WaitlistForm } from './waitlist-form.tsx';

describe('the waitlist form', () => {
  it('folds its 20 services under one line that opens and says what is chosen', { timeout: 20_000 }, async () => {
    const calls = mockApi({ 'POST /waitlist/signup': () => json(202, { received: true }), 'GET /geo/municipalities': () => json(200, { items: [] }) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WaitlistForm />, '/', { user: null });
    const region = screen.getByRole('region', { name: '¿Aún no llegamos a tu pueblo o a tu oficio?' });
    const folded = region.querySelector('details.waitlist__categories') as HTMLDetailsElement;
    expect(folded).toBeTruthy();
    expect(folded.open).toBe(false);
    expect(within(folded).getAllByRole('checkbox', { hidden: true })).toHaveLength(20);
    const summary = folded.querySelector('summary')!;
    expect(summary.textContent).toContain('Ninguno elegido');

    await user.click(summary);
    await waitFor(() => expect(folded.open).toBe(true));
    await user.click(within(folded).getByRole('checkbox', { name: 'Catering' }));
    expect(summary.textContent).toContain('1 elegido: Catering');

    await user.type(within(region).getByLabelText('Correo electrónico'), 'lucia@example.pr');
    await user.click(within(region).getByRole('button', { name: 'Unirme a la lista' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ email: 'lucia@example.pr', categories: ['catering'] });
  });
});
