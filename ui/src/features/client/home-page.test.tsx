import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { ApiCall } from '../../../test/jobs-test-kit.tsx';
import { ClientHomePage, dayPart } from './home-page.tsx';
import { ClientHistoryPage } from './history-page.tsx';

// 10:00 in Puerto Rico on 2030-01-10.
const now = new Date('2030-01-10T14:00:00Z');

const todayJob = job({ id: 't-1', title: 'Limpieza de hoy', scheduled_start: '2030-01-10T18:00:00.000Z', scheduled_end: '2030-01-10T19:00:00.000Z', updated_at: '2030-01-09T10:00:00Z' });
const laterJob = job({ id: 'l-1', title: 'Pintura la semana próxima', status: 'pending', scheduled_start: '2030-01-15T13:00:00.000Z', scheduled_end: '2030-01-15T15:00:00.000Z', updated_at: '2030-01-09T12:00:00Z' });
const doneJob = job({ id: 'd-1', title: 'Fregadero', status: 'completed', scheduled_start: '2030-01-02T13:00:00.000Z', scheduled_end: '2030-01-02T15:00:00.000Z', updated_at: '2030-01-02T16:00:00Z' });

function homeApi(call: ApiCall): Response {
  const status = call.params.get('status');
  if (status === 'completed') return json(200, { items: [doneJob], next_cursor: null });
  if (status) return json(200, { items: [laterJob, todayJob], next_cursor: null });
  if (call.params.get('from')) return json(200, { items: [todayJob], next_cursor: null });
  return json(200, { items: [doneJob, todayJob, laterJob], next_cursor: null });
}

afterEach(async () => {
  vi.useRealTimers();
  // The screen is still mounted: it follows the language back inside act.
  await act(() => testI18n.changeLanguage('es'));
});

describe('client home', { timeout: 60_000 }, () => {
  it('greets by time of day and name, counts today, shows stats, schedule, upcoming and activity', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now });
    const calls = mockApi({ 'GET /jobs': homeApi });
    renderScreen(<ClientHomePage />, '/client/home', { route: '/client/home' });
    const greeting = await screen.findByRole('heading', { level: 2, name: /^Buen(os|as) (días|tardes|noches), Ana$/ });
    expect(greeting.textContent).toBe(`${{ morning: 'Buenos días', afternoon: 'Buenas tardes', evening: 'Buenas noches' }[dayPart(now)]}, Ana`);
    expect(await screen.findByText('Tienes 1 cita hoy.')).toBeTruthy();
    const stats = screen.getByLabelText('Tus citas en números');
    // Upcoming counts what the upcoming list shows: the confirmed job and the pending request.
    expect(within(stats).getAllByRole('definition').map((d) => d.textContent)).toEqual(['2', '2', '1']);

    const today = screen.getByRole('region', { name: 'Agenda de hoy' });
    expect(within(today).getByRole('link', { name: 'Limpieza de hoy' })).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: 'Próximas citas' });
    expect(within(upcoming).getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['job-t-1-title', 'job-l-1-title']);
    const activity = screen.getByRole('region', { name: 'Actividad reciente' });
    expect(within(activity).getAllByRole('link').map((a) => a.textContent)).toEqual(['Pintura la semana próxima', 'Limpieza de hoy', 'Fregadero']);

    const quick = screen.getByRole('region', { name: 'Acciones rápidas' });
    expect(within(quick).getByRole('link', { name: 'Buscar servicios' }).getAttribute('href')).toBe('/providers');
    expect(within(quick).getByRole('link', { name: 'Historial de servicios' }).getAttribute('href')).toBe('/client/history');
    expect(within(quick).getByRole('link', { name: 'Mis reseñas' }).getAttribute('href')).toBe('/client/reviews');
    expect(within(quick).getByRole('link', { name: 'Contactar a soporte' }).getAttribute('href')).toMatch(/^mailto:soporte@resuelve\.pr\?subject=/);
    // Today's range is the Puerto Rico day.
    const todayCall = calls.find((c) => c.params.get('to'))!;
    expect([todayCall.params.get('from'), todayCall.params.get('to')]).toEqual(['2030-01-10T04:00:00.000Z', '2030-01-11T04:00:00.000Z']);
  });

  it('counts as upcoming exactly the jobs the upcoming list shows, a lone pending request too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now });
    const calls = mockApi({ 'GET /jobs': (call) => json(200, { items: call.params.get('status') === 'completed' ? [] : [laterJob], next_cursor: null }) });
    renderScreen(<ClientHomePage />, '/client/home', { route: '/client/home' });
    const upcoming = await screen.findByRole('region', { name: 'Próximas citas' });
    expect(await within(upcoming).findAllByRole('article')).toHaveLength(1);
    const stats = screen.getByLabelText('Tus citas en números');
    const [active, next] = within(stats).getAllByRole('definition').map((d) => d.textContent);
    expect([active, next]).toEqual(['1', '1']);
    // The same set as the appointments' upcoming tab: held statuses from now on.
    const asked = calls.find((c) => c.params.get('from') === now.toISOString())!;
    expect(asked.params.get('status')).toBe('pending,upcoming,in_progress,modification_requested,schedule_change_pending,continuation_proposed');
  });

  it('says the day part by the clock', () => {
    expect(dayPart(new Date(2030, 0, 10, 8))).toBe('morning');
    expect(dayPart(new Date(2030, 0, 10, 13))).toBe('afternoon');
    expect(dayPart(new Date(2030, 0, 10, 21))).toBe('evening');
  });

  it('an empty start says so and offers to find services (English)', async () => {
    await testI18n.changeLanguage('en');
    mockApi({ 'GET /jobs': () => json(200, { items: [], next_cursor: null }) });
    renderScreen(<ClientHomePage />, '/client/home', { route: '/client/home' });
    expect(await screen.findByText('You have no upcoming appointments. Find a provider and book.')).toBeTruthy();
    expect(screen.getAllByText('You have no appointments today.').length).toBeGreaterThan(0);
    expect(screen.getByText('No activity yet.')).toBeTruthy();
  });

  it('says there is nothing today once, in the schedule of the day, not again under the greeting', async () => {
    mockApi({ 'GET /jobs': () => json(200, { items: [], next_cursor: null }) });
    renderScreen(<ClientHomePage />, '/client/home', { route: '/client/home' });
    const today = await screen.findByRole('region', { name: 'Agenda de hoy' });
    await within(today).findByText('No tienes citas hoy.');
    expect(screen.getAllByText('No tienes citas hoy.')).toHaveLength(1);
  });
});

describe('service history', { timeout: 60_000 }, () => {
  it('asks for past statuses only, searches, and pages with the cursor', async () => {
    const calls = mockApi({
      'GET /jobs': (call) =>
        call.params.get('cursor') === 'c2'
          ? json(200, { items: [job({ id: 'old', title: 'Trabajo viejo', status: 'expired' })], next_cursor: null })
          : json(200, { items: [doneJob], next_cursor: 'c2' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ClientHistoryPage />, '/client/history', { route: '/client/history' });
    expect(await screen.findByRole('link', { name: 'Fregadero' })).toBeTruthy();
    expect(calls[0]!.params.get('status')).toBe('completed,cancelled,cancelled_by_client,expired');
    expect(screen.queryByRole('button', { name: 'Cancelar trabajo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByRole('link', { name: 'Trabajo viejo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fregadero' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();

    await user.type(screen.getByLabelText('Buscar'), 'grifo');
    await waitFor(() => expect(calls.at(-1)!.params.get('q')).toBe('grifo'));
    expect(screen.getByTestId('where').textContent).toBe('/client/history?q=grifo');
  });
});
