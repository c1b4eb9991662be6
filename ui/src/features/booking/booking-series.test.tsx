import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SeriesPreview } from '@resuelve/contract';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { BookingPage } from './booking-page.tsx';

const tz = 'America/Puerto_Rico';
const provider = { id: 'prov-1', company_name: 'Plomería Luis', profile_picture_url: null, categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }], timezone: tz };
const day = { date: '2030-01-10', duration: 60, timezone: tz, slots: [{ start: '2030-01-10T14:00:00.000Z', end: '2030-01-10T15:00:00.000Z' }], reason: null };

const visit = (n: number, date: string, conflict: SeriesPreview['visits'][number]['conflict'] = null) => ({
  visit: n,
  scheduled_start: `${date}T10:00:00-04:00`,
  scheduled_end: `${date}T11:00:00-04:00`,
  conflict,
});

function renderBooking() {
  return renderScreen(<BookingPage />, '/providers/prov-1/book', { route: '/providers/:id/book' });
}

/** Chooses the day and its time, weekly for 4 visits, and asks for the list. */
async function askForSeries(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /jue, 10 ene/ }));
  await user.click(await screen.findByRole('radio', { name: '10:00 a. m.' }));
  await user.selectOptions(screen.getByLabelText('Repetir'), 'Cada semana');
  expect((screen.getByLabelText('Número de visitas') as HTMLInputElement).value).toBe('4');
  await user.click(screen.getByRole('button', { name: 'Revisar las fechas' }));
}

describe('booking a series', { timeout: 60_000 }, () => {
  it('lists every visit with its conflict, then books the free ones skipping the rest, and opens the first', async () => {
    const preview: SeriesPreview = { every_weeks: 1, visits: [visit(1, '2030-01-10'), visit(2, '2030-01-17', 'provider_unavailable'), visit(3, '2030-01-24'), visit(4, '2030-01-31')] };
    const calls = mockApi({
      'GET /providers/prov-1': () => json(200, provider),
      'GET /providers/prov-1/availability/days': () => json(200, { items: [day] }),
      'GET /providers/prov-1/availability': () => json(200, day),
      'POST /jobs/series/preview': () => json(200, preview),
      'POST /jobs/series': () => json(201, { series_id: 'series-1', jobs: [job({ id: 'job-1', status: 'pending' }), job({ id: 'job-3' }), job({ id: 'job-4' })] }),
    });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    await askForSeries(user);

    const review = await screen.findByRole('region', { name: 'Revisa las visitas' });
    const rows = within(review).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Visita 1.*Disponible$/),
      expect.stringMatching(/^Visita 2.*El proveedor no está disponible ese día$/),
      expect.stringMatching(/^Visita 3.*Disponible$/),
      expect.stringMatching(/^Visita 4.*Disponible$/),
    ]);
    expect(within(review).getByText('1 visita no está disponible y no se reservará.')).toBeTruthy();
    await user.click(within(review).getByRole('button', { name: 'Reservar 3 visitas' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/client/jobs/job-1'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/jobs/series')!;
    expect(post.body).toMatchObject({ provider_id: 'prov-1', every_weeks: 1, visits: 4, skip: [2], scheduled_start: '2030-01-10T14:00:00.000Z' });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('shows the list again with a notice when a visit was taken meanwhile, and books nothing unseen', async () => {
    let previews = 0;
    mockApi({
      'GET /providers/prov-1': () => json(200, provider),
      'GET /providers/prov-1/availability/days': () => json(200, { items: [day] }),
      'GET /providers/prov-1/availability': () => json(200, day),
      'POST /jobs/series/preview': () => {
        previews += 1;
        return json(200, { every_weeks: 1, visits: [visit(1, '2030-01-10'), visit(2, '2030-01-17', previews > 1 ? 'slot_already_booked' : null)] });
      },
      'POST /jobs/series': () => apiError(409, 'series_conflicts', { '2': 'slot_already_booked' }),
    });
    const user = userEvent.setup({ delay: null });
    renderBooking();
    await askForSeries(user);
    const review = await screen.findByRole('region', { name: 'Revisa las visitas' });
    await user.click(within(review).getByRole('button', { name: 'Reservar 2 visitas' }));

    expect(await within(review).findByText('Algunas fechas cambiaron mientras revisabas. Esta es la lista al día.')).toBeTruthy();
    expect(within(review).getByText('Ese horario ya está ocupado')).toBeTruthy();
    expect(within(review).getByRole('button', { name: 'Reservar 1 visita' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/providers/prov-1/book');
  });
});
