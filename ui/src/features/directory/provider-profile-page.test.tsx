import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultBusinessHours, lastBookableDay } from '@resuelve/contract';
import { profile } from '../../../test/helpers.tsx';
import { providerProfile } from '../../../test/profile-fixtures.ts';
import { todayInPuertoRico } from './format.ts';
import { ProviderProfilePage } from './provider-profile-page.tsx';
import { clientUser, detail, json, mockApi, renderAt, review, reviewPage } from './test-helpers.tsx';

const signedInAnswer = detail({
  sign_in_required: false,
  contact: { phone_number: '17875550199', business_address: 'Calle Sol 3, Mayagüez' },
  business_hours: defaultBusinessHours,
});

describe('provider profile', { timeout: 60_000 }, () => {
  it('a visitor sees the profile with a sign-in prompt in place of contact, booking and hours', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, detail()) });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Empresa prov-1' })).toBeTruthy();
    expect(screen.getByText('Plomeros con 20 años en el oeste.')).toBeTruthy();
    expect(await screen.findByText('Excelente trabajo')).toBeTruthy();
    expect(await screen.findByText('Este proveedor todavía no ha publicado proyectos.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Horario de atención' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Contacto' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Reservar' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Editar mi perfil' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Iniciar sesión' }));
    expect(screen.getByTestId('where').textContent).toBe('/auth');
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ from: '/providers/prov-1' });
  });

  it('shows the rate, the cover photo of the work, the picture and the services with their icons', async () => {
    const cover_photo = { url: '/files/p-640.webp', src: '/files/p', widths: [640, 1280], placeholder: 'data:image/webp;base64,AA' };
    mockApi({ 'GET /providers/prov-1': () => json(200, detail({ cover_photo, profile_picture_url: '/files/me.webp', rate: { amount_cents: 8000, unit: 'visit', from: false } })) });
    const { container } = renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    await screen.findByRole('heading', { level: 1, name: 'Empresa prov-1' });
    const header = container.querySelector('.profile-header')!;
    expect(header.querySelector('[data-price]')!.textContent!.replace(/\s+/g, ' ')).toMatch(/^\$\s?80 por visita$/);
    // No project list yet (or none to show): the top of the page has the profile's cover photo.
    expect(container.querySelector('.photo-strip__cover img')!.getAttribute('srcset')).toBe('/files/p-640.webp 640w, /files/p-1280.webp 1280w');
    expect(header.querySelector('.avatar img')!.getAttribute('src')).toBe('/files/me.webp');
    expect(container.querySelector('.service-list [data-icon="plumbing"]')).not.toBeNull();
  });

  it('a visitor who presses Send a message signs in first and comes back to the conversation', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, detail()) });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    await user.click(await screen.findByRole('link', { name: 'Enviar mensaje a Empresa prov-1: inicia sesión' }));
    expect(screen.getByTestId('where').textContent).toBe('/auth');
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ from: '/messages?provider=prov-1' });
  });

  it('a signed-in client sees contact, free times and the hours by weekday in their language', async () => {
    const calls = mockApi({
      'GET /providers/prov-1': () => json(200, signedInAnswer),
      'GET /providers/prov-1/availability': () =>
        json(200, { date: '2030-01-10', duration: 60, timezone: 'America/Puerto_Rico', slots: [{ start: '2030-01-10T13:00:00.000Z', end: '2030-01-10T14:00:00.000Z' }], reason: null }),
    });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: clientUser });
    const hours = await screen.findByRole('table', { name: 'Horario de atención' });
    const rows = within(hours).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']);
    expect(within(rows[6]!).getByText('Cerrado')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+1 (787) 555-0199' }).getAttribute('href')).toBe('tel:+17875550199');
    expect(screen.getByText('Calle Sol 3, Mayagüez')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
    expect(await screen.findByText('9:00 a. m.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reservar' }).getAttribute('href')).toBe('/providers/prov-1/book');
    expect(screen.getByRole('link', { name: 'Enviar mensaje' }).getAttribute('href')).toBe('/messages?provider=prov-1');
    expect(calls.find((c) => c.path === '/providers/prov-1')!.params.get('locale')).toBe('es');
  });

  it('shows the social media as links that open in a new tab, by handle, and never a non-http link', async () => {
    mockApi({
      'GET /providers/prov-1': () =>
        json(200, {
          ...signedInAnswer,
          website_url: 'https://tallerrivera.pr/',
          social_media: { instagram: '@taller.rivera', facebook: 'https://facebook.com/TallerRivera', whatsapp: '787 555 0123', x: 'javascript:alert(1)' },
        }),
      'GET /providers/prov-1/availability/days': () => json(200, { items: [] }),
    });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: clientUser });
    const contact = await screen.findByRole('region', { name: 'Contacto' });
    const link = (name: string) => within(contact).getByRole('link', { name: `${name} (se abre en una pestaña nueva)` });
    for (const [name, href] of [
      ['@taller.rivera', 'https://www.instagram.com/taller.rivera'],
      ['TallerRivera', 'https://facebook.com/TallerRivera'],
      ['+1 787 555 0123', 'https://wa.me/17875550123'],
      ['tallerrivera.pr', 'https://tallerrivera.pr/'],
    ]) {
      expect(link(name!).getAttribute('href')).toBe(href);
      expect(link(name!).getAttribute('target')).toBe('_blank');
      expect(link(name!).getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(within(contact).getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(within(contact).getAllByRole('link').every((a) => /^(https:|tel:)/.test(a.getAttribute('href')!))).toBe(true);
  });

  it('the booking box opens on the next day with free times, and says so, when today has none left', async () => {
    const today = todayInPuertoRico();
    const later = plusDays(today, 2);
    const day = (date: string, slots: { start: string; end: string }[]) => ({ date, duration: 60, timezone: 'America/Puerto_Rico', slots, reason: null });
    const calls = mockApi({
      'GET /providers/prov-1': () => json(200, signedInAnswer),
      'GET /providers/prov-1/availability/days': () =>
        json(200, { items: [day(today, []), day(plusDays(today, 1), []), day(later, [{ start: `${later}T13:00:00.000Z`, end: `${later}T14:00:00.000Z` }])] }),
      'GET /providers/prov-1/availability': (call) =>
        json(200, day(call.params.get('date')!, call.params.get('date') === later ? [{ start: `${later}T13:00:00.000Z`, end: `${later}T14:00:00.000Z` }] : [])),
    });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: clientUser });
    const booking = await screen.findByRole('region', { name: 'Reservar' });
    expect(await within(booking).findByText('9:00 a. m.')).toBeTruthy();
    expect(within(booking).getByLabelText<HTMLInputElement>('Día').value).toBe(later);
    const weekday = new Intl.DateTimeFormat('es-PR', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${later}T12:00:00Z`));
    expect(within(booking).getByRole('status').textContent).toMatch(new RegExp(`^Hoy ya no quedan horas libres\\. El próximo día con horas libres es el ${weekday}, `));
    expect(calls.some((c) => c.path === '/providers/prov-1/availability' && c.params.get('date') === today)).toBe(false);
  });

  it('says when no day of the booking horizon has free times, and opens on today', async () => {
    const today = todayInPuertoRico();
    mockApi({
      'GET /providers/prov-1': () => json(200, signedInAnswer),
      'GET /providers/prov-1/availability/days': () => json(200, { items: [{ date: today, duration: 60, timezone: 'America/Puerto_Rico', slots: [], reason: 'fully_booked' }] }),
      'GET /providers/prov-1/availability': () => json(200, { date: today, duration: 60, timezone: 'America/Puerto_Rico', slots: [], reason: 'fully_booked' }),
    });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: clientUser });
    const booking = await screen.findByRole('region', { name: 'Reservar' });
    expect(await within(booking).findByText('No hay horas libres en los próximos 60 días. Escríbele al proveedor para acordar una fecha.')).toBeTruthy();
    expect(within(booking).getByLabelText<HTMLInputElement>('Día').value).toBe(today);
  });

  it('the booking date offers today up to the last bookable day, 12 months ahead', async () => {
    mockApi({
      'GET /providers/prov-1': () => json(200, signedInAnswer),
      'GET /providers/prov-1/availability': () => json(200, { date: '2030-01-10', duration: 60, timezone: 'America/Puerto_Rico', slots: [], reason: null }),
    });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: clientUser });
    await screen.findByRole('table', { name: 'Horario de atención' });
    const picker = document.querySelector<HTMLInputElement>('#booking input[type="date"]')!;
    const today = todayInPuertoRico();
    expect(picker.min).toBe(today);
    expect(picker.max).toBe(lastBookableDay(today));
    expect(Number(picker.max.slice(0, 4)) - Number(today.slice(0, 4))).toBe(1);
  });

  it('shows the reviews with the counts per rating and the replies, and loads more page by page', async () => {
    const first = [
      review('r1', { comment: '<b>Excelente</b> trabajo', reply: { text: '¡Gracias, Ana!', created_at: '2026-10-02T12:00:00Z', updated_at: '2026-10-02T12:00:00Z' } }),
      review('r2', { rating: 4, comment: 'Muy puntual', client_name: 'Luis M.' }),
    ];
    const calls = mockApi({
      'GET /providers/prov-1': () => json(200, detail({ review_count: 3 })),
      'GET /providers/prov-1/reviews': (call) =>
        call.params.get('cursor')
          ? json(200, reviewPage([review('r3', { rating: 2, comment: 'Llegó tarde', client_name: null })]))
          : json(200, { ...reviewPage(first, 'next-page'), distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 }, rating_average: 3.67, review_count: 3 }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    const section = await screen.findByRole('region', { name: 'Reseñas' });
    // Typed markup shows as the letters typed, never as markup.
    expect(await within(section).findByText('<b>Excelente</b> trabajo')).toBeTruthy();
    expect(section.querySelector('b')).toBeNull();
    expect(within(section).getByText('¡Gracias, Ana!')).toBeTruthy();
    expect(within(section).getByText('Respuesta de Empresa prov-1')).toBeTruthy();
    const bars = within(section).getByRole('list', { name: 'Calificaciones por número de estrellas' });
    expect(within(bars).getAllByRole('listitem').map((li) => li.querySelector('.visually-hidden')!.textContent)).toEqual([
      '5 estrellas: 1 reseña',
      '4 estrellas: 1 reseña',
      '3 estrellas: 0 reseñas',
      '2 estrellas: 1 reseña',
      '1 estrellas: 0 reseñas',
    ]);
    expect(within(section).getByText('3,7')).toBeTruthy();
    expect(within(section).getByText('4 de 5: Muy bueno')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Más reseñas' }));
    expect(await within(section).findByText('Llegó tarde')).toBeTruthy();
    expect(within(section).getByText('Un cliente')).toBeTruthy();
    expect(within(section).getAllByText('<b>Excelente</b> trabajo')).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: 'Más reseñas' })).toBeNull();
    expect(calls.filter((c) => c.path === '/providers/prov-1/reviews').at(-1)!.params.get('cursor')).toBe('next-page');
  });

  it("lets the provider answer a review from their own profile, where visitors only read the reply", async () => {
    const owner = profile({ id: 'prov-1', is_contractor: true });
    let items = [review('r1', { comment: 'Muy bien' })];
    const calls = mockApi({
      'GET /providers/prov-1': () => json(200, signedInAnswer),
      'GET /providers/me': () => json(404, { error: 'x', status: 404, code: 'not_found' }),
      'GET /providers/prov-1/reviews': () => json(200, reviewPage(items)),
      'PUT /reviews/r1/reply': (call) => {
        items = [{ ...items[0]!, reply: { text: (call.body as { text: string }).text, created_at: '2026-10-02T12:00:00Z', updated_at: '2026-10-02T12:00:00Z' } }];
        return json(200, items[0]);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: owner });
    const section = await screen.findByRole('region', { name: 'Reseñas' });
    await user.click(await within(section).findByRole('button', { name: 'Responder' }));
    await user.type(within(section).getByLabelText('Tu respuesta pública'), 'Gracias');
    await user.click(within(section).getByRole('button', { name: 'Publicar respuesta' }));
    expect(await within(section).findByText('Gracias')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Editar respuesta' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ text: 'Gracias' });
  });

  it('says when there are no reviews yet, and offers to try again when they fail to load', async () => {
    let fail = true;
    mockApi({
      'GET /providers/prov-1': () => json(200, detail({ review_count: 0 })),
      'GET /providers/prov-1/reviews': () => (fail ? json(500, { error: 'x', status: 500, code: 'internal_error' }) : json(200, reviewPage([]))),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    const section = await screen.findByRole('region', { name: 'Reseñas' });
    expect(await within(section).findByText('No pudimos cargar las reseñas.', {}, { timeout: 15_000 })).toBeTruthy();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByText(/Aún no hay reseñas/)).toBeTruthy();
  });

  it('the owner gets the edit tabs, moved between by arrow keys, and saves basic info', async () => {
    const owner = profile({ id: 'prov-1', is_contractor: true });
    const calls = mockApi({
      'GET /providers/prov-1': () => json(200, signedInAnswer),
      'GET /providers/me': () => json(200, providerProfile({ id: 'prov-1' })),
      'PATCH /providers/me': () => json(200, {}),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: owner });
    const basic = await screen.findByRole('tab', { name: 'Información básica' });
    expect(basic.getAttribute('aria-selected')).toBe('true');
    const name = await screen.findByLabelText('Nombre de la empresa');
    await user.clear(name);
    await user.type(name, 'Plomería del Oeste');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(calls.some((c) => c.method === 'PATCH' && c.path === '/providers/me')).toBe(true);

    basic.focus();
    // Información básica → Servicios → Precio → Cancelaciones → Redes sociales.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    const social = screen.getByRole('tab', { name: 'Redes sociales' });
    expect(social.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(social);
    expect(screen.getByLabelText('Instagram')).toBeTruthy();
  });

  it('the owner states a rate in the Price tab, checked as the api checks it, and sees it as clients will', async () => {
    const owner = profile({ id: 'prov-1', is_contractor: true });
    const calls = mockApi({
      'GET /providers/prov-1': () => json(200, signedInAnswer),
      'GET /providers/me': () => json(200, providerProfile({ id: 'prov-1', rate: null })),
      'PATCH /providers/me': () => json(200, providerProfile({ id: 'prov-1', rate: { amount_cents: 4550, unit: 'visit', from: true } })),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: owner });
    await user.click(await screen.findByRole('tab', { name: 'Precio' }));
    const amount = await screen.findByLabelText('Tarifa');
    await user.type(amount, '5001');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(screen.getAllByText('Entre $1 y $5,000.').length).toBe(2);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '45.50');
    await user.click(screen.getByRole('radio', { name: 'Por visita' }));
    await user.click(screen.getByRole('checkbox', { name: /precio inicial/ }));
    expect(document.querySelector('.owner-form__preview [data-price]')!.textContent!.replace(/\s+/g, ' ')).toMatch(/^desde \$\s?45\.50 por visita$/);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ rate: { amount_cents: 4550, unit: 'visit', from: true } }));
  });

  // Issue 27, one rate: the dashboard's "Indica tu tarifa en tu perfil" leads to ?edit=rate.
  it('opens the owner straight on the Price tab from ?edit=rate', async () => {
    const owner = profile({ id: 'prov-1', is_contractor: true });
    mockApi({
      'GET /providers/prov-1': () => json(200, signedInAnswer),
      'GET /providers/me': () => json(200, providerProfile({ id: 'prov-1', rate: null })),
    });
    renderAt(<ProviderProfilePage />, '/providers/prov-1?edit=rate', { route: '/providers/:id', user: owner });
    expect((await screen.findByRole('tab', { name: 'Precio' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('Tarifa')).toBeTruthy();
  });

  it('says when a provider does not exist, under the page title, without a pointless retry', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(404, { error: 'x', status: 404, code: 'not_found' }) });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil del proveedor' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Proveedor no encontrado' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});

/** The date `count` days after a yyyy-mm-dd date. */
function plusDays(date: string, count: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + count);
  return next.toISOString().slice(0, 10);
}
