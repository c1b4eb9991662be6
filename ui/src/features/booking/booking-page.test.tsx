import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { ApiCall } from '../../../test/jobs-test-kit.tsx';
import { BookingPage } from './booking-page.tsx';
import type { DayAvailability } from '../../entities/availability/api.ts';

const tz = 'America/Puerto_Rico';
const provider = {
  id: 'prov-1',
  company_name: 'Plomería Luis',
  profile_picture_url: null,
  categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }],
  timezone: tz,
};

function day(date: string, starts: string[], reason: DayAvailability['reason'] = null): DayAvailability {
  return {
    date,
    duration: 60,
    timezone: tz,
    slots: starts.map((start) => ({ start: `${date}T${start}:00.000Z`, end: `${date}T${start}:00.000Z` })),
    reason,
  };
}

// 2030-01-10 is a Thursday; the 13th a Sunday (closed).
const days = [day('2030-01-10', ['13:00', '14:00']), day('2030-01-11', ['13:00']), day('2030-01-13', [], 'closed_weekday')];

function bookingApi(overrides: Record<string, (call: ApiCall) => Response | Promise<Response>> = {}) {
  return mockApi({
    'GET /providers/prov-1': () => json(200, provider),
    'GET /providers/prov-1/availability/days': () => json(200, { items: days }),
    'GET /providers/prov-1/availability': (call) => json(200, days.find((d) => d.date === call.params.get('date'))),
    ...overrides,
  });
}

function renderBooking() {
  return renderScreen(<BookingPage />, '/providers/prov-1/book', { route: '/providers/:id/book' });
}

/**
 * The booking screen with Thursday's 9:00 chosen, whose booking the server refuses as taken; the
 * day's slots are then answered by `afterTaken`.
 */
async function bookingRefusedAt9(afterTaken: () => Response | Promise<Response>) {
  let taken = false;
  const calls = bookingApi({
    'GET /providers/prov-1/availability': () => (taken ? afterTaken() : json(200, days[0])),
    'POST /jobs': () => {
      taken = true;
      return apiError(409, 'slot_already_booked');
    },
  });
  const user = userEvent.setup({ delay: null });
  renderBooking();
  await user.click(await screen.findByRole('radio', { name: /jue, 10 ene/ }));
  await user.click(await screen.findByRole('radio', { name: '9:00 a. m.' }));
  return { calls, user };
}

afterEach(async () => {
  // The screen is still mounted: it follows the language back inside act.
  await act(() => testI18n.changeLanguage('es'));
});

describe('booking', { timeout: 60_000 }, () => {
  it('books a free time with the service, the place and one Idempotency-Key, then shows the job', async () => {
    const calls = bookingApi({ 'POST /jobs': () => json(201, job({ id: 'job-9', status: 'pending' })) });
    const user = userEvent.setup({ delay: null });
    renderBooking();

    expect(await screen.findByRole('heading', { level: 1, name: 'Reservar con Plomería Luis' })).toBeTruthy();
    expect((screen.getByLabelText('Título (opcional)') as HTMLInputElement).value).toBe('Plomería con Plomería Luis');
    const closed = await screen.findByRole('radio', { name: /dom, 13 ene\s+Cerrado/ });
    expect((closed as HTMLInputElement).disabled).toBe(true);

    await user.click(screen.getByRole('radio', { name: /jue, 10 ene/ }));
    await user.click(await screen.findByRole('radio', { name: '10:00 a. m.' }));
    await user.click(screen.getByRole('radio', { name: 'Otra dirección' }));
    await user.type(screen.getByLabelText('Dirección del servicio'), 'Calle Sol 3, Mayagüez');
    await user.type(screen.getByLabelText('Descripción'), 'Gotea el fregadero');
    await user.click(screen.getByRole('button', { name: 'Solicitar la reserva' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/client/jobs/job-9'));
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ booked: true });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      provider_id: 'prov-1',
      category_id: 1,
      title: 'Plomería con Plomería Luis',
      description: 'Gotea el fregadero',
      scheduled_start: '2030-01-10T14:00:00.000Z',
      duration_hours: 1,
      location_type: 'client_location',
      location_address: 'Calle Sol 3, Mayagüez',
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const slotCall = calls.find((c) => c.path === '/providers/prov-1/availability')!;
    expect(slotCall.params.get('date')).toBe('2030-01-10');
    expect(slotCall.params.get('duration')).toBe('60');
  });

  it('opens on the first open day, its free times shown without a click', async () => {
    const calls = bookingApi({
      'GET /providers/prov-1/availability/days': () => json(200, { items: [day('2030-01-09', [], 'fully_booked'), ...days] }),
    });
    renderBooking();
    expect(await screen.findByRole('radio', { name: '9:00 a. m.' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /jue, 10 ene/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /mié, 9 ene/ }) as HTMLInputElement).disabled).toBe(true);
    expect(calls.filter((c) => c.path === '/providers/prov-1/availability').map((c) => c.params.get('date'))).toEqual(['2030-01-10']);
  });

  it('sends the proposed title when the optional title is left empty', async () => {
    const calls = bookingApi({ 'POST /jobs': () => json(201, job({ id: 'job-9', status: 'pending' })) });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    await user.click(await screen.findByRole('radio', { name: '10:00 a. m.' }));
    await user.clear(screen.getByLabelText('Título (opcional)'));
    await user.click(screen.getByRole('button', { name: 'Solicitar la reserva' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/client/jobs/job-9'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ title: 'Plomería con Plomería Luis', scheduled_start: '2030-01-10T14:00:00.000Z' });
  });

  it('when the slot went meanwhile, says so, offers the fresh slots and keeps the rest of the form', async () => {
    const { calls, user } = await bookingRefusedAt9(() => json(200, day('2030-01-10', ['14:00'])));
    await user.clear(screen.getByLabelText('Título (opcional)'));
    await user.type(screen.getByLabelText('Título (opcional)'), 'Fregadero roto');
    await user.type(screen.getByLabelText('Descripción'), 'Urgente');
    const before = calls.filter((c) => c.path === '/providers/prov-1/availability').length;
    await user.click(screen.getByRole('button', { name: 'Solicitar la reserva' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Alguien acaba de reservar ese horario. Elige otro de los horarios libres.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('radio', { name: '9:00 a. m.' })).toBeNull());
    expect(calls.filter((c) => c.path === '/providers/prov-1/availability').length).toBeGreaterThan(before);
    const fresh = screen.getByRole('radio', { name: '10:00 a. m.' }) as HTMLInputElement;
    expect(fresh.checked).toBe(false);
    expect((screen.getByLabelText('Título (opcional)') as HTMLInputElement).value).toBe('Fregadero roto');
    expect((screen.getByLabelText('Descripción') as HTMLTextAreaElement).value).toBe('Urgente');
    expect(screen.getByTestId('where').textContent).toBe('/providers/prov-1/book');

    // A second attempt is a new attempt: a new key.
    await user.click(fresh);
    await user.click(screen.getByRole('button', { name: 'Solicitar la reserva' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(first!.headers.get('Idempotency-Key')).not.toBe(second!.headers.get('Idempotency-Key'));
  });

  it('takes the refused time off the shown slots with the alert, before the slots are read again (a slow line)', async () => {
    let answerFresh!: () => void;
    const { user } = await bookingRefusedAt9(() => new Promise<Response>((resolve) => (answerFresh = () => resolve(json(200, day('2030-01-10', ['14:00']))))));
    await user.click(screen.getByRole('button', { name: 'Solicitar la reserva' }));

    await screen.findByRole('alert');
    // The slots' new answer has not come: the refused time is already gone, the others still shown.
    await waitFor(() => expect(answerFresh).toBeTypeOf('function'));
    expect(screen.queryByRole('radio', { name: '9:00 a. m.' })).toBeNull();
    expect(screen.getByRole('radio', { name: '10:00 a. m.' })).toBeTruthy();
    await act(async () => answerFresh());
    expect(await screen.findByRole('radio', { name: '10:00 a. m.' })).toBeTruthy();
  });

  it('says at once when the chosen time leaves the fresh slots (a live update), and keeps saying it on a click', async () => {
    let taken = false;
    const calls = bookingApi({
      'GET /providers/prov-1/availability': () => json(200, taken ? day('2030-01-10', ['14:00']) : days[0]),
    });
    const user = userEvent.setup({ delay: null });
    const { queryClient } = renderBooking();
    await user.click(await screen.findByRole('radio', { name: /jue, 10 ene/ }));
    await user.click(await screen.findByRole('radio', { name: '9:00 a. m.' }));

    // What ui/src/lib/live.ts does on a job event: every job query, the slots among them, is read again.
    taken = true;
    await queryClient.invalidateQueries({ queryKey: ['jobs'] });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Alguien acaba de reservar ese horario. Elige otro de los horarios libres.')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '9:00 a. m.' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Solicitar la reserva' }));
    expect(await screen.findByText('Elige un horario libre.')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks for a free time and the address before sending anything', async () => {
    const calls = bookingApi();
    const user = userEvent.setup({ delay: null });
    renderBooking();
    await user.click(await screen.findByRole('radio', { name: /jue, 10 ene/ }));
    await user.click(screen.getByRole('radio', { name: 'Otra dirección' }));
    await user.click(screen.getByRole('button', { name: 'Solicitar la reserva' }));
    expect(await screen.findByText('Elige un horario libre.')).toBeTruthy();
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks the slots for the chosen duration in minutes and says why a day has none (English)', async () => {
    await testI18n.changeLanguage('en');
    const calls = bookingApi({
      'GET /providers/prov-1/availability': () => json(200, day('2030-01-11', [], 'fully_booked')),
    });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    expect(await screen.findByRole('heading', { level: 1, name: 'Book with Plomería Luis' })).toBeTruthy();
    const duration = screen.getByLabelText('Duration (hours)');
    await user.clear(duration);
    await user.type(duration, '1.5');
    await user.click(await screen.findByRole('radio', { name: /Fri, Jan 11/ }));
    expect(await screen.findByText('That day is fully booked. Try another day or a shorter duration.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/providers/prov-1/availability').at(-1)!.params.get('duration')).toBe('90');
    expect(calls.filter((c) => c.path === '/providers/prov-1/availability/days').at(-1)!.params.get('duration')).toBe('90');
  });
});

describe('booking: free times by part of the day and the summary', { timeout: 60_000 }, () => {
  // 13:00, 17:00 and 22:00 UTC are 9 a.m., 1 p.m. and 6 p.m. in Puerto Rico.
  const spread = day('2030-01-10', ['13:00', '17:00', '22:00']);

  it('groups free times under Morning, Afternoon and Evening and sums up service, day, time, place and the estimate', async () => {
    await testI18n.changeLanguage('en');
    mockApi({
      'GET /providers/prov-1': () => json(200, { ...provider, rate: { amount_cents: 4500, unit: 'hour', from: false } }),
      'GET /providers/prov-1/availability/days': () => json(200, { items: [spread] }),
      'GET /providers/prov-1/availability': () => json(200, spread),
    });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    const summary = await screen.findByRole('complementary', { name: 'Your booking' });
    expect(within(summary).getByTestId('booking-estimate').textContent).toContain('$45');
    expect(within(summary).getAllByText('Not chosen yet')).toHaveLength(2);

    const duration = screen.getByLabelText('Duration (hours)');
    await user.clear(duration);
    await user.type(duration, '2');
    await user.click(await screen.findByRole('radio', { name: /Thu, Jan 10/ }));
    const morning = await screen.findByRole('group', { name: 'Morning' });
    expect(within(morning).getAllByRole('radio').map((r) => r.parentElement!.textContent)).toEqual(['9:00 AM']);
    expect(within(screen.getByRole('group', { name: 'Afternoon' })).getByRole('radio', { name: '1:00 PM' })).toBeTruthy();
    await user.click(within(screen.getByRole('group', { name: 'Evening' })).getByRole('radio', { name: '6:00 PM' }));

    expect(within(summary).getByText('Plomería')).toBeTruthy();
    expect(within(summary).getByText('Thursday, January 10, 2030')).toBeTruthy();
    expect(within(summary).getByText(/^6:00\s–\s8:00\sPM · 2 hours$/)).toBeTruthy();
    expect(within(summary).getByText('At your location')).toBeTruthy();
    const estimate = within(summary).getByTestId('booking-estimate');
    expect(estimate.querySelector('[data-price]')!.textContent).toBe('$90');
    expect(estimate.textContent).toContain('$45 × 2 hours');
    // The summary comes before the button, so a phone shows it above it.
    const button = screen.getByRole('button', { name: 'Request the booking' });
    expect(summary.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the free times every half hour in rows by part of the day, and every quarter hour on request', async () => {
    // 9:00 to 10:00 and 1:15 to 1:45 p.m. in Puerto Rico, every quarter hour.
    const quarters = day('2030-01-10', ['13:00', '13:15', '13:30', '13:45', '14:00', '17:15', '17:30', '17:45']);
    mockApi({
      'GET /providers/prov-1': () => json(200, provider),
      'GET /providers/prov-1/availability/days': () => json(200, { items: [quarters] }),
      'GET /providers/prov-1/availability': () => json(200, quarters),
    });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    const times = (part: string) => within(screen.getByRole('group', { name: part })).getAllByRole('radio').map((r) => r.parentElement!.textContent);
    await screen.findByRole('group', { name: 'Mañana' });
    expect(times('Mañana')).toEqual(['9:00 a. m.', '9:30 a. m.', '10:00 a. m.']);
    expect(times('Tarde')).toEqual(['1:30 p. m.']);
    expect(screen.getByRole('radio', { name: /jue, 10 ene\s+4 horarios/ })).toBeTruthy();

    const every = screen.getByRole('button', { name: 'Ver todos los horarios (cada 15 minutos)' });
    await user.click(every);
    expect(every.getAttribute('aria-pressed')).toBe('true');
    expect(times('Mañana')).toEqual(['9:00 a. m.', '9:15 a. m.', '9:30 a. m.', '9:45 a. m.', '10:00 a. m.']);
    await user.click(screen.getByRole('radio', { name: '9:45 a. m.' }));
    // Back to the half hours, the chosen quarter stays in view and chosen.
    await user.click(screen.getByRole('button', { name: 'Ver solo cada media hora' }));
    expect(times('Mañana')).toEqual(['9:00 a. m.', '9:30 a. m.', '9:45 a. m.', '10:00 a. m.']);
    expect((screen.getByRole('radio', { name: '9:45 a. m.' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says "desde" the hourly rate in Spanish until the hours are valid, then the starting total', async () => {
    mockApi({
      'GET /providers/prov-1': () => json(200, { ...provider, rate: { amount_cents: 4500, unit: 'hour', from: true } }),
      'GET /providers/prov-1/availability/days': () => json(200, { items: [spread] }),
      'GET /providers/prov-1/availability': () => json(200, spread),
    });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    const summary = await screen.findByRole('complementary', { name: 'Tu reserva' });
    const duration = screen.getByLabelText('Duración (horas)');
    await user.clear(duration);
    expect(within(summary).getByTestId('booking-estimate').querySelector('[data-price]')!.textContent!.replace(/\s+/g, ' ')).toMatch(/^desde \$\s?45 la hora$/);
    await user.type(duration, '3');
    expect(within(summary).getByTestId('booking-estimate').querySelector('[data-price]')!.textContent!.replace(/\s+/g, ' ')).toMatch(/^desde \$\s?135$/);
  });

  it('shows a visit rate as the price of the visit', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, { ...provider, rate: { amount_cents: 8000, unit: 'visit', from: false } }) });
    renderBooking();
    const summary = await screen.findByRole('complementary', { name: 'Tu reserva' });
    expect(within(summary).getByTestId('booking-estimate').textContent!.replace(/\s+/g, ' ')).toMatch(/\$\s?80 por visita/);
  });
});
