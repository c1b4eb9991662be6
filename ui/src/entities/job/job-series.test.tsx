import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job } from '@resuelve/contract';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { JobSeriesPanel } from './job-series.tsx';

/** Every 2 weeks from Thursday 10 January 2030. */
const days = ['2030-01-10', '2030-01-24', '2030-02-07'];

const visit = (n: number, overrides: Partial<Job> = {}) =>
  job({ id: `job-${n}`, series: { id: 'series-1', visit: n, visits: 3, every_weeks: 2 }, scheduled_start: `${days[n - 1]}T13:00:00.000Z`, scheduled_end: `${days[n - 1]}T15:00:00.000Z`, ...overrides });

describe('a visit of a series on its job page', { timeout: 60_000 }, () => {
  it('names its place, lists the visits and lets the provider accept all pending ones at once', async () => {
    let jobs = [visit(1, { status: 'pending', allowed_actions: ['accept', 'decline'] }), visit(2, { status: 'pending', allowed_actions: ['accept', 'decline'] }), visit(3, { status: 'upcoming', allowed_actions: ['cancel'] })];
    const calls = mockApi({
      'GET /jobs/series/series-1': () => json(200, { jobs }),
      'POST /jobs/series/series-1/accept': () => {
        jobs = jobs.map((one) => ({ ...one, status: 'upcoming', allowed_actions: ['cancel'] }));
        return json(200, { jobs });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<JobSeriesPanel job={jobs[0]!} side="provider" hrefOf={(id) => `/provider/jobs/${id}`} />, '/provider/jobs/job-1', { route: '/provider/jobs/:id' });

    const panel = await screen.findByRole('region', { name: 'Serie de visitas' });
    expect(within(panel).getByText('Visita 1 de 3 · Cada 2 semanas')).toBeTruthy();
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));
    await user.click(within(panel).getByRole('button', { name: 'Aceptar las 2 visitas pendientes' }));
    expect(await within(panel).findByText('Aceptaste las visitas pendientes de la serie.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/jobs/series/series-1/accept']);
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /Aceptar/ })).toBeNull());
  });

  it('asks before cancelling this visit and the following ones, and shows a fee the api names before confirming it', async () => {
    const jobs = [visit(1), visit(2), visit(3)];
    const calls = mockApi({
      'GET /jobs/series/series-1': () => json(200, { jobs }),
      'POST /jobs/series/series-1/cancel': (call) =>
        (call.body as { expected_fee_cents: number }).expected_fee_cents === 2500
          ? json(200, { jobs: jobs.map((one, i) => (i === 0 ? one : { ...one, status: 'cancelled_by_client', allowed_actions: [] })) })
          : apiError(409, 'cancellation_fee_changed', { fee_cents: '2500' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<JobSeriesPanel job={jobs[1]!} side="client" hrefOf={(id) => `/client/jobs/${id}`} />, '/client/jobs/job-2', { route: '/client/jobs/:id' });

    const panel = await screen.findByRole('region', { name: 'Serie de visitas' });
    await user.click(await within(panel).findByRole('button', { name: 'Cancelar esta visita y las siguientes' }));
    expect(within(panel).getByText('¿Cancelar 2 visitas?')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await within(panel).findByText(/Cancelar ahora tiene un cargo de \$25 /)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await within(panel).findByText('Cancelaste esta visita y las siguientes.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { from_job_id: 'job-2', expected_fee_cents: 0 },
      { from_job_id: 'job-2', expected_fee_cents: 2500 },
    ]);
  });
});
