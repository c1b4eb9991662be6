import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { profile } from '../../../test/helpers.tsx';
import { followBookingQueue, useBookingQueue } from '../../entities/job/booking-queue.ts';
import { useSession } from '../../lib/session-store.ts';
import { BookingPage } from './booking-page.tsx';

const tz = 'America/Puerto_Rico';
const provider = { id: 'prov-1', company_name: 'Plomería Luis', profile_picture_url: null, categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }], timezone: tz };
const days = [{ date: '2030-01-10', duration: 60, timezone: tz, slots: [{ start: '2030-01-10T14:00:00.000Z', end: '2030-01-10T15:00:00.000Z' }], reason: null }];

function bookingApi() {
  return mockApi({
    'GET /providers/prov-1': () => json(200, provider),
    'GET /providers/prov-1/availability/days': () => json(200, { items: days }),
    'GET /providers/prov-1/availability': () => json(200, days[0]),
    'POST /jobs': () => json(201, job({ id: 'job-7', status: 'pending' })),
  });
}

/** The form filled and the connection gone just before "Request the booking". */
async function submitOffline() {
  const user = userEvent.setup({ delay: null });
  renderScreen(<BookingPage />, '/providers/prov-1/book', { route: '/providers/:id/book' });
  await screen.findByRole('heading', { level: 1, name: 'Reservar con Plomería Luis' });
  await user.click(await screen.findByRole('radio', { name: /jue, 10 ene/ }));
  await user.click(await screen.findByRole('radio', { name: '10:00 a. m.' }));
  act(() => onlineManager.setOnline(false));
  await user.click(screen.getByRole('button', { name: 'Solicitar la reserva' }));
  return user;
}

beforeEach(() => {
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user: profile({ id: 'client-1' }), restoreFailed: false, signedOutByUser: false });
  useBookingQueue.setState({ items: [], sent: {} });
});

afterEach(() => {
  act(() => onlineManager.setOnline(true));
  localStorage.clear();
});

describe('booking offline', { timeout: 60_000 }, () => {
  it('says the request waits for the connection instead of "Enviando…", sends nothing, and cancels it', async () => {
    const calls = bookingApi();
    const user = await submitOffline();
    expect(await screen.findByText(/Sin conexión: tu solicitud a Plomería Luis espera/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviando…' })).toBeNull();
    expect(useBookingQueue.getState().items.map((item) => item.booking.title)).toEqual(['Plomería con Plomería Luis']);
    await user.click(screen.getByRole('button', { name: 'Cancelar la solicitud' }));
    expect(useBookingQueue.getState().items).toEqual([]);
    // A moment for anything the reconnection would send (the screen refetches meanwhile, inside act).
    await act(async () => {
      onlineManager.setOnline(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends it once the connection returns, with the key made at submit, and opens the job', async () => {
    const calls = bookingApi();
    const stop = followBookingQueue({ sent: () => undefined, failed: () => undefined });
    await submitOffline();
    const key = useBookingQueue.getState().items[0]!.idempotencyKey;
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/client/jobs/job-7'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((post) => post.headers.get('Idempotency-Key'))).toEqual([key]);
    stop();
  });
});
