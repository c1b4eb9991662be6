import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultBusinessHours } from '@resuelve/contract';
import { renderScreen } from '../../../test/render-screen.tsx';
import type { Profile } from '../../entities/profile/api.ts';
import { ProviderProfilePage } from './provider-profile-page.tsx';
import { clientUser, detail, json, mockApi } from './test-helpers.tsx';

const rate = { amount_cents: 6500, unit: 'hour' as const, from: true };
const signedInAnswer = detail({
  rate,
  sign_in_required: false,
  contact: { phone_number: '17875550199', business_address: 'Calle Sol 3, Mayagüez' },
  business_hours: defaultBusinessHours,
});

function renderProfile(user: Profile | null) {
  return renderScreen(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user, others: ['/auth', '/providers/:id/book'] });
}

const bar = async () => screen.findByTestId('profile-book-bar');
const text = (element: Element) => element.textContent!.replace(/\s+/g, ' ');

describe('the profile\'s Book bar (a phone)', { timeout: 60_000 }, () => {
  it('a visitor sees "desde $65 la hora" and Book, which signs in first and goes on to the booking form', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, detail({ rate })) });
    const user = userEvent.setup({ delay: null });
    renderProfile(null);
    const book = await bar();
    expect(text(book.querySelector('[data-price]')!)).toMatch(/^desde \$\s?65 la hora$/);
    await user.click(within(book).getByRole('link', { name: 'Reservar a Empresa prov-1: inicia sesión' }));
    expect(screen.getByTestId('where').textContent).toBe('/auth');
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ from: '/providers/prov-1/book' });
  });

  it('a signed-in client goes straight to the booking form; the bar ends the page, after the booking card', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, signedInAnswer) });
    const user = userEvent.setup({ delay: null });
    renderProfile(clientUser);
    const book = await bar();
    const card = screen.getByRole('region', { name: 'Reservar' });
    expect(card.compareDocumentPosition(book) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(book).getByRole('link', { name: 'Reservar con Empresa prov-1' }));
    expect(screen.getByTestId('where').textContent).toBe('/providers/prov-1/book');
  });

  it('is not there for a provider with no service to book', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, detail({ categories: [] })) });
    renderProfile(null);
    await screen.findByRole('heading', { level: 1, name: 'Empresa prov-1' });
    expect(screen.queryByTestId('profile-book-bar')).toBeNull();
  });

  it('is not there for the owner looking at their own profile', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, signedInAnswer) });
    renderProfile({ ...clientUser, id: 'prov-1', is_contractor: true });
    await screen.findByRole('heading', { level: 1, name: 'Empresa prov-1' });
    expect(screen.queryByTestId('profile-book-bar')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reservar' })).toBeNull();
  });
});
