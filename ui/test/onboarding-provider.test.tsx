import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile, renderApp } from './helpers.tsx';
import { apiError, fakeApi } from '../src/features/onboarding/test-api.ts';

vi.setConfig({ testTimeout: 40_000 });
afterEach(() => vi.unstubAllGlobals());

const newcomer = profile({ is_onboarded: false });

function errorOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-error'))?.textContent ?? null;
}

// jsdom has no CSS.escape, which user-event uses to walk a radio group with the arrow keys.
beforeAll(() => {
  if (!window.CSS?.escape) Object.assign(window, { CSS: { ...window.CSS, escape: (value: string) => value.replace(/["\\]/g, '\\$&') } });
});

describe('account type', () => {
  it('is required, is chosen with the keyboard, and starts that type’s steps', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ profile: newcomer });
    renderApp('/onboarding', { user: newcomer });
    await screen.findByRole('group', { name: '¿Cómo usarás Resuelve?' });

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Elige un tipo de cuenta para continuar.');
    const client = screen.getByRole('radio', { name: /Busco servicios/ });
    expect(document.activeElement).toBe(client);
    expect(api.bodies('PUT', '/profiles/me/onboarding')).toEqual([]);

    // Arrow keys move between the two choices, like any radio group.
    await user.keyboard('{ArrowDown}');
    expect((screen.getByRole('radio', { name: /Ofrezco servicios/ }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{Enter}');

    await screen.findByRole('heading', { level: 2, name: 'Tu empresa' });
    expect(screen.getByText('Paso 1 de 6')).toBeTruthy();
    expect(api.bodies('PUT', '/profiles/me/onboarding')).toEqual([{ account_type: 'provider', step: 'company', data: {} }]);

    // Back from the first step offers the choice again, with the current one selected.
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(((await screen.findByRole('radio', { name: /Ofrezco servicios/ })) as HTMLInputElement).checked).toBe(true);
  });
});

describe('provider onboarding', () => {
  it('checks the company step: name 2 to 100 characters, EIN exactly 9 digits, years of experience', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ profile: newcomer, progress: { account_type: 'provider', step: 'company', data: {} } });
    renderApp('/onboarding', { user: newcomer });
    await screen.findByRole('heading', { level: 2, name: 'Tu empresa' });

    const name = screen.getByLabelText('Nombre de la empresa');
    const ein = screen.getByLabelText('EIN (número de identificación patronal)');
    const years = screen.getByLabelText('Años de experiencia');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(errorOf(name)).toBe('Este campo es obligatorio.');
    expect(errorOf(ein)).toBe('Este campo es obligatorio.');
    expect(document.activeElement).toBe(name);

    await user.type(name, 'A');
    expect(errorOf(name)).toBe('El nombre debe tener entre 2 y 100 caracteres.');
    await user.type(name, 'B');
    expect(errorOf(name)).toBeNull();
    // 101 characters (the field's maxlength stops typing, so the value is set as pasted text would be).
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    expect(errorOf(name)).toBe('El nombre debe tener entre 2 y 100 caracteres.');
    fireEvent.change(name, { target: { value: 'Plomería Rivera' } });

    await user.type(ein, '12345678');
    expect(errorOf(ein)).toBe('El EIN debe tener exactamente 9 dígitos.');
    await user.type(ein, '9');
    expect(errorOf(ein)).toBeNull();
    await user.clear(ein);
    await user.type(ein, '12-3456789');
    expect(errorOf(ein)).toBeNull();
    await user.type(ein, '0');
    expect(errorOf(ein)).toBe('El EIN debe tener exactamente 9 dígitos.');
    await user.type(ein, '{Backspace}');

    await user.type(years, '-1');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(errorOf(years)).toBe('Escribe un número entero entre 0 y 80.');
    expect(document.activeElement).toBe(years);
    await user.clear(years);
    await user.type(years, '12');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    await screen.findByRole('heading', { level: 2, name: 'Foto de perfil' });
    expect(api.bodies('PUT', '/profiles/me/onboarding').at(-1)).toMatchObject({
      account_type: 'provider',
      step: 'picture',
      data: { company: { company_name: 'Plomería Rivera', ein: '12-3456789', years_experience: '12' } },
    });
    // The picture step may be skipped.
    expect(screen.getByRole('button', { name: 'Omitir por ahora' })).toBeTruthy();
  });

  it('refuses a picture that is not an image or too large, and shows an uploaded one', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const api = fakeApi({ profile: newcomer, progress: { account_type: 'provider', step: 'picture', data: {} } });
    renderApp('/onboarding', { user: newcomer });
    await screen.findByRole('heading', { level: 2, name: 'Foto de perfil' });
    const input = screen.getByLabelText('Elegir una foto');

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toContain('no es una imagen compatible');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect((await screen.findByRole('alert')).textContent).toContain('La foto pesa demasiado');
    expect(api.calls.filter((c) => c.path === '/uploads/profile-image')).toEqual([]);

    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await screen.findByText('Foto guardada.', { selector: '.onb-picture__done' });
    expect(screen.getByRole('img', { name: 'Tu foto de perfil' }).getAttribute('src')).toBe('/api/v1/uploads/profile/pic-512.webp');
    expect(api.calls.filter((c) => c.path === '/uploads/profile-image')[0]?.body).toBeInstanceOf(FormData);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
  });

  it('shows the server refusing a picture by its code', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      profile: newcomer,
      progress: { account_type: 'provider', step: 'picture', data: {} },
      overrides: { 'POST /uploads/profile-image': () => apiError(415, 'file_type_not_supported') },
    });
    renderApp('/onboarding', { user: newcomer });
    await screen.findByRole('heading', { level: 2, name: 'Foto de perfil' });
    await user.upload(screen.getByLabelText('Elegir una foto'), new File(['text'], 'fake.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toContain('no es una imagen compatible');
  });

  it('asks for no insured tick: the services step says the badge comes from an approved certificate', async () => {
    fakeApi({ profile: newcomer, phoneVerified: true, progress: { account_type: 'provider', step: 'services', data: {} } });
    renderApp('/onboarding', { user: newcomer });
    await screen.findByRole('heading', { level: 2, name: 'Servicios y seguro' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('Detalles del seguro')).toBeNull();
    expect(screen.getByText(/cuando aprobamos tu certificado de seguro vigente/)).toBeTruthy();
  });

  it('finishes with the provider and its services (an old saved insured tick not sent), then lands on the provider dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      profile: newcomer,
      phoneVerified: true,
      progress: {
        account_type: 'provider',
        step: 'socials',
        data: {
          company: { company_name: 'Plomería Rivera', ein: '12-3456789', years_experience: '12' },
          business: { business_address: 'Calle Luna 123', city: 'San Juan', state: 'PR', zip_code: '00901', website_url: '', company_description: '' },
          services: { category_ids: [1, 20], insured: true, insurance_details: 'Triple-S' },
        },
      },
    });
    renderApp('/onboarding', { user: newcomer });
    await screen.findByRole('heading', { level: 2, name: 'Redes sociales' });
    await user.type(screen.getByLabelText(/Instagram/), '@plomeriarivera');
    await user.click(screen.getByRole('button', { name: 'Terminar' }));
    await screen.findByRole('heading', { level: 1, name: 'Panel del proveedor' });
    expect(api.bodies('POST', '/providers/complete-onboarding')).toEqual([
      {
        provider: {
          company_name: 'Plomería Rivera',
          ein: '12-3456789',
          years_experience: 12,
          business_address: 'Calle Luna 123',
          city: 'San Juan',
          state: 'PR',
          zip_code: '00901',
          social_media: { instagram: '@plomeriarivera' },
        },
        serviceCategories: [1, 20],
      },
    ]);
  });

  it('leads back to the company step when the api refuses the EIN', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      profile: newcomer,
      phoneVerified: true,
      progress: {
        account_type: 'provider',
        step: 'socials',
        data: { company: { company_name: 'Plomería Rivera', ein: '123456789', years_experience: '3' } },
      },
      overrides: {
        'POST /providers/complete-onboarding': () => apiError(400, 'validation_failed', { 'provider.ein': 'invalid_ein' }),
      },
    });
    renderApp('/onboarding', { user: newcomer });
    await screen.findByRole('heading', { level: 2, name: 'Redes sociales' });
    await user.click(screen.getByRole('button', { name: 'Terminar' }));
    await screen.findByRole('heading', { level: 2, name: 'Tu empresa' });
    expect(errorOf(screen.getByLabelText('EIN (número de identificación patronal)'))).toBe('El EIN debe tener exactamente 9 dígitos.');
  });
});
