import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { JobCalendar, viewOptions } from './job-calendar.tsx';
import { job, renderProviderScreen } from './test-kit.tsx';

// jsdom has no layout: FullCalendar measures with ResizeObserver (a browser API, stubbed). Its month
// grid places events only after measuring, so the DOM tests use the list, and the month's options
// are checked as given (the journey provider-calendar.spec.ts looks at the month in a browser).
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const zone = 'America/Puerto_Rico';
/** 9:00–10:00 in Puerto Rico on Tuesday 2030-01-08: a plumbing request with a long title. */
const plumbing = job({ id: 'j-1', title: 'Plomería de emergencia en el baño principal', status: 'pending', scheduled_start: '2030-01-08T13:00:00Z', scheduled_end: '2030-01-08T14:00:00Z' });
const done = job({
  id: 'j-2',
  title: 'Cambiar llave de paso',
  status: 'completed',
  scheduled_start: '2030-01-09T18:00:00Z',
  scheduled_end: '2030-01-09T19:00:00Z',
  bill: { status: 'confirmed', subtotal_cents: 8000, tax_cents: 920, total_cents: 8920, confirmed_at: '2030-01-09T16:00:00-04:00' },
});

function renderCalendar() {
  vi.useFakeTimers({ now: new Date('2030-01-09T12:00:00Z'), toFake: ['Date'] });
  return renderProviderScreen(
    <div className="provider-calendar">
      <JobCalendar jobs={[plumbing, done]} timeZone={zone} locale="es" initialView="listWeek" onRange={() => {}} />
    </div>,
    '/provider/calendar',
    '/provider/calendar',
  );
}

describe('the job calendar', () => {

  // Issue 27: every visit logged "FullCalendar: Unknown option `buttonText`" (a v6 option v7 dropped).
  // FullCalendar warns once per option per page, so this file's first render is the one that counts.
  it('gives FullCalendar only options it knows: nothing is warned while it renders', async () => {
    const warn = vi.spyOn(console, 'warn');
    renderCalendar();
    await screen.findByRole('link', { name: /Plomería de emergencia/ });
    const fromCalendar = warn.mock.calls.map((args) => args.join(' ')).filter((text) => text.includes('FullCalendar'));
    expect(fromCalendar).toEqual([]);
  });

  // Issue 27: colour was the only cue of a status, and four statuses shared one orange. An event
  // carries the mark of its status family (a shape as well as a hue) and says its status in words.
  it('marks each event with its status family and names the status in words', async () => {
    renderCalendar();
    const event = await screen.findByRole('link', { name: /Plomería de emergencia/ });
    const mark = event.querySelector('[data-status-mark]');
    expect(mark?.getAttribute('data-status-mark')).toBe('waiting');
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
    expect(event.querySelector('.job-event__time')?.textContent?.replace(/\s/g, ' ')).toBe('9:00 – 10:00 a. m.');
    expect(event.querySelector('.job-event__title')?.textContent).toBe('Plomería de emergencia en el baño principal · Ana Rivera');
    expect(event.textContent).toContain('Pendiente');
    const completed = screen.getByRole('link', { name: /Cambiar llave de paso/ });
    expect(completed.querySelector('[data-status-mark]')?.getAttribute('data-status-mark')).toBe('done');
    expect(completed.textContent).toContain('Completado');
  });

  // Issue 27: month titles wrapped over 4–5 lines, letter by letter on a phone ('Plom/ería').
  it('shows a month event as a list item (mark, start time, one line of title), at most three a day', () => {
    expect(viewOptions.dayGridMonth).toMatchObject({ eventDisplay: 'list-item', dayMaxEvents: 3, displayEventEnd: false });
  });

  // Issue 28: an ended job's event names its total.
  it("names an ended job's total after its client", async () => {
    renderCalendar();
    expect(await screen.findByRole('link', { name: /Cambiar llave de paso · Ana Rivera · \$89\.20/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Plomería de emergencia en el baño principal · Ana Rivera/ }).textContent).not.toContain('$');
  });
});
