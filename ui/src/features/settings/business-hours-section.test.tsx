import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultBusinessHours } from '@resuelve/contract';
import type { BusinessHours } from '@resuelve/contract';
import { BusinessHoursSection } from './business-hours-section.tsx';
import { apiError, json, mockApi, providerProfile, providerUser, renderSection } from './test-helpers.tsx';
import { expectConsoleError } from '../../../test/console-errors.ts';

afterEach(() => vi.unstubAllGlobals());

function answerHours() {
  return mockApi({
    'GET /providers/me': () => json(200, providerProfile()),
    'PUT /providers/provider-1/business-hours': (call) =>
      json(200, { business_hours: (call.body as { business_hours: BusinessHours }).business_hours, timezone: 'America/Puerto_Rico' }),
  });
}

describe('business hours settings', { timeout: 20_000 }, () => {
  it('closes a day and saves the whole week to the own provider id', async () => {
    const calls = answerHours();
    const user = userEvent.setup({ delay: null });
    renderSection(<BusinessHoursSection />, { user: providerUser });

    const monday = await screen.findByRole('switch', { name: 'Abierto el lunes' });
    expect((monday as HTMLInputElement).checked).toBe(true);
    await user.click(monday);
    expect((monday as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('combobox', { name: 'lunes: abre a las' }) as HTMLSelectElement).disabled).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'sábado: cierra a las' }), '14:30');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Se guardó tu horario de trabajo.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/providers/provider-1/business-hours');
    expect(put?.body).toEqual({
      business_hours: {
        ...defaultBusinessHours,
        monday: { open: false, from: '08:00', to: '17:00' },
        saturday: { open: true, from: '09:00', to: '14:30' },
      },
    });
  });

  it('shows "to" before "from" on that day and sends nothing until fixed', async () => {
    const calls = answerHours();
    const user = userEvent.setup({ delay: null });
    renderSection(<BusinessHoursSection />, { user: providerUser });

    const to = await screen.findByRole('combobox', { name: 'martes: cierra a las' });
    await user.selectOptions(to, '07:45');
    const problem = 'La hora de cierre debe ser después de la hora de apertura.';
    expect(screen.getByText(problem)).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'martes: abre a las' }));

    // Equal times are refused too; a closed day keeps whatever times it had.
    await user.selectOptions(to, '08:00');
    expect(screen.getByText(problem)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Abierto el martes' }));
    expect(screen.queryByText(problem)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Se guardó tu horario de trabajo.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      business_hours: { tuesday: { open: false, from: '08:00', to: '08:00' } },
    });
  });

  it("shows the api's field error on the day it names", async () => {
    mockApi({
      'GET /providers/me': () => json(200, providerProfile()),
      'PUT /providers/provider-1/business-hours': () =>
        apiError(400, 'validation_failed', { 'business_hours.friday': 'out_of_range' }),
    });
    const user = userEvent.setup({ delay: null });
    renderSection(<BusinessHoursSection />, { user: providerUser });
    await user.click(await screen.findByRole('button', { name: 'Guardar cambios' }));

    const friday = screen.getByRole('combobox', { name: 'viernes: abre a las' }).closest('li');
    expect(friday).not.toBeNull();
    expect(await within(friday as HTMLElement).findByText('La hora de cierre debe ser después de la hora de apertura.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Revisa los datos marcados e inténtalo de nuevo.');
  });

  it('offers to try again when the hours cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /providers/me': () => (fail ? apiError(500, 'internal_error') : json(200, providerProfile())),
    });
    const user = userEvent.setup({ delay: null });
    // The failed load reaches the section's error boundary, which React reports.
    expectConsoleError(/The above error occurred in the <BusinessHoursSection> component/);
    renderSection(<BusinessHoursSection />, { user: providerUser });

    expect(await screen.findByText('Esta sección no se pudo mostrar')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('switch', { name: 'Abierto el lunes' })).toBeTruthy();
  });
});
