import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientProfile } from '@resuelve/contract';
import { AddressContactSection } from './address-contact-section.tsx';
import { apiError, clientProfile, json, mockApi, renderSection } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

function answer(patch: Parameters<typeof mockApi>[0][string] = (call) => json(200, { ...clientProfile(), ...(call.body as Partial<ClientProfile>) })) {
  return mockApi({ 'GET /profiles/me/client': () => json(200, clientProfile()), 'PATCH /profiles/me/client': patch });
}

const save = () => screen.getByRole('button', { name: 'Guardar cambios' });

describe('client address and contact settings', { timeout: 20_000 }, () => {
  it('starts from the saved profile and saves the changed address and contact method', async () => {
    const calls = answer();
    const user = userEvent.setup({ delay: null });
    renderSection(<AddressContactSection />);

    const city = (await screen.findByLabelText('Ciudad o pueblo')) as HTMLInputElement;
    expect(city.value).toBe('San Juan');
    await user.clear(city);
    await user.type(city, 'Mayagüez');
    await user.clear(screen.getByLabelText('Código postal'));
    await user.type(screen.getByLabelText('Código postal'), '00680');
    await user.click(screen.getByRole('radio', { name: 'Mensaje de texto (SMS)' }));
    await user.click(save());

    expect(await screen.findByText('Se guardaron tu dirección y tus preferencias de contacto.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      address: 'Calle Luna 12',
      city: 'Mayagüez',
      state: 'PR',
      zip_code: '00680',
      preferred_contact: 'sms',
    });
  });

  it("checks each field with contract's rules as the person leaves it, and sends nothing while one fails", async () => {
    const calls = answer();
    const user = userEvent.setup({ delay: null });
    renderSection(<AddressContactSection />);

    const zip = await screen.findByLabelText('Código postal');
    await user.clear(zip);
    await user.type(zip, '0090');
    await user.tab();
    expect(screen.getByText('El código postal debe tener 5 o 9 dígitos.')).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');

    const state = screen.getByLabelText('Estado') as HTMLInputElement;
    await user.clear(state);
    await user.type(state, 'xx');
    expect(state.value).toBe('XX');
    await user.clear(screen.getByLabelText('Dirección'));
    await user.click(save());

    expect(screen.getByText('Usa el código de 2 letras del estado (por ejemplo, PR).')).toBeTruthy();
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy();
    // Focus goes to the first field that needs attention.
    expect(document.activeElement).toBe(screen.getByLabelText('Dirección'));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('warns, without refusing, about a valid ZIP that is not from Puerto Rico', async () => {
    answer();
    const user = userEvent.setup({ delay: null });
    renderSection(<AddressContactSection />);
    const zip = await screen.findByLabelText('Código postal');
    await user.clear(zip);
    await user.type(zip, '10001');
    expect(screen.getByText('Los códigos postales de Puerto Rico empiezan con 00. Verifica que sea correcto.')).toBeTruthy();
  });

  it("shows the api's field errors (details) next to their fields", async () => {
    answer(() => apiError(400, 'validation_failed', { city: 'invalid_city', zip_code: 'invalid_zip' }));
    const user = userEvent.setup({ delay: null });
    renderSection(<AddressContactSection />);
    await user.click(await screen.findByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('La ciudad contiene caracteres no válidos.')).toBeTruthy();
    expect(screen.getByText('El código postal debe tener 5 o 9 dígitos.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Revisa los datos marcados e inténtalo de nuevo.');
    expect(document.activeElement).toBe(screen.getByLabelText('Ciudad o pueblo'));

    // The server's error leaves as soon as the field changes.
    await user.type(screen.getByLabelText('Ciudad o pueblo'), 'x');
    expect(screen.queryByText('La ciudad contiene caracteres no válidos.')).toBeNull();
  });

  it('says what went wrong when the server cannot save', async () => {
    answer(() => apiError(503, 'service_unavailable'));
    const user = userEvent.setup({ delay: null });
    renderSection(<AddressContactSection />);
    await user.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El servicio no está disponible en este momento.');
  });
});
