/**
 * The cancellation policy (issue 28) where a client reads it (the profile, the booking summary)
 * and where the provider sets it (the owner's Cancelaciones tab), in both languages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { providerProfile } from '../../../test/profile-fixtures.ts';
import { BookingSummary } from '../booking/booking-summary.tsx';
import { CancellationPolicyForm } from './owner-cancellation-form.tsx';
import { ProviderProfilePage } from './provider-profile-page.tsx';
import { apiError } from '../../../test/fake-api.ts';
import { detail, json, mockApi, renderAt } from './test-helpers.tsx';

afterEach(async () => {
  await act(() => testI18n.changeLanguage('es'));
});

const draft = { category_id: '1', hours: '2', date: '', slot: '', location_type: 'on_site', location_address: '' };

describe('the cancellation policy a client reads', { timeout: 60_000 }, () => {
  it('is a short line on the public profile, in both languages', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, detail()) });
    const { container } = renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    await screen.findByRole('heading', { level: 1, name: 'Empresa prov-1' });
    const line = () => container.querySelector('.profile-header [data-cancellation-policy]')?.textContent;
    expect(line()).toBe('Cancelación gratis hasta 24 horas antes; después, cargo de $25.');
    await act(() => testI18n.changeLanguage('en'));
    await waitFor(() => expect(line()).toBe('Free cancellation up to 24 hours before; after that, a $25 fee.'));
  });

  it('is in the booking summary before the client confirms: a percent fee, the notice, or always free', () => {
    const provider = { ...detail(), cancellation_policy: { free_hours: 48, fee_kind: 'percent', fee_value: 50, reschedule_notice_hours: 24 } as const };
    const { unmount } = renderAt(<BookingSummary provider={provider} draft={draft} />, '/providers/prov-1/book');
    const summary = screen.getByRole('complementary', { name: 'Tu reserva' });
    expect(within(summary).getByText('Cancelación')).toBeTruthy();
    expect(within(summary).getByText('Cancelación gratis hasta 48 horas antes; después, cargo del 50 % del total. Para pedir otro horario, avisa con 24 horas de anticipación.')).toBeTruthy();
    unmount();
    renderAt(<BookingSummary provider={{ ...provider, cancellation_policy: { free_hours: null, fee_kind: null, fee_value: null, reschedule_notice_hours: 0 } }} draft={draft} />, '/providers/prov-1/book');
    expect(screen.getByText('Cancelación gratis en cualquier momento antes de la cita.')).toBeTruthy();
  });
});

describe("the owner's cancellation policy form", { timeout: 60_000 }, () => {
  it('sets a window and a fixed fee with a preview, and saves the policy', async () => {
    const calls = mockApi({ 'PATCH /providers/me': (call) => json(200, providerProfile(call.body as object)) });
    const user = userEvent.setup({ delay: null });
    renderAt(<CancellationPolicyForm provider={providerProfile()} />, '/providers/provider-1');
    expect(screen.getByText('Cancelación gratis en cualquier momento antes de la cita.')).toBeTruthy();
    expect(screen.queryByLabelText('Cantidad')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Cancelación gratis'), 'Hasta 24 horas antes');
    await user.type(screen.getByLabelText('Cantidad'), '25');
    await user.selectOptions(screen.getByLabelText('Aviso para pedir otro horario'), '12 horas antes');
    expect(screen.getByText('Cancelación gratis hasta 24 horas antes; después, cargo de $25. Para pedir otro horario, avisa con 12 horas de anticipación.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      cancellation_policy: { free_hours: 24, fee_kind: 'fixed', fee_value: 2500, reschedule_notice_hours: 12 },
    });
  });

  it('takes a percent, refuses one out of range before sending, and shows the api refusal', async () => {
    const calls = mockApi({ 'PATCH /providers/me': () => apiError(400, 'validation_failed', { 'cancellation_policy.fee_value': 'out_of_range' }) });
    const user = userEvent.setup({ delay: null });
    renderAt(<CancellationPolicyForm provider={providerProfile()} />, '/providers/provider-1');
    await user.selectOptions(screen.getByLabelText('Cancelación gratis'), 'Hasta 12 horas antes');
    await user.click(screen.getByRole('radio', { name: 'Un porcentaje del total' }));
    const percent = screen.getByLabelText('Porcentaje del total');
    await user.type(percent, '150');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    // The error takes the hint's place (both would say the range).
    expect(screen.getByText('Un número entero del 1 al 100.').className).toBe('field-error');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.clear(percent);
    await user.type(percent, '50');
    expect(screen.getByText('Cancelación gratis hasta 12 horas antes; después, cargo del 50 % del total.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ cancellation_policy: { free_hours: 12, fee_kind: 'percent', fee_value: 50, reschedule_notice_hours: 0 } }));
    await waitFor(() => expect(screen.getByLabelText('Porcentaje del total').getAttribute('aria-invalid')).toBe('true'));
  });

  it('reads in English', async () => {
    await act(() => testI18n.changeLanguage('en'));
    renderAt(<CancellationPolicyForm provider={providerProfile({ cancellation_policy: { free_hours: 2, fee_kind: 'fixed', fee_value: 1050, reschedule_notice_hours: 2 } })} />, '/providers/provider-1');
    expect(screen.getByRole('heading', { name: 'Cancellation policy' })).toBeTruthy();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('10.5');
    expect(screen.getByText("Free cancellation up to 2 hours before; after that, a $10.50 fee. To ask for another time, give 2 hours' notice.")).toBeTruthy();
  });
});
