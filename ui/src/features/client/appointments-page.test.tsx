import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job } from '@resuelve/contract';
import { job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { ApiCall } from '../../../test/jobs-test-kit.tsx';
import { allFilters, ClientAppointmentsPage, tabFilters } from './appointments-page.tsx';

const page = (...items: ReturnType<typeof job>[]) => json(200, { items, next_cursor: null });
const lastList = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/jobs').at(-1)!.params;

/** GET /jobs as the api answers it: the jobs whose start is in the range, by start in the order asked (newest first unless `asc`). */
function jobsApi(jobs: Job[]) {
  return (call: ApiCall) => {
    const from = call.params.get('from');
    const to = call.params.get('to');
    const status = call.params.get('status')?.split(',');
    const sign = call.params.get('order') === 'asc' ? 1 : -1;
    const start = (j: Job) => Date.parse(j.scheduled_start);
    const items = jobs
      .filter((j) => (!from || start(j) >= Date.parse(from)) && (!to || start(j) < Date.parse(to)) && (!status || status.includes(j.status)))
      .sort((a, b) => sign * (start(a) - start(b)));
    return page(...items);
  };
}

/** A job `days` from now (negative: ago), two hours long. */
function jobIn(days: number, overrides: Partial<Job>): Job {
  const start = new Date(Date.now() + days * 86_400_000);
  return job({ scheduled_start: start.toISOString(), scheduled_end: new Date(start.getTime() + 7_200_000).toISOString(), ...overrides });
}

const cardTitles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

function renderAppointments(path = '/client/my-appointments') {
  return renderScreen(<ClientAppointmentsPage />, path, { route: '/client/my-appointments' });
}

describe('my appointments', { timeout: 60_000 }, () => {
  it('tabs filter the list through the URL: upcoming, today and past ask the api for their range', async () => {
    const calls = mockApi({ 'GET /jobs': () => page(job()) });
    const user = userEvent.setup({ delay: null });
    renderAppointments('/client/my-appointments?tab=past');
    expect(await screen.findByRole('link', { name: 'Arreglar el fregadero' })).toBeTruthy();
    expect(lastList(calls).get('role')).toBe('client');
    expect(lastList(calls).get('from')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Próximas' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/client/my-appointments?tab=upcoming'));
    expect(screen.getByRole('tab', { name: 'Próximas' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(lastList(calls).get('from')).not.toBeNull());
    expect(lastList(calls).get('status')).toBe('pending,upcoming,in_progress,modification_requested,schedule_change_pending,continuation_proposed');
    expect(lastList(calls).get('to')).toBeNull();
    expect(lastList(calls).get('order')).toBe('asc');

    await user.click(screen.getByRole('tab', { name: 'Hoy' }));
    await waitFor(() => expect(lastList(calls).get('to')).not.toBeNull());
    const today = lastList(calls);
    expect(Date.parse(today.get('to')!) - Date.parse(today.get('from')!)).toBe(24 * 3600_000);
    expect(today.get('status')).toBeNull();

    // The arrow keys move along the tablist and choose as they go (components/tabs.tsx).
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pasadas' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(lastList(calls).get('from')).toBeNull());
    expect(lastList(calls).get('to')).not.toBeNull();
  });

  it('Todas lists what comes next first, soonest first, then what has passed, newest first', async () => {
    mockApi({
      'GET /jobs': jobsApi([
        jobIn(-30, { id: 'j-1', title: 'Hace un mes', status: 'completed', allowed_actions: [], review_id: 'r-1' }),
        jobIn(30, { id: 'j-2', title: 'Dentro de un mes' }),
        jobIn(-1, { id: 'j-3', title: 'Ayer', status: 'completed', allowed_actions: [], review_id: 'r-3' }),
        jobIn(1, { id: 'j-4', title: 'Mañana' }),
        jobIn(7, { id: 'j-5', title: 'En una semana', status: 'cancelled_by_client', allowed_actions: [] }),
      ]),
    });
    renderAppointments();
    await screen.findByRole('link', { name: 'Hace un mes' });
    expect(cardTitles()).toEqual(['Mañana', 'En una semana', 'Dentro de un mes', 'Ayer', 'Hace un mes']);
    expect(screen.getByRole('heading', { name: 'Próximas' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pasadas' })).toBeTruthy();
  });

  it('Todas shows more of what comes next before anything that has passed', async () => {
    const coming = [jobIn(1, { id: 'j-1', title: 'Pronto' }), jobIn(2, { id: 'j-2', title: 'Después' })];
    const past = jobIn(-1, { id: 'j-3', title: 'Ayer', status: 'completed', allowed_actions: [], review_id: 'r-3' });
    const calls = mockApi({
      'GET /jobs': (call) =>
        call.params.get('from')
          ? json(200, call.params.get('cursor') ? { items: [coming[1]], next_cursor: null } : { items: [coming[0]], next_cursor: 'c1' })
          : page(past),
    });
    const user = userEvent.setup({ delay: null });
    renderAppointments();
    await screen.findByRole('link', { name: 'Pronto' });
    expect(cardTitles()).toEqual(['Pronto']);
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByRole('link', { name: 'Ayer' });
    expect(cardTitles()).toEqual(['Pronto', 'Después', 'Ayer']);
    expect(calls.filter((c) => c.path === '/jobs' && c.params.get('to')).every((c) => c.params.get('order') === null)).toBe(true);
  });

  it('offers "Dejar reseña" on each completed card without a review, and sends the job with it', async () => {
    vi.stubGlobal('CSS', { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
    let jobs = [
      jobIn(-3, { id: 'j-1', title: 'Primera visita', status: 'completed', allowed_actions: [], review_id: 'r-1' }),
      jobIn(-1, { id: 'j-2', title: 'Segunda visita', status: 'completed', allowed_actions: [], review_id: null }),
    ];
    const calls = mockApi({
      'GET /jobs': (call) => jobsApi(jobs)(call),
      'POST /providers/prov-1/reviews': (call) => {
        jobs = jobs.map((j) => (j.id === 'j-2' ? { ...j, review_id: 'r-2' } : j));
        return json(201, { id: 'r-2', job_id: 'j-2', provider_id: 'prov-1', client_id: 'client-1', ...(call.body as object), reply: null, client_name: 'Ana R.', provider_name: 'Plomería Sol', created_at: '2026-11-20T12:00:00Z', updated_at: '2026-11-20T12:00:00Z' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAppointments();
    const second = await screen.findByRole('article', { name: 'Segunda visita' });
    expect(within(screen.getByRole('article', { name: 'Primera visita' })).queryByRole('button', { name: 'Dejar reseña' })).toBeNull();
    await user.click(within(second).getByRole('button', { name: 'Dejar reseña' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '4 de 5: Muy bueno' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reseña' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ rating: 4, comment: '', job_id: 'j-2' });
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Segunda visita' })).queryByRole('button', { name: 'Dejar reseña' })).toBeNull());
  });

  it('a status filter and a search narrow the list and stay in the URL', async () => {
    const calls = mockApi({ 'GET /jobs': (call) => (call.params.get('q') === 'nada' ? page() : page(job())) });
    const user = userEvent.setup({ delay: null });
    renderAppointments('/client/my-appointments?tab=past');
    await screen.findByRole('link', { name: 'Arreglar el fregadero' });
    await user.selectOptions(screen.getByLabelText('Estado'), 'completed');
    await waitFor(() => expect(lastList(calls).get('status')).toBe('completed'));
    await user.type(screen.getByLabelText('Buscar'), 'nada');
    expect(await screen.findByText('Ninguna cita coincide con la búsqueda.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/client/my-appointments?tab=past&status=completed&q=nada');
  });

  // Issue 27, one price: an agreed job says what it will cost, a finished one what it cost.
  it('shows the estimated price on an agreed job, the total on a finished one, and none on a request', async () => {
    const rate = { amount_cents: 6500, unit: 'hour' } as const;
    mockApi({
      'GET /jobs': jobsApi([
        job({ id: 'j-1', title: 'Trabajo aceptado', status: 'upcoming', price: { rate, estimate_cents: 13000, total_cents: null } }),
        job({ id: 'j-2', title: 'Trabajo terminado', status: 'completed', actual_hours: 1.75, allowed_actions: [], review_id: 'r-2', price: { rate, estimate_cents: 13000, total_cents: 11375 } }),
        job({ id: 'j-3', title: 'Solicitud', status: 'pending', allowed_actions: ['cancel'] }),
      ]),
    });
    renderAppointments();
    const accepted = await screen.findByRole('article', { name: 'Trabajo aceptado' });
    expect(accepted.querySelector('.client-job-card__price')?.textContent).toBe('Precio estimado: $130');
    expect(screen.getByRole('article', { name: 'Trabajo terminado' }).querySelector('.client-job-card__price')?.textContent).toBe('Total: $113.75');
    expect(screen.getByRole('article', { name: 'Solicitud' }).querySelector('.client-job-card__price')).toBeNull();
  });

  it('shows only the actions the job allows', async () => {
    mockApi({
      'GET /jobs': jobsApi([
          job({ id: 'j-1', title: 'Trabajo propuesto', status: 'schedule_change_pending', proposed_start: '2030-01-11T13:00:00.000Z', proposed_end: '2030-01-11T15:00:00.000Z', allowed_actions: ['accept_schedule', 'request_modification', 'cancel'] }),
          job({ id: 'j-2', title: 'Trabajo terminado', status: 'completed', allowed_actions: [], review_id: 'r-2' }),
          job({ id: 'j-3', title: 'Sesión dos', status: 'continuation_proposed', session_number: 2, total_sessions: 2, allowed_actions: ['accept_continuation', 'decline_continuation'] }),
      ]),
    });
    renderAppointments();
    const proposed = await screen.findByRole('article', { name: 'Trabajo propuesto' });
    expect(within(proposed).getAllByRole('button').map((b) => b.textContent)).toEqual(['Aceptar horario', 'Pedir un cambio', 'Cancelar trabajo']);
    expect(within(proposed).getByText(/Nuevo horario propuesto: vie, 11 ene/)).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Trabajo terminado' })).queryAllByRole('button')).toHaveLength(0);
    const session = screen.getByRole('article', { name: 'Sesión dos' });
    expect(within(session).getAllByRole('button').map((b) => b.textContent)).toEqual(['Aceptar sesión', 'Rechazar sesión']);
    expect(within(session).getByText(/Sesión 2 de 2/)).toBeTruthy();
  });

  it('cancel asks first, then sends PATCH cancel with the reason', async () => {
    const calls = mockApi({
      'GET /jobs': jobsApi([job()]),
      // Free to cancel now: the dialog asks the fee first (issue 28) and sends the one it showed.
      'GET /jobs/job-1/cancellation': () => json(200, { fee_cents: 0, free_until: null, base_cents: null, policy: { free_hours: null, fee_kind: null, fee_value: null, reschedule_notice_hours: 0 } }),
      'PATCH /jobs/job-1': () => json(200, job({ status: 'cancelled_by_client', allowed_actions: [] })),
    });
    const user = userEvent.setup({ delay: null });
    renderAppointments();
    const card = await screen.findByRole('article', { name: 'Arreglar el fregadero' });
    await user.click(within(card).getByRole('button', { name: 'Cancelar trabajo' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar esta cita?' });
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Cancelar trabajo' }));
    await user.type(screen.getByLabelText('Motivo (opcional)'), 'Ya lo arreglé');
    const confirm = screen.getByRole('button', { name: 'Cancelar la cita' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ action: 'cancel', reason: 'Ya lo arreglé', expected_fee_cents: 0 });
  });

  it('asking for another time needs an explanation of 10 characters; a refusal is said in the dialog', async () => {
    const calls = mockApi({
      'GET /jobs': jobsApi([job()]),
      'PATCH /jobs/job-1': () => json(409, { error: 'x', status: 409, code: 'invalid_transition' }),
    });
    const user = userEvent.setup({ delay: null });
    renderAppointments();
    await user.click(await screen.findByRole('button', { name: 'Pedir un cambio' }));
    const send = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    await user.type(screen.getByLabelText('Explicación'), 'Tarde');
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText('Explicación'), ' mejor, por favor');
    expect(send.disabled).toBe(false);
    await user.click(send);
    expect(await within(screen.getByRole('dialog')).findByText('Ese cambio ya no es posible para este trabajo. Actualiza la página.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ action: 'request_modification', explanation: 'Tarde mejor, por favor' });
  });

  it('builds each tab’s range from one moment: today is the Puerto Rico day', () => {
    const now = new Date('2030-01-10T02:30:00Z'); // 22:30 of the 9th in Puerto Rico
    expect(tabFilters('today', now, null, '')).toEqual({ from: '2030-01-09T04:00:00.000Z', to: '2030-01-10T04:00:00.000Z', order: 'asc' });
    expect(tabFilters('past', now, 'completed', 'grifo')).toEqual({ to: now.toISOString(), status: ['completed'], q: 'grifo' });
    expect(allFilters(now, 'completed', 'grifo')).toEqual({
      coming: { from: now.toISOString(), order: 'asc', status: ['completed'], q: 'grifo' },
      past: { to: now.toISOString(), status: ['completed'], q: 'grifo' },
    });
  });
});
