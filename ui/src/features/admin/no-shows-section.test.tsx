import '../../../test/screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminNoShowReport } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { jsonResponse, mockFetch, profile, renderApp } from '../../../test/helpers.tsx';

const admin = profile({ id: 'adm-1', is_admin: true, is_onboarded: false, email: 'admin@example.pr' });

const report: AdminNoShowReport = {
  id: 'ns-1',
  reported_by: 'provider',
  note: 'Toqué la puerta y nadie abrió.',
  answer: 'Estaba en casa, nadie tocó.',
  answered_at: '2030-01-10T10:00:00-04:00',
  fee_cents: 2500,
  fee_waived: false,
  status: 'open',
  resolution: null,
  resolved_at: null,
  created_at: '2030-01-10T09:20:00-04:00',
  job: { id: 'job-1', title: 'Arreglar el fregadero', scheduled_start: '2030-01-10T09:00:00-04:00', status: 'cancelled_by_client', timezone: 'America/Puerto_Rico' },
  client: { id: 'client-1', name: 'Ana Rivera' },
  provider: { id: 'prov-1', name: 'Plomería Luis' },
};

describe("the admin's no-show reports", { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => testI18n.changeLanguage('es'));
  });

  it("lists the open reports with both sides' words and resolves one, waiving its fee", async () => {
    let open = [report, { ...report, id: 'ns-2', reported_by: 'client' as const, note: 'Esperé una hora.', answer: null, fee_cents: null }];
    const sent: unknown[] = [];
    mockFetch({
      'GET /profiles/me': () => jsonResponse(admin),
      'GET /admin/no-shows': () => jsonResponse({ items: open, total: open.length }),
      'POST /admin/no-shows/ns-1/resolve': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        open = open.filter((item) => item.id !== 'ns-1');
        return jsonResponse({ ...report, status: 'resolved' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/no-shows', { user: admin });
    expect(await screen.findByRole('link', { name: 'Ausencias' })).toBeTruthy();
    const marked = await screen.findByRole('article', { name: 'Plomería Luis marcó ausente a Ana Rivera' });
    expect(within(marked).getByText('Palabras del proveedor (Plomería Luis)')).toBeTruthy();
    expect(within(marked).getByText('Toqué la puerta y nadie abrió.')).toBeTruthy();
    expect(within(marked).getByText('Palabras del cliente (Ana Rivera)')).toBeTruthy();
    expect(within(marked).getByText('Estaba en casa, nadie tocó.')).toBeTruthy();
    expect(within(marked).getByText('$25')).toBeTruthy();
    const missed = screen.getByRole('article', { name: 'Ana Rivera reportó que Plomería Luis no llegó' });
    expect(within(missed).getByText('Sin respuesta todavía.')).toBeTruthy();
    expect(within(missed).getByText('Sin cargo')).toBeTruthy();

    await user.click(within(marked).getByRole('button', { name: 'Resolver' }));
    await user.type(within(marked).getByLabelText('Nota de la resolución'), 'El cliente estaba en casa.');
    await user.click(within(marked).getByLabelText('Eliminar el cargo de $25'));
    await user.click(within(marked).getByRole('button', { name: 'Marcar resuelto' }));
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Plomería Luis marcó ausente a Ana Rivera' })).toBeNull());
    expect(sent).toEqual([{ note: 'El cliente estaba en casa.', waive_fee: true }]);
  });

  it('says when there are none, and when they could not be loaded, in English too', async () => {
    const english = { ...admin, language: 'en' as const };
    let fail = true;
    mockFetch({
      'GET /profiles/me': () => jsonResponse(english),
      // A refusal is not retried, so the failure shows at once.
      'GET /admin/no-shows': () => (fail ? jsonResponse({ error: 'Forbidden', status: 403, code: 'forbidden' }, 403) : jsonResponse({ items: [], total: 0 })),
    });
    const user = userEvent.setup();
    await act(() => testI18n.changeLanguage('en'));
    renderApp('/admin/no-shows', { user: english });
    expect(await screen.findByText('We could not load the reports. You are not allowed to do this.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no open no-show reports.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText('There are no resolved reports yet.')).toBeTruthy();
  });
});
