import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile, renderApp } from './helpers.tsx';
import { fakeApi, validCode } from '../src/features/onboarding/test-api.ts';

vi.setConfig({ testTimeout: 40_000 });
afterEach(() => vi.unstubAllGlobals());

const newcomer = profile({ is_onboarded: false, first_name: null, last_name: null });

function errorOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-error'))?.textContent ?? null;
}

async function stepHeading(name: string) {
  return screen.findByRole('heading', { level: 2, name });
}

describe('client onboarding', () => {
  it('goes through the five steps with errors shown and fixed, saving each step, and lands on the client home', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ profile: newcomer, progress: { account_type: 'client', step: 'personal', data: {} } });
    renderApp('/onboarding', { user: newcomer });

    // 1. Personal details: a birth date under 13 years is refused, then fixed.
    await stepHeading('Datos personales');
    expect(screen.getByText('Paso 1 de 5')).toBeTruthy();
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellidos'), 'Rivera');
    const birth = screen.getByLabelText('Fecha de nacimiento');
    const tooYoung = `${new Date().getFullYear() - 5}-01-15`;
    await user.type(birth, tooYoung);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(errorOf(birth)).toBe('Debes tener al menos 13 años para usar Resuelve.');
    expect(document.activeElement).toBe(birth);
    expect(api.bodies('PUT', '/profiles/me/onboarding')).toEqual([]);
    await user.clear(birth);
    await user.type(birth, '1990-05-04');
    expect(errorOf(birth)).toBeNull(); // follows the typing once touched
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    // 2. Phone: saved progress says where to resume and holds the first step's values.
    await stepHeading('Verifica tu teléfono');
    expect(api.bodies('PUT', '/profiles/me/onboarding').at(-1)).toEqual({
      account_type: 'client',
      step: 'phone',
      data: expect.objectContaining({ personal: { first_name: 'Ana', last_name: 'Rivera', birth_date: '1990-05-04' } }),
    });
    // Next without a verified phone says so.
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect((await screen.findByText('Primero verifica tu número de teléfono.')).getAttribute('role')).toBe('alert');
    await user.type(screen.getByLabelText('Número de teléfono'), '787 555 0123');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    // Once the code is sent, the hint says what is left: entering it, not "verify first".
    const codeField = await screen.findByLabelText('Código de verificación');
    expect(await screen.findByText('Escribe el código que te enviamos por SMS para verificar tu número.')).toBeTruthy();
    expect(screen.queryByText('Primero verifica tu número de teléfono.')).toBeNull();
    await user.type(codeField, validCode);
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await screen.findByText('Tu número +1 (787) 555-0123 está verificado.', { selector: 'p.alert' });
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    // 3. Address: state starts as PR; a 3-digit ZIP is refused, then fixed.
    await stepHeading('Dirección');
    expect((screen.getByLabelText('Estado') as HTMLInputElement).value).toBe('PR');
    expect(screen.getByText('5 o 9 dígitos. Los de Puerto Rico empiezan con 00.')).toBeTruthy();
    await user.type(screen.getByLabelText('Calle y número'), 'Calle Luna 123');
    await user.type(screen.getByLabelText('Ciudad o pueblo'), 'San Juan');
    const zip = screen.getByLabelText('Código postal');
    await user.type(zip, '009');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(errorOf(zip)).toBe('El código postal debe tener 5 o 9 dígitos.');
    expect(document.activeElement).toBe(zip);
    await user.type(zip, '01');
    expect(errorOf(zip)).toBeNull();

    // Back keeps what was typed, on this step and the ones before.
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    await stepHeading('Verifica tu teléfono');
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    await stepHeading('Datos personales');
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Ana');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await stepHeading('Verifica tu teléfono');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await stepHeading('Dirección');
    expect((screen.getByLabelText('Código postal') as HTMLInputElement).value).toBe('00901');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    // 4. Contact preference.
    await stepHeading('Preferencias de contacto');
    expect(api.bodies('PUT', '/profiles/me/onboarding').at(-1)).toMatchObject({
      step: 'contact',
      data: { address: { address: 'Calle Luna 123', city: 'San Juan', state: 'PR', zip_code: '00901' } },
    });
    await user.click(screen.getByRole('radio', { name: /Mensaje de texto/ }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    // 5. Interests from the categories marked as interests, then finish.
    await stepHeading('Servicios que te interesan');
    expect(screen.queryByRole('checkbox', { name: 'Fotografía' })).toBeNull();
    await user.click(await screen.findByRole('checkbox', { name: 'Plomería' }));
    await user.click(screen.getByRole('button', { name: 'Terminar' }));

    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    expect(api.bodies('PATCH', '/profiles/me/client')).toEqual([
      {
        first_name: 'Ana',
        last_name: 'Rivera',
        birth_date: '1990-05-04',
        address: 'Calle Luna 123',
        city: 'San Juan',
        state: 'PR',
        zip_code: '00901',
        preferred_contact: 'sms',
        interested_services: ['plumbing'],
        complete_onboarding: true,
      },
    ]);
    const finished = api.calls.findIndex((c) => c.method === 'PATCH');
    expect(api.calls.slice(finished).some((c) => c.method === 'GET' && c.path === '/profiles/me')).toBe(true);
  });

  it('restores the saved step and values after a reload', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      profile: newcomer,
      phoneVerified: true,
      progress: {
        account_type: 'client',
        step: 'address',
        data: {
          personal: { first_name: 'Luis', last_name: 'Ortiz', birth_date: '1985-02-03' },
          address: { address: 'Calle Sol 4', city: 'Ponce', state: 'PR', zip_code: '' },
        },
      },
    });
    renderApp('/onboarding', { user: newcomer });
    await stepHeading('Dirección');
    expect(screen.getByText('Paso 3 de 5')).toBeTruthy();
    expect((screen.getByLabelText('Ciudad o pueblo') as HTMLInputElement).value).toBe('Ponce');
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    // The phone was verified before: the step says so.
    await screen.findByText('Tu número +1 (787) 555-0123 está verificado.', { selector: 'p.alert' });
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    await stepHeading('Datos personales');
    expect((screen.getByLabelText('Apellidos') as HTMLInputElement).value).toBe('Ortiz');
  });

  it('shows the api field errors on the step that owns them', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      profile: newcomer,
      phoneVerified: true,
      progress: {
        account_type: 'client',
        step: 'interests',
        data: {
          personal: { first_name: 'Ana', last_name: 'Rivera', birth_date: '1990-05-04' },
          address: { address: 'Calle Luna 123', city: 'San Juan', state: 'PR', zip_code: '00901' },
        },
      },
      overrides: {
        'PATCH /profiles/me/client': () =>
          new Response(JSON.stringify({ error: 'x', status: 400, code: 'validation_failed', details: { city: 'invalid_city' } }), {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          }),
      },
    });
    renderApp('/onboarding', { user: newcomer });
    await stepHeading('Servicios que te interesan');
    await screen.findByRole('checkbox', { name: 'Plomería' });
    await user.click(screen.getByRole('button', { name: 'Terminar' }));
    await stepHeading('Dirección');
    const city = screen.getByLabelText('Ciudad o pueblo');
    await waitFor(() => expect(errorOf(city)).toBe('La ciudad contiene caracteres no válidos.'));
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain('Revisa los datos marcados e inténtalo de nuevo.');
    await user.type(city, 'x');
    expect(errorOf(city)).toBeNull();
    expect(within(document.body).queryByText('Paso 5 de 5')).toBeNull();
  });

  it('leads back to the phone step when finishing needs a verified phone', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      profile: newcomer,
      progress: {
        account_type: 'client',
        step: 'interests',
        data: { phone: { phone_number: '787 555 01', verified: false } },
      },
    });
    renderApp('/onboarding', { user: newcomer });
    await screen.findByRole('checkbox', { name: 'Plomería' });
    await user.click(screen.getByRole('button', { name: 'Terminar' }));
    await stepHeading('Verifica tu teléfono');
    expect((await screen.findByText('Primero verifica tu número de teléfono.')).getAttribute('role')).toBe('alert');
    expect(api.bodies('PATCH', '/profiles/me/client')).toHaveLength(1);
    // The number typed before is still there.
    const phone = screen.getByLabelText('Número de teléfono') as HTMLInputElement;
    expect(phone.value).toBe('787 555 01');
  });
});
