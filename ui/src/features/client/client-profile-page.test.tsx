import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientProfile, Profile } from '@resuelve/contract';
import { useSession } from '../../lib/session-store.ts';
import { apiError, clientProfile, clientUser, json, mockApi, renderSignedIn } from '../settings/test-helpers.tsx';
import { ClientProfilePage } from './client-profile-page.tsx';
import { expectConsoleError } from '../../../test/console-errors.ts';

afterEach(() => vi.unstubAllGlobals());

const categories = [
  { id: 1, slug: 'plumbing', name: 'Plomería', group: 'home', is_interest: true },
  { id: 5, slug: 'cleaning', name: 'Limpieza', group: 'home', is_interest: true },
  { id: 9, slug: 'photography', name: 'Fotografía', group: 'events', is_interest: false },
];

const loyalty = {
  points: 350,
  tier_points: 350,
  tier: 'bronze',
  next_tier: 'silver',
  points_to_next_tier: 150,
  ledger: {
    items: [
      { id: 'e2', reason: 'review', points: 50, job_id: 'j1', job_title: 'Reparar tubería', created_at: '2026-11-20T12:00:00Z' },
      { id: 'e1', reason: 'first_booking', points: 200, job_id: 'j1', job_title: 'Reparar tubería', created_at: '2026-11-19T12:00:00Z' },
      { id: 'e0', reason: 'job_completed', points: 100, job_id: 'j1', job_title: 'Reparar tubería', created_at: '2026-11-19T12:00:00Z' },
    ],
    next_cursor: null,
  },
};

function answer(overrides: Parameters<typeof mockApi>[0] = {}) {
  let client = clientProfile();
  return mockApi({
    'GET /profiles/me/client': () => json(200, client),
    'GET /categories': () => json(200, { items: categories }),
    'GET /loyalty/me': () => json(200, loyalty),
    'PATCH /profiles/me': (call) => {
      const names = call.body as Pick<Profile, 'first_name' | 'last_name'>;
      client = { ...client, ...names };
      return json(200, { ...clientUser, ...names });
    },
    'PATCH /profiles/me/client': (call) => {
      client = { ...client, ...(call.body as Partial<ClientProfile>) };
      return json(200, client);
    },
    ...overrides,
  });
}

const renderPage = () => renderSignedIn(<ClientProfilePage />, { user: clientUser, path: '/client/profile' });

describe('client profile page', { timeout: 20_000 }, () => {
  it('shows the name, contact, address, interests and a picture placeholder', async () => {
    answer();
    renderPage();

    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Rivera' })).toBeTruthy();
    expect(screen.getByText('ana@example.pr')).toBeTruthy();
    expect(screen.getByText('+1 (787) 555-0123')).toBeTruthy();
    expect(screen.getByText('Correo electrónico', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText(/Calle Luna 12/).textContent).toContain('San Juan, PR 00901');
    expect(await screen.findByText('Plomería', { selector: 'li' })).toBeTruthy();
    expect(screen.getByText('AR')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configuración' }).getAttribute('href')).toBe('/client/settings');
  });

  it('shows the loyalty balance, tier, progress to the next tier and the whole ledger', async () => {
    answer();
    renderPage();
    const card = await screen.findByTestId('loyalty-card');
    expect(await within(card).findByText('350')).toBeTruthy();
    expect(within(card).getByText('Nivel Bronce')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Progreso hacia Plata' }).getAttribute('aria-valuenow')).toBe('70');
    expect(within(card).getByText('Te faltan 150 puntos para Plata')).toBeTruthy();
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Reseña publicada · Reparar tubería · .*\+50$/),
      expect.stringMatching(/^Bono de primera reserva.*\+200$/),
      expect.stringMatching(/^Trabajo completado.*\+100$/),
    ]);
  });

  it('edits names, address, contact and interests, saving names on the account and the rest on the client profile', async () => {
    const calls = answer();
    const user = userEvent.setup({ delay: null });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    const first = screen.getByLabelText('Nombre');
    expect(document.activeElement).toBe(first);
    await user.type(screen.getByLabelText('Apellidos'), ' Soto');
    await user.clear(screen.getByLabelText('Ciudad o pueblo'));
    await user.type(screen.getByLabelText('Ciudad o pueblo'), 'Ponce');
    await user.click(screen.getByRole('radio', { name: 'Mensaje de texto (SMS)' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Limpieza' }));
    expect(screen.queryByRole('checkbox', { name: 'Fotografía' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Rivera Soto' })).toBeTruthy();
    expect(screen.getByText('Se guardó tu perfil.')).toBeTruthy();
    const changes = calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body]);
    expect(changes).toEqual([
      ['/profiles/me', { first_name: 'Ana', last_name: 'Rivera Soto' }],
      [
        '/profiles/me/client',
        {
          address: 'Calle Luna 12',
          city: 'Ponce',
          state: 'PR',
          zip_code: '00901',
          preferred_contact: 'sms',
          interested_services: ['plumbing', 'cleaning'],
        },
      ],
    ]);
    expect(useSession.getState().user?.last_name).toBe('Rivera Soto');
    expect(screen.getByText('Limpieza', { selector: 'li' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar perfil' }));
  });

  it("checks the form with contract's rules and shows the api's field errors", async () => {
    const calls = answer({ 'PATCH /profiles/me/client': () => apiError(400, 'validation_failed', { zip_code: 'invalid_zip' }) });
    const user = userEvent.setup({ delay: null });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    await user.type(screen.getByLabelText('Nombre'), '2');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(screen.getByText('Usa solo letras, espacios, guiones y apóstrofes.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(screen.getByLabelText('Nombre'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(await screen.findByText('El código postal debe tener 5 o 9 dígitos.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Revisa los datos marcados e inténtalo de nuevo.');
    // Unchanged names are not sent again.
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual(['/profiles/me/client']);
  });

  it('changes the picture by upload, and refuses a file that is not an image before sending it', async () => {
    const calls = answer({
      'POST /uploads/profile-image': () => json(201, { url: '/api/v1/uploads/avatars/new-512.webp', path: 'avatars/new-512.webp' }),
    });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderPage();

    const input = (await screen.findByLabelText('Añadir una foto')) as HTMLInputElement;
    await user.upload(input, new File(['hola'], 'notas.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Elige un archivo de imagen (JPG, PNG, WebP…).');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.upload(input, new File([new Uint8Array(64)], 'yo.png', { type: 'image/png' }));
    const picture = await screen.findByRole('img', { name: 'Tu foto de perfil' });
    expect(picture.getAttribute('src')).toBe('/api/v1/uploads/avatars/new-512.webp');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/uploads/profile-image']);
    expect(useSession.getState().user?.avatar_url).toBe('/api/v1/uploads/avatars/new-512.webp');
    expect(screen.getByLabelText('Cambiar foto')).toBeTruthy();
  });

  it("says the server's picture refusal", async () => {
    answer({ 'POST /uploads/profile-image': () => apiError(415, 'file_type_not_supported') });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.upload(await screen.findByLabelText('Añadir una foto'), new File(['x'], 'falsa.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Elige un archivo de imagen (JPG, PNG, WebP…).');
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    let fail = true;
    answer({ 'GET /profiles/me/client': () => (fail ? apiError(500, 'internal_error') : json(200, clientProfile())) });
    // The failed load reaches the page's error boundary, which React reports.
    expectConsoleError(/The above error occurred in the <ClientProfileContent> component/);
    const user = userEvent.setup({ delay: null });
    renderPage();

    const fallback = await screen.findByRole('alert');
    expect(within(fallback).getByText('Esta sección no se pudo mostrar')).toBeTruthy();
    fail = false;
    await user.click(within(fallback).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Rivera' })).toBeTruthy();
  });

  it('says when the list of interests cannot be loaded, and keeps the saved ones', async () => {
    let fail = true;
    const calls = answer({ 'GET /categories': () => (fail ? apiError(503, 'service_unavailable') : json(200, { items: categories })) });
    const user = userEvent.setup({ delay: null });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    expect(await screen.findByText(/No pudimos cargar la lista de servicios/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('checkbox', { name: 'Plomería' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/categories').length).toBe(2);
  });
});
