import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JobAction } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { ProviderJobPage } from './job-request-page.tsx';
import { apiError, catchDownloads, icsAnswer, job, json, mockApi, ownProvider, renderProviderScreen } from './test-kit.tsx';
import type { Call } from './test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const route = '/provider/jobs/:id';

/** The job as the fake api holds it: a change answered by `becomes` is what the next GET returns. */
const state = { job: job() };

function becomes(next: ReturnType<typeof job>) {
  return () => {
    state.job = next;
    return json(200, next);
  };
}

function open(routes: Record<string, (call: Call) => Response> = {}, shown = job()) {
  state.job = shown;
  const calls = mockApi({
    'GET /jobs/job-1': () => json(200, state.job),
    'GET /providers/me': () => json(200, ownProvider()),
    'GET /jobs/job-1/sessions': () => json(200, { items: [shown] }),
    'GET /job-time-extensions/job/job-1': () => json(200, { items: [] }),
    'GET /providers/me/availability': (call) =>
      json(200, {
        date: new URLSearchParams(call.search).get('date'),
        duration: 120,
        timezone: 'America/Puerto_Rico',
        slots: [
          { start: '2030-01-11T08:00:00-04:00', end: '2030-01-11T10:00:00-04:00' },
          { start: '2030-01-11T13:30:00-04:00', end: '2030-01-11T15:30:00-04:00' },
        ],
        reason: null,
      }),
    'GET /jobs/list': () => json(200, { items: [job({ id: 'other', title: 'Instalar inodoro', status: 'upcoming' })] }),
    ...routes,
  });
  renderProviderScreen(<ProviderJobPage />, '/provider/jobs/job-1', route);
  return calls;
}

function actionButtons(name = 'Acciones'): string[] {
  const region = screen.getByRole('region', { name });
  return within(region)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
}

describe('provider job request details', () => {
  it('shows the client with a contact link, the service and its location', async () => {
    open({}, job({ location_type: 'client_location', location_address: 'Calle Luna 12, San Juan', place: { municipality: 'San Juan', address: 'Calle Luna 12, San Juan' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Arreglar el fregadero' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Escribir al cliente' }).getAttribute('href')).toBe('/messages?client=client-1&job=job-1');
    expect(screen.getByText('Ana Rivera')).toBeTruthy();
    expect(screen.getByText('En una dirección que dio el cliente')).toBeTruthy();
    expect(screen.getByText('Calle Luna 12, San Juan')).toBeTruthy();
    expect(screen.getByText('Gotea debajo del fregadero.')).toBeTruthy();
  });

  // Issue 27, one price: the provider saw duration, estimated hours and worked hours that disagreed,
  // and no price. Now one duration (the booked time), and the estimate or, once completed, the total.
  it('shows one duration and the estimated price once accepted, the total with its worked time once completed', async () => {
    const rate = { amount_cents: 6500, unit: 'hour' } as const;
    const times = { scheduled_start: '2030-01-10T13:00:00.000Z', scheduled_end: '2030-01-10T14:30:00.000Z', duration_hours: 1 };
    const service = async () => screen.findByRole('region', { name: 'Detalles del servicio' });
    const fact = (region: HTMLElement, label: string) => within(region).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;

    open({}, job({ ...times, status: 'upcoming', estimated_hours: 1.5, allowed_actions: ['cancel'], price: { rate, estimate_cents: 9750, total_cents: null } }));
    let region = await service();
    await waitFor(() => expect(fact(region, 'Precio estimado')).toBe('$97.50 (1,5 horas × $65 la hora)'));
    expect(fact(region, 'Duración')).toBe('1,5 horas');
    cleanup();

    open({}, job({ ...times, status: 'completed', estimated_hours: 1.5, actual_hours: 1.75, allowed_actions: [], price: { rate, estimate_cents: 9750, total_cents: 11375 } }));
    region = await service();
    await waitFor(() => expect(fact(region, 'Total')).toBe('$113.75 (1,75 horas de trabajo × $65 la hora)'));
    expect(within(region).getAllByText('Duración', { selector: 'dt' })).toHaveLength(1);
    expect(within(region).queryByText(/Horas estimadas|Horas trabajadas/)).toBeNull();
    cleanup();

    open({}, job({ ...times, status: 'upcoming', estimated_hours: 1.5, allowed_actions: ['cancel'], price: { rate: { amount_cents: 8000, unit: 'visit' }, estimate_cents: 8000, total_cents: null } }));
    region = await service();
    await waitFor(() => expect(fact(region, 'Precio estimado')).toBe('$80 (tarifa por visita)'));
  });

  it("before acceptance, words the place from the provider's side and shows the municipality only", async () => {
    open({}, job({ status: 'pending', allowed_actions: ['accept', 'decline', 'propose_schedule'] }));
    const where = await screen.findByRole('region', { name: 'Dónde' });
    expect(within(where).getByText('En el lugar del cliente')).toBeTruthy();
    expect(within(where).getByText('Municipio: San Juan')).toBeTruthy();
    expect(within(where).getByText('La dirección exacta aparece cuando el trabajo quede aceptado.')).toBeTruthy();
    expect(within(where).queryByRole('link')).toBeNull();
    expect(screen.queryByText('En tu ubicación')).toBeNull();
    const client = screen.getByRole('region', { name: 'Cliente' });
    expect(within(client).getByText(/El teléfono o correo del cliente aparece cuando el trabajo quede aceptado/)).toBeTruthy();
    expect(within(client).queryByRole('link', { name: /Llamar/ })).toBeNull();
  });

  it('once accepted, shows where to go with a map link and how to reach the client by their preference', async () => {
    const address = 'Calle Sol 25, Ponce, PR 00730';
    open({}, job({ status: 'upcoming', place: { municipality: 'Ponce', address }, client_contact: { preferred_contact: 'phone', phone: '7875550123', email: null } }));
    const where = await screen.findByRole('region', { name: 'Dónde' });
    expect(within(where).getByText(address)).toBeTruthy();
    const map = within(where).getByRole('link', { name: `Abrir ${address} en Google Maps (pestaña nueva)` });
    expect(map.getAttribute('href')).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`);
    const client = screen.getByRole('region', { name: 'Cliente' });
    expect(within(client).getByText('Prefiere que le llamen')).toBeTruthy();
    expect(within(client).getByRole('link', { name: 'Llamar al cliente al (787) 555-0123' }).getAttribute('href')).toBe('tel:+17875550123');
    expect(within(client).getByRole('link', { name: 'Llamar' }).getAttribute('href')).toBe('tel:+17875550123');
    expect(within(client).getByRole('link', { name: 'Escribir al cliente' }).getAttribute('href')).toBe('/messages?client=client-1&job=job-1');
  });

  it('says a proposed session waits for the client, not nothing beyond its badge', async () => {
    open({}, job({ status: 'continuation_proposed', session_number: 2, total_sessions: 2, original_job_id: 'job-0', allowed_actions: [] }));
    expect(await screen.findByText('Propusiste esta sesión. Esperando la respuesta del cliente.')).toBeTruthy();
  });

  it('offers a text to a client who prefers SMS, and their email to one who prefers email', async () => {
    open({}, job({ status: 'upcoming', client_contact: { preferred_contact: 'sms', phone: '7875550123', email: null } }));
    const client = await screen.findByRole('region', { name: 'Cliente' });
    expect(within(client).getByRole('link', { name: 'Enviar SMS' }).getAttribute('href')).toBe('sms:+17875550123');
    cleanup();
    open({}, job({ status: 'in_progress', client_contact: { preferred_contact: 'email', phone: null, email: 'ana@example.pr' } }));
    const again = await screen.findByRole('region', { name: 'Cliente' });
    expect(within(again).getByRole('link', { name: 'Escribir al cliente a ana@example.pr' }).getAttribute('href')).toBe('mailto:ana@example.pr');
    expect(within(again).queryByRole('link', { name: /Llamar/ })).toBeNull();
  });

  it.each<[JobAction[], string[]]>([
    [['accept', 'decline', 'propose_schedule'], ['Aceptar', 'Enviar cotización', 'Proponer otro horario', 'Rechazar']],
    [['keep_schedule', 'propose_schedule', 'cancel'], ['Proponer otro horario', 'Mantener horario', 'Cancelar trabajo']],
    [['start', 'cancel', 'propose_continuation'], ['Comenzar trabajo', 'Proponer otra sesión', 'Cancelar trabajo']],
    [['end', 'request_extension'], ['Terminar trabajo', 'Pedir tiempo adicional']],
  ])('shows a button only for each allowed action %j', async (allowed, buttons) => {
    open({}, job({ allowed_actions: allowed }));
    await screen.findByRole('region', { name: 'Acciones' });
    expect(actionButtons()).toEqual(buttons);
  });

  it('shows no actions at all when the api allows none', async () => {
    open({}, job({ status: 'completed', allowed_actions: [] }));
    await screen.findByRole('heading', { level: 1, name: 'Arreglar el fregadero' });
    expect(screen.queryByRole('region', { name: 'Acciones' })).toBeNull();
  });

  it('accepts with the estimated hours: PATCH accept with estimated_hours, quarter steps enforced', async () => {
    const calls = open({ 'PATCH /jobs/job-1': becomes(job({ status: 'upcoming', estimated_hours: 1.5, allowed_actions: ['cancel'] })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    const form = screen.getByRole('form', { name: 'Aceptar la solicitud' });
    const hours = within(form).getByLabelText('Horas estimadas');
    fireEvent.change(hours, { target: { value: '1.3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Aceptar con esta estimación' }));
    expect(await within(form).findByText('Escribe horas en cuartos de hora, de 0.25 a 24.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(hours, { target: { value: '1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Aceptar con esta estimación' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ action: 'accept', estimated_hours: 1.5 }));
    // The answer replaces the job: its new status shows and the accept button is gone.
    expect(await screen.findByText('Próximo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });

  it('refuses a proposal without date and time, then sends the picked slot as ISO with the provider offset', async () => {
    const calls = open({ 'PATCH /jobs/job-1': () => json(200, job({ status: 'schedule_change_pending', allowed_actions: [] })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Proponer otro horario' }));
    const form = screen.getByRole('form', { name: 'Proponer otro horario' });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar propuesta' }));
    expect(within(form).getAllByText('Este campo es obligatorio.').length).toBe(2);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2030-01-11' } });
    // The free slots of that date for the chosen duration, and the day's other held jobs.
    const slots = await within(form).findByRole('group', { name: 'Horarios libres ese día' });
    expect(calls.find((c) => c.path === '/providers/me/availability')?.search).toBe('?date=2030-01-11&duration=120');
    expect(await within(form).findByText(/Instalar inodoro/)).toBeTruthy();
    fireEvent.click(within(slots).getByRole('button', { name: /1:30/ }));
    expect((within(form).getByLabelText('Hora') as HTMLInputElement).value).toBe('13:30');
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar propuesta' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        action: 'propose_schedule',
        scheduled_start: '2030-01-11T13:30:00-04:00',
        duration_hours: 2,
      }),
    );
  });

  it('warns about a closed day and a time outside business hours', async () => {
    open({
      'GET /providers/me/availability': () => json(200, { date: '2030-01-13', duration: 120, timezone: 'America/Puerto_Rico', slots: [], reason: 'closed_weekday' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Proponer otro horario' }));
    const form = screen.getByRole('form', { name: 'Proponer otro horario' });
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2030-01-13' } });
    expect(await within(form).findByText('Tu negocio está cerrado ese día de la semana.')).toBeTruthy();
    // Friday 2030-01-11 opens 08:00–17:00: 16:00 for two hours ends after closing.
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2030-01-11' } });
    fireEvent.change(within(form).getByLabelText('Hora'), { target: { value: '16:00' } });
    expect(await within(form).findByText('Esa hora queda fuera de tu horario de trabajo.')).toBeTruthy();
  });

  it('warns when a proposed time overlaps another job of the day, and not once the time is clear of it', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Proponer otro horario' }));
    const form = screen.getByRole('form', { name: 'Proponer otro horario' });
    // "Instalar inodoro" holds Thursday 2030-01-10, 9:00–11:00; two hours from 10:00 run into it.
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2030-01-10' } });
    fireEvent.change(within(form).getByLabelText('Hora'), { target: { value: '10:00' } });
    const warning = await within(form).findByText('Esa hora choca con otro trabajo tuyo:');
    expect(warning.closest('[role="status"]')!.textContent).toMatch(/Instalar inodoro/);
    fireEvent.change(within(form).getByLabelText('Hora'), { target: { value: '11:00' } });
    await waitFor(() => expect(within(form).queryByText('Esa hora choca con otro trabajo tuyo:')).toBeNull());
    fireEvent.change(within(form).getByLabelText('Hora'), { target: { value: '08:00' } });
    expect(await within(form).findByText('Esa hora choca con otro trabajo tuyo:')).toBeTruthy();
  });

  it('says the slot went meanwhile (409 slot_already_booked) and asks the free slots again', async () => {
    const calls = open({ 'PATCH /jobs/job-1': () => apiError(409, 'slot_already_booked') });
    fireEvent.click(await screen.findByRole('button', { name: 'Proponer otro horario' }));
    const form = screen.getByRole('form', { name: 'Proponer otro horario' });
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2030-01-11' } });
    fireEvent.click(within(await within(form).findByRole('group', { name: 'Horarios libres ese día' })).getByRole('button', { name: /8:00/ }));
    const before = calls.filter((c) => c.path === '/providers/me/availability').length;
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar propuesta' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Alguien acaba de reservar ese horario. Elige otro de los horarios libres.');
    await waitFor(() => expect(calls.filter((c) => c.path === '/providers/me/availability').length).toBeGreaterThan(before));
  });

  it('cancels an upcoming job only after confirming', async () => {
    const calls = open({ 'PATCH /jobs/job-1': () => json(200, job({ status: 'cancelled', allowed_actions: [] })) }, job({ status: 'upcoming', allowed_actions: ['cancel'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar trabajo' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar este trabajo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No cancelar' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar trabajo' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar trabajo' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ action: 'cancel' }));
  });

  it('starts a job and then shows its time tracking', async () => {
    const started = job({ status: 'in_progress', started_at: new Date(Date.now() - 90_000).toISOString(), allowed_actions: ['end', 'request_extension'] });
    const calls = open({ 'POST /jobs/job-1/start': becomes(started) }, job({ status: 'upcoming', allowed_actions: ['start'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar trabajo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/jobs/job-1/start')).toBe(true));
    expect((await screen.findByRole('timer')).textContent).toMatch(/^0:01:3\d$/);
    expect(screen.getByRole('button', { name: 'Terminar trabajo' })).toBeTruthy();
  });

  it('requests extra time with hours and a reason', async () => {
    const calls = open(
      { 'POST /job-time-extensions': () => json(201, { id: 'ext-1', job_id: 'job-1', requested_by: 'prov-1', additional_hours: 0.5, reason: 'Pieza extra', status: 'pending', created_at: '2030-01-10T14:00:00Z', decided_at: null }) },
      job({ status: 'in_progress', started_at: '2030-01-10T13:00:00Z', allowed_actions: ['end', 'request_extension'] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pedir tiempo adicional' }));
    const form = screen.getByRole('form', { name: 'Pedir tiempo adicional' });
    fireEvent.change(within(form).getByLabelText('Horas adicionales'), { target: { value: '0.5' } });
    fireEvent.change(within(form).getByLabelText('Motivo'), { target: { value: 'Pieza extra' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar al cliente' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ job_id: 'job-1', additional_hours: 0.5, reason: 'Pieza extra' }));
  });

  it('keeps the schedule after reading the client’s explanation', async () => {
    const calls = open(
      { 'PATCH /jobs/job-1': becomes(job({ status: 'upcoming', allowed_actions: ['cancel'] })) },
      job({ status: 'modification_requested', modification_request: 'Prefiero por la tarde, por favor.', allowed_actions: ['keep_schedule', 'propose_schedule', 'cancel'] }),
    );
    expect(await screen.findByText('Prefiero por la tarde, por favor.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mantener horario' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ action: 'keep_schedule' }));
  });

  it('declines with an optional reason', async () => {
    const calls = open({ 'PATCH /jobs/job-1': becomes(job({ status: 'cancelled', allowed_actions: [] })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const form = screen.getByRole('form', { name: 'Rechazar la solicitud' });
    fireEvent.click(within(form).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ action: 'decline' }));
  });

  it('proposes a continuation session with date, time, duration and sessions in all', async () => {
    const calls = open(
      { 'POST /jobs/continuation': () => json(201, job({ id: 'job-2', status: 'continuation_proposed', session_number: 2, total_sessions: 3 })) },
      job({ status: 'completed', allowed_actions: ['propose_continuation'] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Proponer otra sesión' }));
    const form = screen.getByRole('form', { name: 'Proponer otra sesión' });
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2030-01-17' } });
    fireEvent.change(within(form).getByLabelText('Sesiones en total'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Proponer sesión' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/jobs/continuation')?.body).toEqual({
        original_job_id: 'job-1',
        scheduled_start: '2030-01-17T09:00:00-04:00',
        duration_hours: 2,
        total_sessions: 3,
      }),
    );
  });

  it('lists the sessions of a plan, this one marked, each leading to its own page', async () => {
    const first = job({ status: 'completed', total_sessions: 2, allowed_actions: [] });
    const second = job({ id: 'job-2', status: 'continuation_proposed', session_number: 2, total_sessions: 2, original_job_id: 'job-1' });
    open({ 'GET /jobs/job-1/sessions': () => json(200, { items: [first, second] }) }, first);
    const sessions = await screen.findByRole('region', { name: 'Sesiones' });
    const rows = await within(sessions).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(['/provider/jobs/job-1', '/provider/jobs/job-2']);
    expect(within(rows[1]!).getByText('Sesión 2 de 2')).toBeTruthy();
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual(['page', null]);
  });

  it('add to calendar fetches the .ics with the bearer token and hands it over as a download', async () => {
    const clicked = catchDownloads();
    const calls = open({ 'GET /jobs/job-1/ics': icsAnswer });
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir al calendario' }));
    await waitFor(() => expect(clicked).toEqual(['resuelve-job-1.ics']));
    expect(calls.find((c) => c.path === '/jobs/job-1/ics')!.authorization).toBe('Bearer access-1');
  });

  it('says so beside the button when the calendar file could not be had', async () => {
    open({ 'GET /jobs/job-1/ics': () => apiError(404, 'job_not_found') });
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir al calendario' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No encontramos ese trabajo.');
  });

  it('reads in English too', async () => {
    await testI18n.changeLanguage('en');
    open({}, job({ allowed_actions: ['accept', 'decline', 'propose_schedule'] }));
    expect(await screen.findByRole('link', { name: 'Message the client' })).toBeTruthy();
    expect(actionButtons('Actions')).toEqual(['Accept', 'Send quote', 'Propose another time', 'Decline']);
    expect(screen.getByText(/Thursday, January 10, 2030/)).toBeTruthy();
    expect(screen.getByText(/9:00\s?–\s?11:00\sAM/)).toBeTruthy();
  });

  it('says a job that is not the provider’s does not exist', async () => {
    mockApi({ 'GET /jobs/job-1': () => apiError(404, 'job_not_found'), 'GET /providers/me': () => json(200, ownProvider()) });
    renderProviderScreen(<ProviderJobPage />, '/provider/jobs/job-1', route);
    expect(await screen.findByText('Este trabajo no existe o no es tuyo.')).toBeTruthy();
  });
});
