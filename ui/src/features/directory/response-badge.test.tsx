/** The response-time badge (issue 30) on a search card and on the profile header, in both languages. */
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { getI18n } from '../../lib/i18n.ts';
import { ProviderSearchPage } from './provider-search-page.tsx';
import { ProviderProfilePage } from './provider-profile-page.tsx';
import { card, detail, json, mockApi, renderAt } from './test-helpers.tsx';

/** Lets the screen's other queries (categories, reviews, projects) land inside act. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));


describe('the response-time badge', { timeout: 60_000 }, () => {
  it('says on each card how soon the provider usually answers, and nothing without a figure', async () => {
    mockApi({
      'GET /providers': () =>
        json(200, { items: [card('a', { response_minutes: 25 }), card('b', { response_minutes: 200 }), card('c', { response_minutes: null })], next_cursor: null }),
    });
    renderAt(<ProviderSearchPage />, '/providers?category=plumbing');
    await screen.findByRole('heading', { name: 'Empresa a' });
    const badgeOf = (name: string) => screen.getByRole('article', { name }).querySelector('.badge--response')?.textContent ?? null;
    expect(badgeOf('Empresa a')).toBe('Suele responder en menos de 1 hora');
    expect(badgeOf('Empresa b')).toBe('Suele responder en unas horas');
    expect(badgeOf('Empresa c')).toBeNull();
    await settle();
  });

  it('shows on the profile header, in English too', async () => {
    await getI18n().changeLanguage('en');
    mockApi({ 'GET /providers/prov-1': () => json(200, detail({ response_minutes: 700 })) });
    const { unmount } = renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    expect(await screen.findByText('Usually responds within a few days')).toBeTruthy();
    expect(await screen.findByText('Excelente trabajo')).toBeTruthy();
    await settle();
    unmount();
    await getI18n().changeLanguage('es');
  });
});
