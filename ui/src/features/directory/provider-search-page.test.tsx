import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getI18n } from '../../lib/i18n.ts';
import { ProviderSearchPage } from './provider-search-page.tsx';
import { card, clientUser, json, mockApi, renderAt } from './test-helpers.tsx';
import type { Call } from './test-helpers.tsx';

const searches = (calls: Call[]) => calls.filter((c) => c.path === '/providers');
const where = () => screen.getByTestId('where');

describe('provider search', { timeout: 60_000 }, () => {
  it('shows the results on a map only when asked, and hides it again', async () => {
    mockApi({ 'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }) });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderSearchPage />, '/providers?category=plumbing');
    await screen.findByRole('heading', { name: 'Empresa a' });
    expect(screen.queryByRole('region', { name: 'Mapa de los resultados' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Ver en el mapa' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(await screen.findByRole('region', { name: 'Mapa de los resultados' })).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Ocultar el mapa' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await user.click(hide);
    expect(screen.queryByRole('region', { name: 'Mapa de los resultados' })).toBeNull();
  });

  it('reads every filter and the sort from the URL after a reload and asks the api for them', async () => {
    const calls = mockApi({ 'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }) });
    renderAt(
      <ProviderSearchPage />,
      '/providers?q=plomeria&category=plumbing&municipality=mayaguez&radius_km=10&min_rating=4&insured=true&verified=true&available_on=2030-01-10&sort=distance',
    );
    expect(await screen.findByRole('heading', { name: 'Empresa a' })).toBeTruthy();
    const sent = searches(calls)[0]!.params;
    expect(Object.fromEntries(sent)).toMatchObject({
      q: 'plomeria',
      category: 'plumbing',
      municipality: 'mayaguez',
      radius_km: '10',
      min_rating: '4',
      insured: 'true',
      verified: 'true',
      available_on: '2030-01-10',
      sort: 'distance',
      locale: 'es',
    });
    expect(((screen.getByRole('combobox', { name: 'Qué servicio buscas' })) as HTMLInputElement).value).toBe('plomeria');
    expect(((screen.getByLabelText('Ordenar por')) as HTMLInputElement).value).toBe('distance');
    // Beside the sort, the page that says how relevance orders (decision record 0054).
    expect(screen.getByRole('link', { name: '¿Cómo ordenamos?' }).getAttribute('href')).toBe('/ranking');
    expect(((screen.getByLabelText('Solo con seguro')) as HTMLInputElement).checked).toBe(true);
    expect(((screen.getByLabelText('Calificación mínima')) as HTMLInputElement).value).toBe('4');
    expect(((screen.getByLabelText('Disponible el día')) as HTMLInputElement).value).toBe('2030-01-10');
    await waitFor(() => expect(((screen.getByRole('combobox', { name: 'Municipio o área' })) as HTMLInputElement).value).toBe('Mayagüez'));
  });

  it('counts on the filters button only the filters its panel shows, not the search text', async () => {
    mockApi({ 'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }) });
    const { container } = renderAt(<ProviderSearchPage />, '/providers?q=plomeria');
    expect(await screen.findByRole('heading', { name: 'Empresa a' })).toBeTruthy();
    expect(container.querySelector('.filters-fold__summary')!.textContent).toBe('Filtros');
  });

  it('counts each filter the panel shows', async () => {
    mockApi({ 'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }) });
    const { container } = renderAt(<ProviderSearchPage />, '/providers?q=plomeria&category=plumbing&insured=true');
    expect(await screen.findByRole('heading', { name: 'Empresa a' })).toBeTruthy();
    expect(container.querySelector('.filters-fold__summary')!.textContent).toBe('Filtros (2 activos)');
  });

  it('suggests services as the text is typed, in English too; picking one filters by it instead of the text', async () => {
    await getI18n().changeLanguage('en');
    const calls = mockApi({
      'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }),
      'GET /categories/suggestions': () => json(200, { items: [{ id: 17, slug: 'photography', name: 'Photography', group: 'events' }] }),
    });
    try {
      const user = userEvent.setup({ delay: null });
      renderAt(<ProviderSearchPage />, '/providers');
      await screen.findByRole('heading', { name: 'Empresa a' });
      const text = screen.getByRole('combobox', { name: 'What service do you need' });
      await user.type(text, 'fot');
      await user.click(await screen.findByRole('option', { name: 'Photography' }));
      expect(calls.find((c) => c.path === '/categories/suggestions')!.params.get('locale')).toBe('en');
      expect(where().textContent).toBe('/providers?category=photography');
      expect((text as HTMLInputElement).value).toBe('');
    } finally {
      await act(() => getI18n().changeLanguage('es'));
    }
  });

  it('puts the search text, filters and sort into the URL, and back undoes them', async () => {
    const calls = mockApi({ 'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<ProviderSearchPage />, '/providers');
    await screen.findByRole('heading', { name: 'Empresa a' });

    await user.type(screen.getByRole('combobox', { name: 'Qué servicio buscas' }), 'plomero');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'rating');
    await user.click(screen.getByLabelText('Solo verificados'));
    await user.click(await screen.findByRole('button', { name: 'Limpieza' }));

    expect((where()).textContent).toContain('/providers?q=plomero&category=cleaning&verified=true&sort=rating');
    await waitFor(() => expect(searches(calls).at(-1)!.params.get('category')).toBe('cleaning'));
    expect((screen.getByRole('button', { name: 'Limpieza' })).getAttribute('aria-pressed')).toBe('true');

    await act(() => router.navigate(-1));
    expect((where()).textContent).toContain('/providers?q=plomero&verified=true&sort=rating');
    expect((screen.getByRole('button', { name: 'Limpieza' })).getAttribute('aria-pressed')).toBe('false');
    await act(() => router.navigate(-1));
    expect(((screen.getByLabelText('Solo verificados')) as HTMLInputElement).checked).toBe(false);
    expect(((screen.getByLabelText('Ordenar por')) as HTMLInputElement).value).toBe('rating');
  });

  it('load more asks for the next cursor and appends without repeating a provider', async () => {
    const calls = mockApi({
      'GET /providers': ({ params }) =>
        params.get('cursor') === 'c1'
          ? json(200, { items: [card('b'), card('c')], next_cursor: null })
          : json(200, { items: [card('a'), card('b')], next_cursor: 'c1' }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderSearchPage />, '/providers?q=plomeria');
    await screen.findByRole('heading', { name: 'Empresa b' });
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByRole('heading', { name: 'Empresa c' });
    const list = screen.getByRole('list', { name: 'Proveedores encontrados' });
    expect(within(list).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Empresa a',
      'Empresa b',
      'Empresa c',
    ]);
    expect(searches(calls).at(-1)!.params.get('cursor')).toBe('c1');
    expect(searches(calls).at(-1)!.params.get('q')).toBe('plomeria');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('an empty result offers to widen the area and to drop each filter, and the buttons do it', async () => {
    const calls = mockApi({
      'GET /providers': ({ params }) =>
        params.get('radius_km') === '25' && !params.get('insured')
          ? json(200, { items: [card('far', { distance_km: 21.5 })], next_cursor: null })
          : json(200, { items: [], next_cursor: null }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderSearchPage />, '/providers?municipality=mayaguez&insured=true');
    expect(await screen.findByRole('heading', { name: 'No encontramos proveedores' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar el municipio' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Buscar hasta 25 km' }));
    expect((where()).textContent).toContain('/providers?municipality=mayaguez&radius_km=25&insured=true');
    await user.click(await screen.findByRole('button', { name: 'Incluir sin seguro' }));
    expect((where()).textContent).toContain('/providers?municipality=mayaguez&radius_km=25');
    expect(await screen.findByRole('heading', { name: 'Empresa far' })).toBeTruthy();
    expect(screen.getByText('Mayagüez · a 21,5 km')).toBeTruthy();
    expect(searches(calls).length).toBeGreaterThanOrEqual(3);
  });

  it('shows an error with a retry that searches again', async () => {
    let fail = true;
    mockApi({
      'GET /providers': () => (fail ? json(500, { error: 'x', status: 500, code: 'internal_error' }) : json(200, { items: [card('a')], next_cursor: null })),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderSearchPage />, '/providers');
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos cargar los resultados');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Empresa a' })).toBeTruthy();
  });

  it('a visitor asked to book is sent to sign in, which then leads to the booking screen', async () => {
    mockApi({ 'GET /providers': () => json(200, { items: [card('a')], next_cursor: null }) });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderSearchPage />, '/providers?q=plomeria');
    await user.click(await screen.findByRole('link', { name: 'Reservar a Empresa a: inicia sesión' }));
    expect((where()).textContent).toContain('/auth');
    expect(JSON.parse(where().dataset.state!)).toEqual({ from: '/providers/a/book' });
  });

  it('a signed-in client gets two actions, View and Book, and the card leads with what a client decides on', async () => {
    mockApi({ 'GET /providers': () => json(200, { items: [card('a', { next_available_at: null })], next_cursor: null }) });
    renderAt(<ProviderSearchPage />, '/providers', { user: clientUser });
    const article = await screen.findByRole('article', { name: 'Empresa a' });
    const links = within(article).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/providers/a', '/providers/a', '/providers/a/book']);
    expect(within(article).getByRole('link', { name: 'Reservar con Empresa a' })).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Ver perfil de Empresa a' })).toBeTruthy();
    expect(within(article).queryByRole('link', { name: 'Mensaje' })).toBeNull();
    expect(within(article).getByText('4,5 de 5 (12 reseñas)')).toBeTruthy();
    expect(article.querySelector('[data-price]')!.textContent!.replace(/\s+/g, ' ')).toMatch(/^desde \$\s?45 la hora$/);
    expect(within(article).getByText('Mayagüez · a 3,2 km')).toBeTruthy();
    expect(within(article).getByText('Plomería')).toBeTruthy();
    expect(within(article).getByText('Verificado')).toBeTruthy();
    expect(within(article).getByText('Sin horarios libres en los próximos 14 días')).toBeTruthy();
    // Initials stand in for a missing picture; the description stays on the profile.
    expect(article.querySelector('[data-initials]')!.textContent).toBe('EA');
    expect(within(article).queryByText('Reparaciones de tuberías')).toBeNull();
  });

  it('shows the cover photo of the work in every stored width, and "price on request" without a rate', async () => {
    const cover_photo = { url: '/files/project/p-640.webp', src: '/files/project/p', widths: [320, 640], placeholder: 'data:image/webp;base64,AA' };
    mockApi({ 'GET /providers': () => json(200, { items: [card('a', { cover_photo, rate: null })], next_cursor: null }) });
    renderAt(<ProviderSearchPage />, '/providers', { user: clientUser });
    const article = await screen.findByRole('article', { name: 'Empresa a' });
    const img = article.querySelector('.provider-card__cover img')!;
    expect(img.getAttribute('srcset')).toBe('/files/project/p-320.webp 320w, /files/project/p-640.webp 640w');
    expect(within(article).getByText('Precio a consultar')).toBeTruthy();
  });

  it("leads a card with the provider's own picture when they have no photo of their work, and with neither keeps the initials", async () => {
    mockApi({
      'GET /providers': () => json(200, { items: [card('a', { profile_picture_url: '/files/profile/a-512.webp' }), card('b')], next_cursor: null }),
    });
    renderAt(<ProviderSearchPage />, '/providers', { user: clientUser });
    const pictured = await screen.findByRole('article', { name: 'Empresa a' });
    const cover = pictured.querySelector('.provider-card__cover img')!;
    expect(cover.getAttribute('src')).toBe('/files/profile/a-512.webp');
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['512', '512']);
    // The picture is the card's photo now: not shown a second time as the round avatar.
    expect(pictured.querySelector('.avatar')).toBeNull();
    const plain = screen.getByRole('article', { name: 'Empresa b' });
    expect(plain.querySelector('.provider-card__cover')).toBeNull();
    expect(plain.querySelector('.avatar')!.textContent).toBe('EB');
  });

  it('speaks English when the person does, with times in the en-US style', async () => {
    await getI18n().changeLanguage('en');
    mockApi({ 'GET /providers': () => json(200, { items: [card('a', { next_available_at: '2030-01-10T13:00:00.000Z' })], next_cursor: null }) });
    renderAt(<ProviderSearchPage />, '/providers', { user: clientUser });
    const article = await screen.findByRole('article', { name: 'Empresa a' });
    expect(within(article).getByRole('link', { name: 'Book now with Empresa a' }).getAttribute('href')).toBe('/providers/a/book');
    expect(within(article).getByText('4.5 out of 5 (12 reviews)')).toBeTruthy();
    // 13:00 UTC is 9:00 in Puerto Rico.
    expect(within(article).getByText('Next available: Thu, Jan 10, 9:00 AM')).toBeTruthy();
    expect(article.querySelector('[data-price]')!.textContent).toBe('from $45 an hour');
    expect(within(article).getByText('Mayagüez · 3.2 km away')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Find providers' })).toBeTruthy();
  });
});
