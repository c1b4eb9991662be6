/**
 * The client's cancel dialog under a cancellation policy (issue 28): it shows what cancelling now
 * costs before the client confirms, sends the fee they saw, and when the fee changed meanwhile it
 * says so and shows the new fee; the job page then lists the recorded fee.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CancellationPreview } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { Job } from '../../entities/job/api.ts';
import { ClientJobPage } from './job-detail-page.tsx';

const categories = () => json(200, { items: [{ id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' }] });
const policy = { free_hours: 24, fee_kind: 'fixed', fee_value: 2500, reschedule_notice_hours: 12 } as const;
const preview = (fee: number, freeUntil = '2030-01-09T13:00:00.000Z'): CancellationPreview => ({ fee_cents: fee, free_until: freeUntil, base_cents: 13000, policy });

function renderDetail(answer: () => Job, routes: Record<string, Parameters<typeof mockApi>[0][string]>) {
  const calls = mockApi({ 'GET /jobs/job-1': () => json(200, answer()), 'GET /categories': categories, ...routes });
  renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
  return calls;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => testI18n.changeLanguage('es'));
});

describe("the client's cancel dialog", { timeout: 60_000 }, () => {
  it('shows the fee before confirming, sends the fee seen, and the job then shows the recorded fee', async () => {
    let current = job();
    const calls = renderDetail(() => current, {
      'GET /jobs/job-1/cancellation': () => json(200, preview(2500)),
      'PATCH /jobs/job-1': () => {
        current = job({ status: 'cancelled_by_client', allowed_actions: [], fee_cents: 2500, fee_kind: 'late_cancellation' });
        return json(200, current);
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cancelar trabajo' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Cancelar ahora tiene un cargo de $25.')).toBeTruthy();
    expect(within(dialog).getByText('Cancelación gratis hasta 24 horas antes; después, cargo de $25. Para pedir otro horario, avisa con 12 horas de anticipación.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar y aceptar el cargo de $25' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ action: 'cancel', expected_fee_cents: 2500 });

    const service = await screen.findByRole('region', { name: 'Detalles del servicio' });
    await waitFor(() => expect(within(service).getByText('Cargo por cancelación', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$25 (Anotado en la cita; Resuelve no lo cobra.)'));
  });

  it('says when cancelling is free, and until when', async () => {
    const calls = renderDetail(() => job(), { 'GET /jobs/job-1/cancellation': () => json(200, preview(0, '2030-01-09T13:00:00.000Z')), 'PATCH /jobs/job-1': () => json(200, job()) });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cancelar trabajo' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/^Cancelar ahora es gratis\. Desde el mié, 9 ene.*9:00.*cancelar tendría cargo\.$/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la cita' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ action: 'cancel', expected_fee_cents: 0 }));
  });

  it('tells the client the fee changed and shows the new fee, without cancelling', async () => {
    let fee = 0;
    renderDetail(() => job(), {
      'GET /jobs/job-1/cancellation': () => json(200, preview(fee)),
      'PATCH /jobs/job-1': () => {
        fee = 2500;
        return apiError(409, 'cancellation_fee_changed', { fee_cents: '2500' });
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cancelar trabajo' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/^Cancelar ahora es gratis/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la cita' }));
    expect(await within(dialog).findByText('El cargo por cancelación cambió desde que lo viste. Revisa el cargo nuevo antes de cancelar.')).toBeTruthy();
    expect(await within(dialog).findByText('Cancelar ahora tiene un cargo de $25.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancelar y aceptar el cargo de $25' })).toBeTruthy();
  });

  it('reads in English too, and waits for the fee before it lets the client confirm', async () => {
    await act(() => testI18n.changeLanguage('en'));
    let answer: (value: Response) => void = () => {};
    renderDetail(() => job(), { 'GET /jobs/job-1/cancellation': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cancel job' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Checking the cancellation fee…')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Cancel the appointment' }) as HTMLButtonElement).disabled).toBe(true);
    answer(json(200, preview(2500)));
    expect(await within(dialog).findByText('Cancelling now has a $25 fee.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Cancel and accept the $25 fee' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says when it is too late to ask for another time under the provider's notice", async () => {
    renderDetail(() => job(), { 'PATCH /jobs/job-1': () => apiError(409, 'reschedule_too_late') });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Pedir un cambio' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Explicación'), 'Necesito otra hora, por favor');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('Ya es tarde para pedir otra hora: este proveedor pide más aviso. Escríbele o cancela la cita.')).toBeTruthy();
  });
});
