import '../../../test/screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { currentPath } from '../../lib/navigation.ts';
import { jsonResponse, mockFetch, profile, renderApp } from '../../../test/helpers.tsx';

const provider = { id: 'prov-1', company_name: 'Plomería Luis', profile_picture_url: null, categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }], timezone: 'America/Puerto_Rico' };

describe('the booking route', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor to sign in, remembering the booking screen to come back to', async () => {
    renderApp('/providers/prov-1/book', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'auth page from /providers/prov-1/book' })).toBeTruthy();
    expect(currentPath()).toBe('/auth');
  });

  it('opens the booking screen for a signed-in client', async () => {
    mockFetch({
      'GET /profiles/me': () => jsonResponse(profile()),
      'GET /providers/prov-1': () => jsonResponse(provider),
      'GET /providers/prov-1/availability/days': () => jsonResponse({ items: [] }),
    });
    renderApp('/providers/prov-1/book', { user: profile() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservar con Plomería Luis' })).toBeTruthy();
  });

  it('sends a provider to their own home', async () => {
    const me = profile({ id: 'p-7', is_contractor: true });
    mockFetch({ 'GET /profiles/me': () => jsonResponse(me) });
    renderApp('/providers/prov-1/book', { user: me });
    await waitFor(() => expect(currentPath()).toBe('/provider/home'), { timeout: 8000 });
  });
});
