import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SlotAlert } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { DayAvailability } from '../../entities/availability/api.ts';
import { BookingPage } from './booking-page.tsx';

const tz = 'America/Puerto_Rico';
const provider = { id: 'prov-1', company_name: 'Plomería Luis', profile_picture_url: null, categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }], timezone: tz };

function day(date: string, starts: string[], reason: DayAvailability['reason'] = null): DayAvailability {
  return { date, duration: 60, timezone: tz, slots: starts.map((start) => ({ start: `${date}T${start}:00.000Z`, end: `${date}T${start}:00.000Z` })), reason };
}

// 2030-01-09 (a Wednesday) is full; the 13th a Sunday (closed: nothing to wait for).
const days = [day('2030-01-09', [], 'fully_booked'), day('2030-01-10', ['13:00']), day('2030-01-13', [], 'closed_weekday')];

const alert = (overrides: Partial<SlotAlert> = {}): SlotAlert => ({
  id: 'alert-1',
  provider_id: 'prov-1',
  provider_name: 'Plomería Luis',
  date: '2030-01-09',
  duration_minutes: 60,
  status: 'waiting',
  created_at: '2030-01-01T12:00:00.000Z',
  notified_at: null,
  ...overrides,
});

function offerApi(alerts: () => SlotAlert[], more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /providers/prov-1': () => json(200, provider),
    'GET /providers/prov-1/availability/days': () => json(200, { items: days }),
    'GET /providers/prov-1/availability': (call) => json(200, days.find((d) => d.date === call.params.get('date'))),
    'GET /slot-alerts': () => json(200, { items: alerts() }),
    ...more,
  });
}

const renderBooking = (path = '/providers/prov-1/book') => renderScreen(<BookingPage />, path, { route: '/providers/:id/book' });

afterEach(async () => {
  await act(() => testI18n.changeLanguage('es'));
});

describe('earlier-slot alerts on the booking page', { timeout: 60_000 }, () => {
  it('offers a full day (not a closed one) and asks for its alert with the chosen length', async () => {
    let saved: SlotAlert[] = [];
    const calls = offerApi(() => saved, {
      'POST /slot-alerts': () => {
        saved = [alert()];
        return json(201, saved[0]);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    const ask = () => screen.findByRole('button', { name: 'Avísame si se libera un horario el miércoles, 9 de enero' });
    await ask();
    // The page settled (the chosen day's free times listed) before the click: a button drawn again
    // meanwhile would take the click as a detached element on a busy machine, asking nothing.
    await screen.findByText(/^Horarios libres del /);
    expect(screen.queryByRole('button', { name: /13 de enero/ })).toBeNull();
    await user.click(await ask());
    await waitFor(() => expect(screen.getAllByText('Te avisaremos si se libera un horario el miércoles, 9 de enero.').length).toBeGreaterThan(0));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ provider_id: 'prov-1', date: '2030-01-09', duration_minutes: 60 });
  });

  it('says a time freed and cancels the alert', async () => {
    let saved = [alert({ status: 'freed', notified_at: '2030-01-02T12:00:00.000Z' })];
    const calls = offerApi(() => saved, {
      'DELETE /slot-alerts/alert-1': () => {
        saved = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    expect(await screen.findByText('¡Se liberó un horario el miércoles, 9 de enero! El primero en reservar lo obtiene.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancelar el aviso del miércoles, 9 de enero' }));
    expect(await screen.findByRole('button', { name: 'Avísame si se libera un horario el miércoles, 9 de enero' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/slot-alerts/alert-1')).toBe(true);
  });

  it('chooses a freed day that is open again with "Elegir ese día"', async () => {
    const freedDays = [day('2030-01-09', ['13:00']), day('2030-01-10', ['13:00'])];
    mockApi({
      'GET /providers/prov-1': () => json(200, provider),
      'GET /providers/prov-1/availability/days': () => json(200, { items: freedDays }),
      'GET /providers/prov-1/availability': (call) => json(200, freedDays.find((d) => d.date === call.params.get('date'))),
      'GET /slot-alerts': () => json(200, { items: [alert({ status: 'freed', notified_at: '2030-01-02T12:00:00.000Z' })] }),
    });
    const user = userEvent.setup({ delay: null });
    renderBooking('/providers/prov-1/book?date=2030-01-10');
    await user.click(await screen.findByRole('button', { name: 'Elegir ese día' }));
    await waitFor(() => expect((screen.getByRole('radio', { name: /mié, 9 ene/ }) as HTMLInputElement).checked).toBe(true));
  });

  it('speaks English and opens on the day a freed time links to', async () => {
    await act(() => testI18n.changeLanguage('en'));
    offerApi(() => [alert()]);
    renderBooking('/providers/prov-1/book?date=2030-01-10');
    expect(await screen.findByText('We will let you know if a time frees up on Wednesday, January 9.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Thu, Jan 10/ }) as HTMLInputElement).checked).toBe(true);
  });
});
