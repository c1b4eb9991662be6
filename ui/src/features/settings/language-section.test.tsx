import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@resuelve/contract';
import { useSession } from '../../lib/session-store.ts';
import { LanguageSection } from './language-section.tsx';
import { apiError, clientUser, json, mockApi, renderSection } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('language settings', { timeout: 20_000 }, () => {
  it('switches the app to English and saves it on the profile', async () => {
    const calls = mockApi({ 'PATCH /profiles/me': (call) => json(200, { ...clientUser, ...(call.body as Partial<Profile>) }) });
    const user = userEvent.setup({ delay: null });
    renderSection(<LanguageSection />);

    await user.click(await screen.findByRole('radio', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Language saved.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(calls).toEqual([expect.objectContaining({ method: 'PATCH', path: '/profiles/me', body: { language: 'en' } })]);
    expect(useSession.getState().user?.language).toBe('en');
  });

  it('says so when the profile could not keep the language', async () => {
    mockApi({ 'PATCH /profiles/me': () => apiError(503, 'service_unavailable') });
    const user = userEvent.setup({ delay: null });
    renderSection(<LanguageSection />);

    await user.click(await screen.findByRole('radio', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not save the language|No pudimos guardar el idioma/);
  });
});
