import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ProviderJobPage } from './job-request-page.tsx';
import { apiError, job, json, mockApi, ownProvider, renderProviderScreen } from './test-kit.tsx';
import type { Call } from './test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The job as the fake api holds it: a change answered by `becomes` is what the next GET returns. */
const state = { job: job() };

function becomes(next: ReturnType<typeof job>) {
  return () => {
    state.job = next;
    return json(200, next);
  };
}

function open(shown: ReturnType<typeof job>, routes: Record<string, (call: Call) => Response> = {}) {
  state.job = shown;
  const calls = mockApi({
    'GET /jobs/job-1': () => json(200, state.job),
    'GET /providers/me': () => json(200, ownProvider()),
    'GET /jobs/job-1/sessions': () => json(200, { items: [shown] }),
    'GET /job-time-extensions/job/job-1': () => json(200, { items: [] }),
    ...routes,
  });
  renderProviderScreen(<ProviderJobPage />, '/provider/jobs/job-1', '/provider/jobs/:id');
  return calls;
}

const onTheDay = job({ status: 'upcoming', allowed_actions: ['on_my_way', 'start', 'cancel'] });
const told = job({ ...onTheDay, on_my_way: { at: '2030-01-10T08:20:00-04:00', arrival_at: '2030-01-10T08:50:00-04:00' } });

describe('"on my way" on the provider\'s job page', { timeout: 30_000 }, () => {
  it('sends the arrival in minutes chosen from the pills, then says what the client was told', async () => {
    const calls = open(onTheDay, { 'POST /jobs/job-1/on-my-way': becomes(told) });
    fireEvent.click(await screen.findByRole('button', { name: 'Voy en camino' }));
    const form = screen.getByRole('form', { name: 'Voy en camino' });
    fireEvent.click(within(form).getByRole('radio', { name: '30 min' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Avisar al cliente' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ arrival_minutes: 30 }));
    expect((await screen.findByText(/Avisaste que vas en camino/)).textContent).toMatch(/Llegada estimada: 8:50\sa\.\sm\.$/);
  });

  it('sends a time of today instead, and asks for one of the two when neither was given', async () => {
    const calls = open(onTheDay, { 'POST /jobs/job-1/on-my-way': () => json(200, told) });
    fireEvent.click(await screen.findByRole('button', { name: 'Voy en camino' }));
    const form = screen.getByRole('form', { name: 'Voy en camino' });
    fireEvent.click(within(form).getByRole('button', { name: 'Avisar al cliente' }));
    expect(within(form).getByText('Escoge en cuántos minutos llegas o a qué hora.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('O llego a las'), { target: { value: '08:50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Avisar al cliente' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ arrival_time: '08:50' }));
  });

  it("says the api's refusal in words in the form", async () => {
    open(onTheDay, { 'POST /jobs/job-1/on-my-way': () => apiError(400, 'arrival_out_of_range') });
    fireEvent.click(await screen.findByRole('button', { name: 'Voy en camino' }));
    const form = screen.getByRole('form', { name: 'Voy en camino' });
    fireEvent.change(within(form).getByLabelText('O llego a las'), { target: { value: '06:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Avisar al cliente' }));
    expect(await within(form).findByText('La llegada estimada tiene que ser entre 5 minutos y 4 horas desde ahora.')).toBeTruthy();
  });
});
