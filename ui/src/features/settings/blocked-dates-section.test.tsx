import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BlockedDatesSection } from './blocked-dates-section.tsx';
import type { BlockedDate } from '../../entities/provider/api.ts';
import { apiError, json, mockApi, providerProfile, providerUser, renderSection } from './test-helpers.tsx';

// Noon in Puerto Rico on 2 March 2030: "today" for the provider.
const now = new Date('2030-03-02T16:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function answer(list: BlockedDate[], overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /providers/me': () => json(200, providerProfile()),
    'GET /providers/me/blocked-dates': () => json(200, { items: list }),
    'POST /providers/me/blocked-dates': (call) => {
      const body = call.body as { date: string; reason?: string };
      return json(201, { date: body.date, reason: body.reason ?? null });
    },
    'DELETE /providers/me/blocked-dates/2030-03-20': () => json(204),
    ...overrides,
  });
}

async function fillDate(user: ReturnType<typeof userEvent.setup>, date: string) {
  const input = await screen.findByLabelText('Fecha');
  await user.clear(input);
  await user.type(input, date);
  return input;
}

describe('blocked days settings', { timeout: 20_000 }, () => {
  it('starts empty, adds a day with its reason and lists the days in order', async () => {
    const calls = answer([{ date: '2030-04-01', reason: null }]);
    const user = userEvent.setup({ delay: null });
    renderSection(<BlockedDatesSection />, { user: providerUser });

    expect((await screen.findByLabelText('Fecha')).getAttribute('min')).toBe('2030-03-02');
    await fillDate(user, '2030-03-20');
    await user.type(screen.getByLabelText('Motivo (opcional)'), 'Vacaciones');
    await user.click(screen.getByRole('button', { name: 'Bloquear día' }));

    expect(await screen.findByText('miércoles, 20 de marzo de 2030')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/providers/me/blocked-dates', body: { date: '2030-03-20', reason: 'Vacaciones' } }),
    ]);
    const items = within(screen.getByRole('list', { name: 'Días bloqueados' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('time')?.getAttribute('dateTime'))).toEqual(['2030-03-20', '2030-04-01']);
    expect(within(items[0] as HTMLElement).getByText('Vacaciones')).toBeTruthy();
    expect((screen.getByLabelText('Fecha') as HTMLInputElement).value).toBe('');
  });

  it('says when there are no blocked days yet', async () => {
    answer([]);
    renderSection(<BlockedDatesSection />, { user: providerUser });
    expect(await screen.findByText('Todavía no tienes días bloqueados.')).toBeTruthy();
  });

  it('refuses a past day without asking the server, and a day the list already has', async () => {
    const calls = answer([{ date: '2030-04-01', reason: null }]);
    const user = userEvent.setup({ delay: null });
    renderSection(<BlockedDatesSection />, { user: providerUser });

    await fillDate(user, '2030-03-01');
    await user.click(screen.getByRole('button', { name: 'Bloquear día' }));
    expect(screen.getByText('Elige hoy o una fecha posterior.')).toBeTruthy();

    await fillDate(user, '2030-04-01');
    expect(screen.getByText('Esa fecha ya está bloqueada.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's date_already_blocked next to the date (blocked meanwhile elsewhere)", async () => {
    answer([], { 'POST /providers/me/blocked-dates': () => apiError(409, 'date_already_blocked') });
    const user = userEvent.setup({ delay: null });
    renderSection(<BlockedDatesSection />, { user: providerUser });

    const input = await fillDate(user, '2030-03-20');
    await user.click(screen.getByRole('button', { name: 'Bloquear día' }));
    expect(await screen.findByText('Esa fecha ya está bloqueada.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('removes a day, and says so when it was already gone (slot_not_found)', async () => {
    const calls = answer([
      { date: '2030-03-20', reason: 'Feriado' },
      { date: '2030-04-01', reason: null },
    ], { 'DELETE /providers/me/blocked-dates/2030-04-01': () => apiError(404, 'slot_not_found') });
    const user = userEvent.setup({ delay: null });
    renderSection(<BlockedDatesSection />, { user: providerUser });

    await user.click(await screen.findByRole('button', { name: 'Quitar miércoles, 20 de marzo de 2030' }));
    expect(await screen.findByText('El miércoles, 20 de marzo de 2030 está disponible otra vez.')).toBeTruthy();
    expect(screen.queryByText('Feriado')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/providers/me/blocked-dates/2030-03-20']);

    await user.click(screen.getByRole('button', { name: 'Quitar lunes, 1 de abril de 2030' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esa fecha bloqueada ya no existe.');
    expect(screen.getByText('Todavía no tienes días bloqueados.')).toBeTruthy();
  });
});
