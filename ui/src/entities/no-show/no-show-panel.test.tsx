import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { Job, JobNoShow } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { jobQueries } from '../job/api.ts';
import { NoShowPanel, type NoShowSide } from './no-show-panel.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => testI18n.changeLanguage('es'));
});

const report = (overrides: Partial<JobNoShow> = {}): JobNoShow => ({
  id: 'ns-1',
  reported_by: 'provider',
  note: 'Toqué la puerta y nadie abrió.',
  answer: null,
  answered_at: null,
  fee_cents: 2500,
  fee_waived: false,
  status: 'open',
  resolution: null,
  resolved_at: null,
  created_at: '2030-01-10T09:20:00-04:00',
  ...overrides,
});

/** The panel as a job page shows it: over the job's query, so an answered change shows at once. */
function Page({ side }: { side: NoShowSide }) {
  const shown = useQuery(jobQueries.detail('job-1'));
  return shown.data ? <NoShowPanel job={shown.data} side={side} /> : null;
}

/** The fake api: a change that answers a job makes it the job the next GET reads. */
function open(side: NoShowSide, first: Job, routes: Parameters<typeof mockApi>[0] = {}) {
  const state = { job: first };
  const changes = Object.fromEntries(
    Object.entries(routes).map(([key, handler]) => [
      key,
      async (call: Parameters<typeof handler>[0]) => {
        const response = await handler(call);
        if (key.startsWith('POST') && response.ok) state.job = (await response.clone().json()) as Job;
        return response;
      },
    ]),
  );
  const calls = mockApi({ 'GET /jobs/job-1': () => json(200, state.job), ...changes });
  renderScreen(<Page side={side} />, '/jobs/job-1', { route: '/jobs/:id' });
  return { state, calls };
}

describe('the no-show panel', { timeout: 30_000 }, () => {
  it("lets the provider mark the client absent with a note, showing their policy's fee first", async () => {
    const reported = job({ status: 'cancelled_by_client', allowed_actions: [], fee_cents: 2500, fee_kind: 'client_no_show', no_show: report() });
    const { calls } = open('provider', job({ allowed_actions: ['cancel', 'report_no_show'] }), {
      'GET /jobs/job-1/no-show/preview': () => json(200, { opens_at: '2030-01-10T13:15:00.000Z', fee_cents: 2500 }),
      'POST /jobs/job-1/no-show': () => json(200, reported),
    });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Reporte de ausencia' });
    expect(within(panel).getByText(/Pasaron más de 15 minutos/)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Marcar cliente ausente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar al cliente ausente' });
    expect(await within(dialog).findByText('Según tu política de cancelación, se registrará un cargo de $25 al cliente.')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Marcar ausente' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('¿Qué pasó?'), 'Toqué la puerta y nadie abrió.');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note: 'Toqué la puerta y nadie abrió.' });

    const shown = await screen.findByRole('region', { name: 'Reporte de ausencia' });
    await within(shown).findByText('Marcaste al cliente ausente.');
    expect(within(shown).getByText('Lo que dijiste')).toBeTruthy();
    expect(within(shown).getByText('Toqué la puerta y nadie abrió.')).toBeTruthy();
    expect(within(shown).getByText('En revisión')).toBeTruthy();
    expect(within(shown).getByText('$25')).toBeTruthy();
    expect(within(shown).getByText('Ana Rivera todavía no ha respondido.')).toBeTruthy();
    expect(within(shown).queryByRole('button')).toBeNull();
  });

  it('lets the client report that the provider did not come, saying it costs them nothing', async () => {
    const { calls } = open('client', job({ allowed_actions: ['cancel', 'request_modification', 'report_no_show'] }), {
      'POST /jobs/job-1/no-show': () => apiError(409, 'no_show_too_early'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'El proveedor no llegó' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar que el proveedor no llegó' });
    expect(within(dialog).getByText('No se te cobrará nada por este reporte.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('¿Qué pasó?'), 'Esperé una hora.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await within(dialog).findByText(/Todavía no puedes reportar una ausencia/)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/preview'))).toBe(false);
  });

  it("shows the other side's words and takes one answer", async () => {
    const answered = job({ status: 'cancelled_by_client', allowed_actions: [], no_show: report({ answer: 'Estaba en casa.', answered_at: '2030-01-10T10:00:00-04:00' }) });
    const { calls } = open('client', job({ status: 'cancelled_by_client', allowed_actions: ['answer_no_show'], no_show: report() }), {
      'POST /jobs/job-1/no-show/answer': () => json(200, answered),
    });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Reporte de ausencia' });
    expect(within(panel).getByText('Plomería Luis marcó que no estabas.')).toBeTruthy();
    expect(within(panel).getByText('Lo que dijo Plomería Luis')).toBeTruthy();
    const send = within(panel).getByRole('button', { name: 'Responder' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(panel).getByLabelText('Tu respuesta'), 'Estaba en casa.');
    await user.click(send);
    await within(panel).findByText('Estaba en casa.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Estaba en casa.' });
    expect(within(panel).queryByRole('button', { name: 'Responder' })).toBeNull();
  });

  it('says in words that a report takes one answer, in English too', async () => {
    await act(() => testI18n.changeLanguage('en'));
    open('provider', job({ status: 'cancelled', allowed_actions: ['answer_no_show'], no_show: report({ reported_by: 'client', note: 'Nobody came.', fee_cents: null }) }), {
      'POST /jobs/job-1/no-show/answer': () => apiError(409, 'no_show_already_answered'),
    });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'No-show report' });
    expect(within(panel).getByText('Ana Rivera reported that you did not come.')).toBeTruthy();
    expect(within(panel).queryByText('No-show fee')).toBeNull();
    await user.type(within(panel).getByLabelText('Your answer'), 'I was there at 9.');
    await user.click(within(panel).getByRole('button', { name: 'Answer' }));
    expect(await within(panel).findByText('This report was already answered. It can be answered only once.')).toBeTruthy();
  });

  it('shows a resolved report with its waived fee and the note of Resuelve', async () => {
    open('client', job({ status: 'cancelled_by_client', allowed_actions: [], no_show: report({ status: 'resolved', fee_waived: true, resolution: 'El cliente estaba.', answer: 'Estaba.' }) }));
    const panel = await screen.findByRole('region', { name: 'Reporte de ausencia' });
    expect(within(panel).getByText('Resuelto')).toBeTruthy();
    expect(within(panel).getByText('$25 (Resuelve lo eliminó)')).toBeTruthy();
    expect(within(panel).getByText('Nota de Resuelve')).toBeTruthy();
    expect(within(panel).getByText('El cliente estaba.')).toBeTruthy();
  });

  it('is not there before its time', () => {
    mockApi({});
    renderScreen(<NoShowPanel job={job({ allowed_actions: ['cancel'] })} side="provider" />, '/jobs/job-1', { route: '/jobs/:id' });
    expect(screen.queryByRole('region', { name: 'Reporte de ausencia' })).toBeNull();
  });
});
