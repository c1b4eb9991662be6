/** The dashboard's response time (issue 30): the figure, the minimum still missing, the nudge to the oldest request. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ResponseTimeSummary } from '@resuelve/contract';
import { ResponseTimeCard } from './response-time-card.tsx';
import { apiError, json, mockApi, renderProviderScreen } from './test-kit.tsx';

afterEach(() => vi.unstubAllGlobals());

const summary = (overrides: Partial<ResponseTimeSummary> = {}): ResponseTimeSummary => ({
  median_minutes: 95,
  bucket: 'within_hours',
  cases: 12,
  minimum_cases: 3,
  window_days: 90,
  waiting: 0,
  oldest_waiting: null,
  ...overrides,
});

describe('the response time on the dashboard', () => {
  it('shows the median in hours and minutes with its bucket and the cases behind it', async () => {
    mockApi({ 'GET /providers/me/response-time': () => json(200, summary()) });
    renderProviderScreen(<ResponseTimeCard />, '/provider/home', '/provider/home');
    expect(await screen.findByText('1 h 35 min')).toBeTruthy();
    expect(screen.getByText('Suele responder en unas horas')).toBeTruthy();
    expect(screen.getByText('Mediana de los últimos 90 días, en tus horas de trabajo · 12 solicitudes o conversaciones contestadas')).toBeTruthy();
    expect(screen.getByText('No tienes solicitudes esperando respuesta.')).toBeTruthy();
  });

  it('says how many cases it still takes, and nudges to the oldest request waiting', async () => {
    const oldest_waiting = { job_id: 'job-7', since: '2026-11-28T16:30:00.000Z', business_minutes: 130 };
    mockApi({ 'GET /providers/me/response-time': () => json(200, summary({ median_minutes: null, bucket: null, cases: 1, waiting: 2, oldest_waiting })) });
    renderProviderScreen(<ResponseTimeCard />, '/provider/home', '/provider/home');
    expect(await screen.findByText('Aún no se muestra: hace falta contestar 3 solicitudes o conversaciones (1 hasta ahora).')).toBeTruthy();
    expect(screen.getByText('2 solicitudes esperan tu respuesta; la más antigua, desde hace 2 h 10 min de tus horas de trabajo.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Responder ahora' }).getAttribute('href')).toBe('/provider/jobs/job-7');
  });

  it('offers to try again when the figure cannot load', async () => {
    mockApi({ 'GET /providers/me/response-time': () => apiError(503, 'service_unavailable') });
    renderProviderScreen(<ResponseTimeCard />, '/provider/home', '/provider/home');
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos cargar tu tiempo de respuesta.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
