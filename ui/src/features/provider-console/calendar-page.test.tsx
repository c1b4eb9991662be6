import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ProviderCalendarPage } from './calendar-page.tsx';
import { visibleHours } from './job-calendar.tsx';
import { job, json, mockApi, ownProvider, renderProviderScreen, stats } from './test-kit.tsx';
import type { Call } from './test-kit.tsx';
import { testI18n } from '../../../test/setup.ts';

// jsdom has no layout: FullCalendar measures with ResizeObserver (a browser API, stubbed; our api is faked above it).
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => vi.unstubAllGlobals());

const route = '/provider/calendar';

/** Three jobs of the week of 2030-01-07 (Mon): one pending, one upcoming, one cancelled. */
const weekJobs = [
  job({ id: 'j-pending', title: 'Revisar tubería', status: 'pending', scheduled_start: '2030-01-08T13:00:00Z', scheduled_end: '2030-01-08T14:00:00Z' }),
  job({ id: 'j-upcoming', title: 'Instalar calentador', status: 'upcoming', scheduled_start: '2030-01-09T14:00:00Z', scheduled_end: '2030-01-09T16:00:00Z' }),
  job({ id: 'j-cancelled', title: 'Destapar desagüe', status: 'cancelled_by_client', scheduled_start: '2030-01-10T15:00:00Z', scheduled_end: '2030-01-10T16:00:00Z' }),
];

function open(path = route) {
  // The list view of a fixed week, so the events are plain rows whatever jsdom measures.
  localStorage.setItem('resuelve.provider.calendar-view', 'listWeek');
  vi.useFakeTimers({ now: new Date('2030-01-09T12:00:00Z'), toFake: ['Date'] });
  const calls = mockApi({
    'GET /providers/me': () => json(200, ownProvider()),
    'GET /providers/me/stats': () => json(200, stats({ today: 2, this_week: 9, pending: 3, month_earnings_cents: 250_050 })),
    'GET /jobs/list': () => json(200, { items: weekJobs }),
    'GET /clients': () => json(200, { items: [{ id: 'client-1', email: 'ana@example.pr', first_name: 'Ana', last_name: 'Rivera', display_name: null, address: null, city: null }], total: 1 }),
  });
  const view = renderProviderScreen(<ProviderCalendarPage />, path, route);
  return { calls, ...view };
}

afterEach(() => vi.useRealTimers());

const where = () => screen.getByTestId('where').textContent;

describe('provider calendar', () => {
  it('asks /jobs/list for the visible range and shows each job as a link to its details', async () => {
    const { calls } = open();
    const link = await screen.findByRole('link', { name: /Instalar calentador/ });
    expect(link.getAttribute('href')).toBe('/provider/jobs/j-upcoming');
    const list = calls.find((c: Call) => c.path === '/jobs/list')!;
    const params = new URLSearchParams(list.search);
    expect(Date.parse(params.get('to')!) - Date.parse(params.get('from')!)).toBe(7 * 86_400_000);
    fireEvent.click(link);
    await waitFor(() => expect(where()).toBe('/provider/jobs/j-upcoming'));
  });

  it('colours each job by its status token and writes its time with a. m. / p. m.', async () => {
    open();
    const pending = await screen.findByRole('link', { name: /Revisar tubería/ });
    const upcoming = screen.getByRole('link', { name: /Instalar calentador/ });
    expect(pending.style.getPropertyValue('--fc-event-color')).toBe('var(--status-pending)');
    expect(upcoming.style.getPropertyValue('--fc-event-color')).toBe('var(--status-upcoming)');
    // 13:00Z and 14:00Z are 9 and 10 in the morning in Puerto Rico; 14:00Z–16:00Z is 10 to noon.
    expect(pending.textContent?.replace(/\s/g, ' ')).toContain('9:00 – 10:00 a. m.');
    expect(upcoming.textContent?.replace(/\s/g, ' ')).toContain('10:00 a. m. – 12:00 p. m.');
    // The legend's mark of the waiting family is in the colour its statuses point to.
    const mark = within(screen.getByRole('group', { name: 'Mostrar estados' })).getByText('Por confirmar').querySelector('[data-status-mark]') as HTMLElement | null;
    expect(mark?.style.color).toBe('var(--status-pending)');
  });

  it('writes its times with AM / PM in English (the journeys walk the calendar in Spanish)', async () => {
    await testI18n.changeLanguage('en');
    open();
    const pending = await screen.findByRole('link', { name: /Revisar tubería/ });
    const upcoming = screen.getByRole('link', { name: /Instalar calentador/ });
    expect(pending.textContent?.replace(/\s/g, ' ')).toContain('9:00 – 10:00 AM');
    expect(upcoming.textContent?.replace(/\s/g, ' ')).toContain('10:00 AM – 12:00 PM');
    expect(within(screen.getByRole('group', { name: 'Show statuses' })).getByRole('checkbox', { name: 'Awaiting answer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
  });

  // Issue 27: ten checkboxes in five colours; the legend filters by family, one hue and mark each.
  it('filters by status family: unticking one hides all of its statuses and keeps the filter in the URL', async () => {
    open();
    await screen.findByRole('link', { name: /Revisar tubería/ });
    const filters = screen.getByRole('group', { name: 'Mostrar estados' });
    expect(within(filters).getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Por confirmar',
      'Confirmados',
      'En progreso',
      'Completados',
      'Cancelados o vencidos',
    ]);
    fireEvent.click(within(filters).getByRole('checkbox', { name: 'Por confirmar' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Revisar tubería/ })).toBeNull());
    expect(screen.getByRole('link', { name: /Instalar calentador/ })).toBeTruthy();
    const kept = new URLSearchParams(where()!.split('?')[1]).get('status')!.split(',');
    expect(kept).not.toContain('pending');
    expect(kept).not.toContain('modification_requested');
    expect(kept).toContain('upcoming');
    expect(kept.length).toBe(6);
    expect(screen.getByRole('button', { name: 'Filtros (1 estado oculto)' })).toBeTruthy();
  });

  it('opens with the statuses the URL names, a family with only some of them shown as mixed', async () => {
    open('/provider/calendar?status=cancelled_by_client');
    await screen.findByRole('link', { name: /Destapar desagüe/ });
    expect(screen.queryByRole('link', { name: /Instalar calentador/ })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Confirmados' }) as HTMLInputElement).checked).toBe(false);
    const ended = screen.getByRole('checkbox', { name: 'Cancelados o vencidos' }) as HTMLInputElement;
    expect(ended.checked).toBe(false);
    expect(ended.indeterminate).toBe(true);
    fireEvent.click(ended);
    await waitFor(() => expect(new URLSearchParams(where()!.split('?')[1]).get('status')).toBe('cancelled,cancelled_by_client,expired'));
  });

  // Issue 27: on a phone the stats and the legend pushed the calendar ~520 px down. They sit behind
  // one "Filtros" button (the stylesheet folds the panel below 640 px) that opens and closes them.
  it('puts the stats and the legend behind a Filtros button that says what it opens', async () => {
    open();
    await screen.findByRole('link', { name: /Revisar tubería/ });
    const toggle = screen.getByRole('button', { name: 'Filtros' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('group', { name: 'Mostrar estados' })).toBeTruthy();
    expect(await within(panel).findByLabelText('Estadísticas')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.parentElement?.getAttribute('data-open')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.parentElement?.getAttribute('data-open')).toBe('true');
  });

  it('shows today, this week, pending and the month revenue', async () => {
    open();
    const statsList = await screen.findByLabelText('Estadísticas');
    const value = (label: string) => within(statsList).getByText(label).parentElement?.querySelector('dd')?.textContent;
    expect(value('Hoy')).toBe('2');
    expect(value('Esta semana')).toBe('9');
    expect(value('Pendientes')).toBe('3');
    expect(value('Ingresos del mes')).toBe('$2,500.50');
    expect(screen.getByRole('link', { name: 'Configuración del negocio' }).getAttribute('href')).toBe('/provider/settings');
  });

  it('creates a job for a client with POST /jobs/provider-create', async () => {
    const { calls } = open();
    await screen.findByRole('link', { name: /Instalar calentador/ });
    const created = job({ id: 'new-1', status: 'upcoming' });
    mockApi({
      'GET /clients': () => json(200, { items: [{ id: 'client-1', email: 'ana@example.pr', first_name: 'Ana', last_name: 'Rivera', display_name: null, address: null, city: null }], total: 1 }),
      'GET /providers/me/availability': () => json(200, { date: '2030-01-11', duration: 60, timezone: 'America/Puerto_Rico', slots: [], reason: null }),
      'GET /jobs/list': () => json(200, { items: weekJobs }),
      'GET /providers/me/stats': () => json(200, stats()),
      'POST /jobs/provider-create': (call) => {
        calls.push(call);
        return json(201, created);
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo trabajo' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo trabajo para un cliente' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear trabajo' }));
    expect(within(dialog).getAllByText('Este campo es obligatorio.').length).toBeGreaterThanOrEqual(3);
    await within(dialog).findByRole('option', { name: 'Ana Rivera' });
    fireEvent.change(within(dialog).getByLabelText('Cliente'), { target: { value: 'client-1' } });
    fireEvent.change(within(dialog).getByLabelText('Título'), { target: { value: 'Cambiar llave de paso' } });
    fireEvent.change(within(dialog).getByLabelText('Fecha'), { target: { value: '2030-01-11' } });
    fireEvent.change(within(dialog).getByLabelText('Hora'), { target: { value: '10:00' } });
    fireEvent.change(within(dialog).getByLabelText('Lugar'), { target: { value: 'client_location' } });
    fireEvent.change(within(dialog).getByLabelText('Dirección'), { target: { value: 'Calle Sol 3, Ponce' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear trabajo' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/jobs/provider-create')?.body).toEqual({
        client_id: 'client-1',
        category_id: 1,
        title: 'Cambiar llave de paso',
        description: '',
        scheduled_start: '2030-01-11T10:00:00-04:00',
        duration_hours: 1,
        location_type: 'client_location',
        location_address: 'Calle Sol 3, Ponce',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // Issue 27, one price: the public rate is the only rate, so the preferences ask for none.
  it('keeps the first view on this device and asks for no second rate', async () => {
    open('/provider/calendar?preferences=1');
    const patches: Call[] = [];
    const dialog = await screen.findByRole('dialog', { name: 'Preferencias del calendario' });
    mockApi({
      'PATCH /providers/me': (call) => {
        patches.push(call);
        return json(200, ownProvider());
      },
      'GET /providers/me': () => json(200, ownProvider()),
      'GET /providers/me/stats': () => json(200, stats()),
      'GET /jobs/list': () => json(200, { items: weekJobs }),
    });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Vista inicial'), { target: { value: 'dayGridMonth' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(where()).toBe('/provider/calendar'));
    expect(localStorage.getItem('resuelve.provider.calendar-view')).toBe('dayGridMonth');
    expect(patches).toEqual([]);
  });
  it('opens in the week view by default and offers month, week, day and list', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-09T12:00:00Z'), toFake: ['Date'] });
    const calls = mockApi({
      'GET /providers/me': () => json(200, ownProvider()),
      'GET /providers/me/stats': () => json(200, stats()),
      'GET /jobs/list': () => json(200, { items: weekJobs }),
    });
    renderProviderScreen(<ProviderCalendarPage />, route, route);
    const views = await screen.findByRole('tablist');
    expect(within(views).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Mes', 'Semana', 'Día', 'Lista']);
    expect(within(views).getByRole('tab', { selected: true }).getAttribute('aria-label')).toBe('Vista de semana');
    await waitFor(() => expect(calls.some((c) => c.path === '/jobs/list')).toBe(true));
    // The week of 2030-01-09 in Puerto Rico (Spanish weeks start on Monday): the 7th to the 14th, at local midnight.
    const params = new URLSearchParams(calls.find((c) => c.path === '/jobs/list')!.search);
    expect(params.get('from')).toBe('2030-01-07T04:00:00.000Z');
    expect(params.get('to')).toBe('2030-01-14T04:00:00.000Z');
  });
});

describe('the hours the week and day grids show', () => {
  const week = (from: string, to: string) =>
    Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day, i) => [day, { open: i < 6, from, to }])) as never;

  it('spans the working week in whole hours', () => {
    expect(visibleHours(week('07:30', '16:45'), [], 'America/Puerto_Rico')).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '17:00:00' });
  });

  it('widens to a job outside the hours, in the provider zone', () => {
    // 01:00Z is 21:00 the evening before in Puerto Rico; it ends 22:30 there.
    const late = job({ scheduled_start: '2030-01-09T01:00:00Z', scheduled_end: '2030-01-09T02:30:00Z' });
    expect(visibleHours(week('08:00', '17:00'), [late], 'America/Puerto_Rico')).toEqual({ slotMinTime: '08:00:00', slotMaxTime: '23:00:00' });
  });

  it('shows the whole day to a provider who is never open', () => {
    const closed = Object.fromEntries(Object.entries(week('08:00', '17:00')).map(([day, hours]) => [day, { ...(hours as object), open: false }])) as never;
    expect(visibleHours(closed, [], 'America/Puerto_Rico')).toEqual({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00' });
  });
});
