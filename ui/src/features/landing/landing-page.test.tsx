import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getI18n } from '../../lib/i18n.ts';
import { LandingPage } from './landing-page.tsx';

// Typing through user-event is slow on a busy machine; the default 5 s is too tight there.
vi.setConfig({ testTimeout: 20_000 });

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

function renderLanding() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('landing page', () => {
  it('searches providers by service and city or area', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderLanding();
    await user.type(screen.getByLabelText('Servicio'), 'plomería');
    await user.type(screen.getByLabelText('Ciudad o área'), 'Mayagüez{Enter}');

    expect(screen.getByTestId('landed').textContent).toContain('/providers?');
    expect(router.state.location.pathname).toBe('/providers');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('plomería');
    expect(params.get('municipality')).toBe('Mayagüez');
    expect(params.get('sort')).toBe('distance');
  });

  it('searches with the button too, leaving out an empty area', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderLanding();
    await user.type(screen.getByLabelText('Servicio'), 'DJ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/providers?q=DJ');
  });

  it('has the header links, and every service group links to its category', () => {
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Secciones de la página' });
    for (const name of ['Categorías', 'Buscar', 'Contacto']) expect(within(nav).getByRole('link', { name })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Iniciar sesión' })[0]?.getAttribute('href')).toBe('/auth');

    const groups = ['Hogar', 'Eventos', 'Cuidado personal', 'Mascotas'].map((name) => screen.getByRole('article', { name }));
    expect(within(groups[0]!).getByRole('link', { name: 'Plomería' }).getAttribute('href')).toBe('/providers?category=plumbing');
    expect(within(groups[0]!).getAllByRole('link')).toHaveLength(10);
    expect(within(groups[1]!).getByRole('link', { name: 'Fotografía' }).getAttribute('href')).toBe('/providers?category=photography');
    expect(within(groups[2]!).getAllByRole('link')).toHaveLength(3);
    expect(within(groups[3]!).getByRole('link', { name: 'Paseo de perros' }).getAttribute('href')).toBe('/providers?category=dog-walking');
    // Each category card has its icon.
    expect(groups[0]!.querySelectorAll('.landing-category [data-icon]')).toHaveLength(10);
  });

  it("shows the island's trades drawn, each a way into its category, and credits the drawings", () => {
    renderLanding();
    const trades = screen.getByRole('list', { name: 'Oficios de la isla' });
    const links = within(trades).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Plomería', 'Electricidad', 'Limpieza', 'Fotografía', 'Catering', 'Grooming de mascotas']);
    expect(links[0]!.getAttribute('href')).toBe('/providers?category=plumbing');
    // Each drawn in the page itself (an SVG as an <img> is a document of its own to build), decorative.
    for (const link of links) {
      const picture = link.querySelector('svg.landing-trade__picture')!;
      expect(picture.getAttribute('aria-hidden')).toBe('true');
      expect(picture.querySelectorAll('path, rect, circle').length).toBeGreaterThan(3);
    }
    expect(screen.getByRole('contentinfo').textContent).toContain('dominio público (CC0)');
  });

  it('invites providers to register and shows the product claims', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Regístrate como proveedor' }).getAttribute('href')).toBe(
      '/auth?mode=signup&type=provider',
    );
    // Three promises, each something the next screens show.
    const claims = within(screen.getByRole('region', { name: 'Contrata con confianza' })).getAllByRole('heading', { level: 3 });
    expect(claims.map((claim) => claim.textContent)).toEqual(['Verificados y asegurados', 'Fotos y precios a la vista', 'Reserva en minutos']);
    expect(screen.getByRole('contentinfo').textContent).toContain('Resuelve. Todos los derechos reservados.');
  });

  it('leads from the footer to the terms and the privacy pages', async () => {
    const user = userEvent.setup({ delay: null });
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Privacidad' }).getAttribute('href')).toBe('/privacy');
    await user.click(footer.getByRole('link', { name: 'Términos de servicio' }));
    expect(screen.getByTestId('landed').textContent).toBe('/terms');
  });

  it('switches to English from the footer', async () => {
    const user = userEvent.setup({ delay: null });
    renderLanding();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en');
    expect(getI18n().language).toBe('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get anything done with professionals from your area' })).toBeTruthy();
  });
});
