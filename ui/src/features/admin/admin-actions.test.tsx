import '../../../test/screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAccount } from '@resuelve/contract';
import { jsonResponse, mockFetch, profile, renderApp } from '../../../test/helpers.tsx';
import { verificationRequest } from '../../../test/verification-fixtures.ts';

const admin = profile({ id: 'adm-1', is_admin: true, is_onboarded: false, email: 'admin@example.pr' });
const request = verificationRequest({ licence_board: 'plumbers' });
const account: AdminAccount = {
  id: 'c-1',
  email: 'carmen@example.pr',
  name: 'Carmen Ortiz',
  company_name: null,
  role: 'client',
  is_onboarded: true,
  suspended_at: null,
  created_at: '2026-11-01T12:00:00.000Z',
};

describe('the admin console actions', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('approves a request from the queue, and rejects one only with a reason', async () => {
    let queue = [request, { ...request, id: 'vr-2', company_name: 'Techos Rivera' }];
    const decisions: string[] = [];
    mockFetch({
      'GET /profiles/me': () => jsonResponse(admin),
      'GET /admin/verification-requests': () => jsonResponse({ items: queue, total: queue.length }),
      'POST /admin/verification-requests/vr-1/approve': () => {
        decisions.push('approve vr-1');
        queue = queue.filter((r) => r.id !== 'vr-1');
        return jsonResponse({ ...request, status: 'approved' });
      },
      'POST /admin/verification-requests/vr-2/reject': (init) => {
        decisions.push(`reject vr-2 ${String(init?.body)}`);
        queue = [];
        return jsonResponse({ ...request, id: 'vr-2', status: 'rejected' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/verification', { user: admin });
    const luis = await screen.findByRole('article', { name: 'Plomería Luis' });
    expect(within(luis).getByText('Junta Examinadora de Plomeros')).toBeTruthy();
    expect(within(luis).getByRole('link', { name: 'Ver certificado (PDF)' }).getAttribute('href')).toContain('signature=');
    await user.click(within(luis).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Plomería Luis' })).toBeNull());

    const rivera = screen.getByRole('article', { name: 'Techos Rivera' });
    await user.click(within(rivera).getByRole('button', { name: 'Rechazar' }));
    await user.click(within(rivera).getByRole('button', { name: 'Rechazar con este motivo' }));
    expect(within(rivera).getByText('Escribe el motivo (al menos 3 caracteres).')).toBeTruthy();
    await user.type(within(rivera).getByLabelText('Motivo del rechazo'), 'La póliza venció.');
    await user.click(within(rivera).getByRole('button', { name: 'Rechazar con este motivo' }));
    expect(await screen.findByText('No hay solicitudes pendientes.')).toBeTruthy();
    expect(decisions).toEqual(['approve vr-1', 'reject vr-2 {"reason":"La póliza venció."}']);
  });

  it('finds an account, suspends it after saying what that does, and restores it', async () => {
    let current = account;
    const searched: string[] = [];
    mockFetch({
      'GET /profiles/me': () => jsonResponse(admin),
      'GET /admin/accounts': () => jsonResponse({ items: [current], total: 1 }),
      'POST /admin/accounts/c-1/suspend': () => jsonResponse((current = { ...current, suspended_at: '2026-11-25T16:00:00.000Z' })),
      'POST /admin/accounts/c-1/restore': () => jsonResponse((current = { ...current, suspended_at: null })),
      'GET /admin/accounts/c-1/actions': () =>
        jsonResponse({
          items: [{ id: '1', action: 'account_suspended', admin_id: 'adm-1', admin_email: 'admin@example.pr', target_id: 'c-1', details: { reason: 'Fraude' }, created_at: '2026-11-25T16:00:00.000Z' }],
        }),
    });
    const fetchSpy = vi.mocked(globalThis.fetch);
    const user = userEvent.setup();
    renderApp('/admin/accounts', { user: admin });
    await user.type(await screen.findByRole('searchbox'), 'carmen');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => {
      searched.push(...fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('q=carmen')));
      expect(searched.length).toBeGreaterThan(0);
    });

    const card = await screen.findByRole('article', { name: 'Carmen Ortiz' });
    await user.click(within(card).getByRole('button', { name: 'Suspender' }));
    expect(within(card).getByText(/no podrá iniciar sesión/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Suspender la cuenta' }));
    expect(await within(card).findByText('Suspendida')).toBeTruthy();
    // Day first in Spanish and Puerto Rico's clock (16:00 UTC is noon there), whatever the browser's zone.
    expect(within(card).getByText(/^25 nov 2026, 12:00\sp\.\sm\.$/)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Historial' }));
    expect(await within(card).findByText(/Cuenta suspendida · admin@example.pr · Fraude/)).toBeTruthy();
    expect(card.querySelector('.admin-history time')?.textContent).toMatch(/^25 nov 2026, 12:00\sp\.\sm\.$/);

    await user.click(within(card).getByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(within(card).queryByText('Suspendida')).toBeNull());
  });
});

describe('the logs section', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('filters by level and by an entry’s correlation id', async () => {
    const asked: string[] = [];
    const entry = (id: string, level: string, correlation: string) => ({
      id,
      logged_at: '2026-11-25T15:00:00.000Z',
      received_at: '2026-11-25T15:00:01.000Z',
      level,
      message: `${level} message`,
      correlation_id: correlation,
      session_id: null,
      user_id: 'c-1',
      user_email: 'carmen@example.pr',
      url: 'http://localhost/client/home',
      category: 'render',
    });
    mockFetch({
      'GET /profiles/me': () => jsonResponse(admin),
      'GET /admin/logs': () => jsonResponse({ items: [entry('1', 'error', 'corr-a'), entry('2', 'info', 'corr-b')], total: 2 }),
    });
    const fetchSpy = vi.mocked(globalThis.fetch);
    const user = userEvent.setup();
    renderApp('/admin/logs', { user: admin });
    expect(await screen.findByText('error message')).toBeTruthy();
    expect(screen.getAllByText(/^25 nov 2026, 11:00:00\sa\.\sm\.$/)).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Nivel'), 'error');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await user.click(screen.getByRole('button', { name: 'Ver todos los registros con el ID de correlación corr-b' }));
    await waitFor(() => {
      asked.splice(0, asked.length, ...fetchSpy.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').search));
      expect(asked).toEqual(expect.arrayContaining([expect.stringContaining('level=error'), expect.stringContaining('correlation_id=corr-b')]));
    });
    expect((screen.getByLabelText('ID de correlación') as HTMLInputElement).value).toBe('corr-b');
  });
});
