import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { apiError, catchDownloads, icsAnswer, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { Job } from '../../entities/job/api.ts';
import { ClientJobPage } from './job-detail-page.tsx';

const categories = () => json(200, { items: [{ id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' }] });

function renderDetail(answer: Job, routes: Record<string, Parameters<typeof mockApi>[0][string]> = {}, state?: unknown) {
  const calls = mockApi({ 'GET /jobs/job-1': () => json(200, answer), 'GET /categories': categories, ...routes });
  const view = renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id', state });
  return { ...view, calls };
}

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  // The screen is still mounted: it follows the language back inside act.
  await act(() => testI18n.changeLanguage('es'));
});

describe('client job detail', { timeout: 60_000 }, () => {
  it('shows the service, the provider, the calendar link and only the allowed actions', async () => {
    renderDetail(job());
    expect(await screen.findByRole('heading', { level: 1, name: 'Arreglar el fregadero' })).toBeTruthy();
    expect(screen.getByText('Confirmado: Plomería Luis aceptó el trabajo. Te esperamos el día y la hora de abajo.')).toBeTruthy();
    const service = screen.getByRole('region', { name: 'Detalles del servicio' });
    expect(within(service).getByText('jueves, 10 de enero de 2030')).toBeTruthy();
    expect(within(service).getByText(/^9:00\s–\s11:00\sa\.\sm\.$/)).toBeTruthy();
    expect(within(service).getAllByText('2 horas')).toHaveLength(1);
    expect(within(service).getByText('En tu ubicación')).toBeTruthy();
    expect(await within(service).findByText('Plomería')).toBeTruthy();
    expect(within(service).getByText('Próximo')).toBeTruthy();
    const provider = screen.getByRole('complementary', { name: 'Proveedor' });
    expect(within(provider).getByRole('link', { name: 'Ver perfil' }).getAttribute('href')).toBe('/providers/prov-1');
    expect(within(provider).getByRole('link', { name: 'Enviar mensaje' }).getAttribute('href')).toBe('/messages?provider=prov-1&job=job-1');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Pedir un cambio', 'Cancelar trabajo', 'Añadir al calendario']);
  });

  // Issue 27, one price: a job showed its requested, estimated and worked hours side by side and
  // never a price. Now: one duration (the booked time), the estimate once accepted, the total once completed.
  it('shows one duration, the estimated price once accepted (a live update), and the total once completed', async () => {
    const rate = { amount_cents: 6500, unit: 'hour' } as const;
    const times = { scheduled_start: '2030-01-10T13:00:00.000Z', scheduled_end: '2030-01-10T14:30:00.000Z', duration_hours: 1 };
    let current = job({ ...times, status: 'pending', estimated_hours: null, allowed_actions: ['cancel'] });
    const { queryClient } = renderDetail(current, { 'GET /jobs/job-1': () => json(200, current) });
    const service = await screen.findByRole('region', { name: 'Detalles del servicio' });
    const fact = (label: string) => within(service).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;
    expect(fact('Duración')).toBe('1,5 horas');
    expect(fact('Precio estimado')).toBeNull();

    current = job({ ...times, status: 'upcoming', estimated_hours: 1.5, price: { rate, estimate_cents: 9750, total_cents: null } });
    await act(() => queryClient.invalidateQueries({ queryKey: ['jobs'] }));
    await waitFor(() => expect(fact('Precio estimado')).toBe('$97.50 (1,5 horas × $65 la hora)'));
    expect(fact('Duración')).toBe('1,5 horas');

    current = job({ ...times, status: 'completed', estimated_hours: 1.5, actual_hours: 1.75, allowed_actions: [], price: { rate, estimate_cents: 9750, total_cents: 11375 } });
    await act(() => queryClient.invalidateQueries({ queryKey: ['jobs'] }));
    await waitFor(() => expect(fact('Total')).toBe('$113.75 (1,75 horas de trabajo × $65 la hora)'));
    expect(within(service).getAllByText('Duración', { selector: 'dt' })).toHaveLength(1);
    expect(within(service).queryByText(/Horas estimadas|Horas trabajadas|1 hora$/)).toBeNull();
    expect(fact('Precio estimado')).toBeNull();

    await act(() => testI18n.changeLanguage('en'));
    await waitFor(() => expect(within(service).getByText('Total', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$113.75 (1.75 hours of work × $65 an hour)'));
  });

  it('says the request waits for the provider only while it is pending: once accepted (a live update), it says confirmed', async () => {
    let current = job({ status: 'pending', estimated_hours: null, allowed_actions: ['cancel'] });
    const { queryClient } = renderDetail(current, { 'GET /jobs/job-1': () => json(200, current) }, { booked: true });
    const sent = await screen.findByText('Solicitud enviada. Plomería Luis la confirmará pronto.');
    expect(sent.className).toContain('alert-success');
    current = job({ status: 'upcoming' });
    // What the live job event does: every job query refreshes.
    await act(() => queryClient.invalidateQueries({ queryKey: ['jobs'] }));
    expect(await screen.findByText('Confirmado: Plomería Luis aceptó el trabajo. Te esperamos el día y la hora de abajo.')).toBeTruthy();
    expect(screen.queryByText(/la confirmará pronto/)).toBeNull();
  });

  it.each<[Job['status'], string]>([
    ['schedule_change_pending', 'Plomería Luis propone otro horario. Responde abajo.'],
    ['cancelled', 'Plomería Luis rechazó o canceló este trabajo.'],
    ['expired', 'Nadie respondió a tiempo y la solicitud venció.'],
    ['completed', 'Trabajo terminado.'],
  ])('words a %s job by its status', async (status, words) => {
    renderDetail(job({ status, allowed_actions: [] }), {}, { booked: true });
    expect(await screen.findByText(words)).toBeTruthy();
  });

  it('says it in English too', async () => {
    await testI18n.changeLanguage('en');
    renderDetail(job({ status: 'upcoming' }), {}, { booked: true });
    expect(await screen.findByText('Plomería Luis accepted: the job is confirmed for the day and time below.')).toBeTruthy();
    expect(screen.queryByText(/will confirm/)).toBeNull();
  });

  it('a proposed time shows old against new, and accepting sends accept_schedule', async () => {
    const proposed = job({
      status: 'schedule_change_pending',
      proposed_start: '2030-01-11T18:00:00.000Z',
      proposed_end: '2030-01-11T20:00:00.000Z',
      allowed_actions: ['accept_schedule', 'request_modification', 'cancel'],
    });
    const accepted = job({ scheduled_start: '2030-01-11T18:00:00.000Z', scheduled_end: '2030-01-11T20:00:00.000Z', allowed_actions: ['cancel'] });
    let current = proposed;
    const { calls } = renderDetail(proposed, {
      'GET /jobs/job-1': () => json(200, current),
      'PATCH /jobs/job-1': () => {
        current = accepted;
        return json(200, accepted);
      },
    });
    const panel = await screen.findByRole('region', { name: 'El proveedor propone otro horario' });
    expect(within(panel).getByText(/^jue, 10 ene · 9:00/)).toBeTruthy();
    expect(within(panel).getByText(/^vie, 11 ene · 2:00\s–\s4:00\sp\.\sm\.$/)).toBeTruthy();
    // The answers live in the proposal, once.
    expect(screen.getAllByRole('button', { name: 'Aceptar horario' })).toHaveLength(1);
    const user = userEvent.setup({ delay: null });
    await user.click(within(panel).getByRole('button', { name: 'Aceptar horario' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ action: 'accept_schedule' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'El proveedor propone otro horario' })).toBeNull());
  });

  it('a running job shows its clock, and a pending extension can be approved (English)', async () => {
    await testI18n.changeLanguage('en');
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2030-01-10T14:05:09Z') });
    const running = job({ status: 'in_progress', started_at: '2030-01-10T13:00:00.000Z', allowed_actions: [] });
    const extension = { id: 'ext-1', job_id: 'job-1', requested_by: 'prov-1', additional_hours: 0.5, reason: 'Falta una pieza', status: 'pending', created_at: '2030-01-10T14:00:00Z', decided_at: null };
    const { calls } = renderDetail(running, {
      'GET /job-time-extensions/job/job-1': () => json(200, { items: [extension] }),
      'PUT /job-time-extensions/ext-1': () => json(200, { ...extension, status: 'approved' }),
    });
    const elapsed = await screen.findByText('1:05:09');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(elapsed.textContent).toBe('1:05:11');
    const extensions = screen.getByRole('region', { name: 'Extra time' });
    expect(within(extensions).getByText(/The provider asks for 30 minutes more\./)).toBeTruthy();
    expect(within(extensions).getByText('Reason: Falta una pieza')).toBeTruthy();
    await userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }).click(within(extensions).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'approved' }));
  });

  it('lists who changed the job and when, in the provider’s time zone', async () => {
    renderDetail(job({ status: 'upcoming' }), {
      'GET /jobs/job-1/history': () =>
        json(200, {
          items: [
            { from_status: null, to_status: 'pending', action: 'book', actor: 'client', actor_id: 'client-1', at: '2030-01-01T12:00:00.000Z' },
            { from_status: 'pending', to_status: 'upcoming', action: 'accept', actor: 'provider', actor_id: 'prov-1', at: '2030-01-02T13:30:00.000Z' },
            // A step that keeps the status says what was done, not "Próximo → Próximo".
            { from_status: 'upcoming', to_status: 'upcoming', action: 'on_my_way', actor: 'provider', actor_id: 'prov-1', at: '2030-01-10T12:40:00.000Z' },
            { from_status: 'upcoming', to_status: 'upcoming', action: 'a_future_action', actor: 'provider', actor_id: 'prov-1', at: '2030-01-10T12:50:00.000Z' },
          ],
        }),
    });
    const history = await screen.findByRole('region', { name: 'Historial' });
    const steps = within(history).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' '));
    expect(steps).toEqual([
      'mar, 1 ene, 8:00 a. m. Creado como Pendiente · Tú',
      'mié, 2 ene, 9:30 a. m. Pendiente → Próximo · El proveedor',
      'jue, 10 ene, 8:40 a. m. Aviso: va en camino · El proveedor',
      'jue, 10 ene, 8:50 a. m. Próximo → Próximo · El proveedor',
    ]);
  });

  it('lists the sessions of a plan (GET /jobs/{id}/sessions), this one marked, each leading to its job', async () => {
    const second = job({ id: 'job-2', session_number: 2, total_sessions: 2, original_job_id: 'job-1', scheduled_start: '2030-01-17T13:00:00.000Z', scheduled_end: '2030-01-17T15:00:00.000Z' });
    renderDetail(job({ total_sessions: 2 }), { 'GET /jobs/job-1/sessions': () => json(200, { items: [job({ total_sessions: 2 }), second] }) });
    const sessions = await screen.findByRole('region', { name: 'Sesiones' });
    const rows = within(sessions).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(['/client/jobs/job-1', '/client/jobs/job-2']);
    expect(within(rows[0]!).getByText('Sesión 1 de 2')).toBeTruthy();
    expect(rows[0]!.getAttribute('aria-current')).toBe('page');
    expect(rows[1]!.getAttribute('aria-current')).toBeNull();
    expect(within(rows[1]!).getByText('Próximo')).toBeTruthy();
  });

  it('shows no sessions for a job that is a single visit', async () => {
    const { calls } = renderDetail(job(), { 'GET /jobs/job-1/sessions': () => json(200, { items: [job()] }) });
    expect(await screen.findByRole('region', { name: 'Detalles del servicio' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/jobs/job-1/sessions')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Sesiones' })).toBeNull();
  });

  it('a job of someone else, or gone, says it was not found', async () => {
    mockApi({ 'GET /jobs/job-1': () => apiError(404, 'job_not_found'), 'GET /categories': categories });
    renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
    expect(await screen.findByText('No encontramos esta cita.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('add to calendar fetches the .ics with the bearer token and hands it over as a download', async () => {
    const clicked = catchDownloads();
    const { calls } = renderDetail(job(), { 'GET /jobs/job-1/ics': icsAnswer });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Añadir al calendario' }));
    await waitFor(() => expect(clicked).toEqual(['resuelve-job-1.ics']));
    expect(calls.find((c) => c.path === '/jobs/job-1/ics')!.headers.get('Authorization')).toBe('Bearer access-1');
  });
});
