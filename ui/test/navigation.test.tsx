import './screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chromeFor, userMenuFor } from '../src/app/nav-model.ts';
import { currentPath, navigateTo } from '../src/lib/navigation.ts';
import { readPreferences } from '../src/lib/preferences.ts';
import { useSession } from '../src/lib/session-store.ts';
import { testI18n } from './setup.ts';
import { fakeTransport, jsonResponse, mockFetch, profile, renderApp, signInResponse } from './helpers.tsx';

const client = profile();
const provider = profile({ id: 'p-7', is_contractor: true });

describe('which header a screen gets (SPEC.md §2)', () => {
  it.each(['/auth', '/auth/reset-password', '/verify-email', '/onboarding'])('hides the top bar on %s', (path) => {
    expect(chromeFor(path, 'signed_in')).toBe('none');
    expect(chromeFor(path, 'signed_out')).toBe('none');
  });
  it('hides it on the landing page for visitors, who get the landing header instead', () => {
    expect(chromeFor('/', 'signed_out')).toBe('none');
  });
  it('gives visitors the brand header on provider pages and elsewhere', () => {
    expect(chromeFor('/providers', 'signed_out')).toBe('visitor');
    expect(chromeFor('/providers/p-1', 'signed_out')).toBe('visitor');
  });
  it('gives signed-in people the top bar', () => {
    expect(chromeFor('/client/home', 'signed_in')).toBe('member');
    expect(chromeFor('/providers/', 'signed_in')).toBe('member');
  });
  it('links the profile to the public page for providers and /client/profile for clients', () => {
    expect(userMenuFor(provider).find((i) => i.id === 'profile')).toEqual({ id: 'profile', to: '/providers/p-7' });
    expect(userMenuFor(client).find((i) => i.id === 'profile')).toEqual({ id: 'profile', to: '/client/profile' });
    expect(userMenuFor(client).map((i) => i.id)).toEqual(['home', 'profile', 'settings', 'portal', 'sign_out']);
  });
});

function topBar(): HTMLElement {
  const found = document.querySelector<HTMLElement>('header.topbar');
  if (!found) throw new Error('no top bar');
  return found;
}

describe('navigation on screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows visitors on provider pages the brand, the language switch and sign-in (remembering the page)', async () => {
    renderApp('/providers', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Buscar proveedores' });
    const header = topBar();
    expect(within(header).getByRole('link', { name: 'Resuelve, ir al inicio' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'English' })).toBeTruthy();
    await userEvent.click(within(header).getByRole('link', { name: 'Iniciar sesión' }));
    await screen.findByRole('heading', { level: 1, name: 'auth page from /providers' });
  });

  it('shows no shell header on the landing page or auth pages', async () => {
    renderApp('/auth', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'auth page from none' });
    expect(document.querySelector('header.topbar')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('gives a client the client menu and the bottom bar with More', async () => {
    renderApp('/client/home', { user: client });
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    const [top, bottom] = screen.getAllByRole('navigation', { name: 'Menú principal' });
    const labels = (nav: HTMLElement) => within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    const clientLinks = [
      ['Inicio', '/client/home'],
      ['Buscar servicios', '/providers'],
      ['Mis citas', '/client/my-appointments'],
      ['Mensajes', '/messages'],
    ];
    expect(labels(top!)).toEqual(clientLinks);
    expect(labels(bottom!)).toEqual(clientLinks);
    expect(within(bottom!).getByRole('button', { name: 'Más opciones' })).toBeTruthy();
  });

  it('gives a provider the provider menu', async () => {
    renderApp('/provider/home', { user: provider });
    await screen.findByRole('heading', { level: 1, name: 'Panel del proveedor' });
    const [top] = screen.getAllByRole('navigation', { name: 'Menú principal' });
    expect(within(top!).getAllByRole('link').map((a) => a.textContent)).toEqual(['Panel', 'Calendario', 'Portafolio', 'Mensajes']);
  });

  it('opens the user menu with the keyboard and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderApp('/client/home', { user: client });
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    const button = within(topBar()).getByRole('button', { name: 'Menú de usuario' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = within(topBar()).getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Inicio', 'Perfil', 'Configuración', 'Portal', 'Cerrar sesión']);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{Escape}');
    expect(within(topBar()).queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    await user.keyboard(' ');
    expect(within(topBar()).getByRole('menu')).toBeTruthy();
  });

  it('follows a user menu link', async () => {
    const user = userEvent.setup();
    renderApp('/client/home', { user: client });
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    await user.click(within(topBar()).getByRole('button', { name: 'Menú de usuario' }));
    await user.click(within(topBar()).getByRole('menuitem', { name: 'Perfil' }));
    await screen.findByRole('heading', { level: 1, name: 'Mi perfil' });
    expect(currentPath()).toBe('/client/profile');
  });

  it('opens More in the bottom bar with home, profile, settings, verification, portal and sign out; sign out ends the session', async () => {
    const user = userEvent.setup();
    const session = fakeTransport({ refresh: vi.fn(async () => signInResponse(provider)) });
    renderApp('/provider/calendar', { session });
    await screen.findByRole('heading', { level: 1, name: 'Calendario' });
    const bottom = screen.getAllByRole('navigation', { name: 'Menú principal' })[1]!;
    await user.click(within(bottom).getByRole('button', { name: 'Más opciones' }));
    const items = within(bottom).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Inicio', '/provider/home'],
      ['Perfil', '/providers/p-7'],
      ['Configuración', '/settings'],
      ['Verificación', '/provider/verification'],
      ['Portal', '/provider/home'],
      ['Cerrar sesión', null],
    ]);
    await user.click(items[5]!);
    await screen.findByRole('heading', { level: 1, name: 'landing page' });
    expect(session.signOut).toHaveBeenCalledWith('access-1');
    expect(useSession.getState().status).toBe('signed_out');
    act(() => navigateTo('/client/home'));
    await screen.findByRole('heading', { level: 1, name: 'auth page from /client/home' });
  });

  it('switches language for a visitor and remembers it on the device', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({});
    renderApp('/providers', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Buscar proveedores' });
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'Find providers' });
    expect(readPreferences().language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('saves the language on the profile for a signed-in person', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      'PATCH /profiles/me': (init) => jsonResponse({ ...client, ...(JSON.parse(String(init?.body)) as object) }),
    });
    renderApp('/client/home', { user: client });
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    await user.click(within(topBar()).getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(useSession.getState().user?.language).toBe('en'));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ language: 'en' });
    expect(testI18n.language).toBe('en');
  });

  it('uses the language saved on the profile after sign-in', async () => {
    renderApp('/client/home', { user: profile({ language: 'en' }) });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
  });
});
