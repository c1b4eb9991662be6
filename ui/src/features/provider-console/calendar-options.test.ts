import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { jobStatuses } from '@resuelve/contract';
import { getI18n } from '../../lib/i18n.ts';
import { calendarTexts, eventTimeText, slotLabelText, statusColor } from './calendar-options.ts';
import { firstView } from './job-calendar.tsx';

const tokens = readFileSync(join(import.meta.dirname, '..', '..', 'styles', 'tokens.css'), 'utf8');
const zone = 'America/Puerto_Rico';
/** What FullCalendar hands a formatter: the real instants (13:00Z is 9:00 in Puerto Rico). */
const at = (iso: string) => ({ instantMs: Date.parse(iso) });

describe('status colours', () => {
  it('gives every job status the design token of its name, each one defined in tokens.css', () => {
    for (const status of jobStatuses) {
      expect(statusColor(status)).toBe(`var(--status-${status})`);
      expect(tokens, `--status-${status} in tokens.css`).toMatch(new RegExp(`--status-${status}:`));
    }
  });

  it('tells waiting, booked, running, done and cancelled apart', () => {
    const value = (status: string) => new RegExp(`--status-${status}:\\s*([^;]+);`).exec(tokens)?.[1];
    const resolved = (status: string): string => {
      const raw = value(status) ?? '';
      const inner = /^var\(--status-([a-z_]+)\)$/.exec(raw.trim());
      return inner ? resolved(inner[1]!) : raw.trim();
    };
    const shades = new Set(['pending', 'upcoming', 'in_progress', 'completed', 'cancelled'].map(resolved));
    expect(shades.size).toBe(5);
  });
});

describe('calendar times, formatted like the rest of the app', () => {
  it('shows an event range with a. m. in Spanish and AM in English, in the provider zone', () => {
    const range = { date: at('2030-01-08T13:00:00Z'), end: at('2030-01-08T14:30:00Z') };
    expect(eventTimeText(range, 'es', zone).replace(/\s/g, ' ')).toBe('9:00 – 10:30 a. m.');
    expect(eventTimeText(range, 'en', zone).replace(/\s/g, ' ')).toBe('9:00 – 10:30 AM');
  });

  it('shows a single time, and a range over noon with both halves of the day', () => {
    expect(eventTimeText({ date: at('2030-01-08T19:15:00Z') }, 'en', zone).replace(/\s/g, ' ')).toBe('3:15 PM');
    const overNoon = { date: at('2030-01-08T15:00:00Z'), end: at('2030-01-08T17:00:00Z') };
    expect(eventTimeText(overNoon, 'es', zone).replace(/\s/g, ' ')).toBe('11:00 a. m. – 1:00 p. m.');
  });

  it('labels the grid rows by the hour, 12-hour in both languages', () => {
    expect(slotLabelText({ date: at('2030-01-08T17:00:00Z') }, 'es', zone).replace(/\s/g, ' ')).toBe('1 p. m.');
    expect(slotLabelText({ date: at('2030-01-08T17:00:00Z') }, 'en', zone).replace(/\s/g, ' ')).toBe('1 PM');
    expect(slotLabelText({ date: at('2030-01-08T17:30:00Z') }, 'en', zone).replace(/\s/g, ' ')).toBe('1:30 PM');
  });
});

/** The app's t() for the calendar's namespace in one language (the test setup loads locales/). */
const translator = (lng: 'es' | 'en') => getI18n().getFixedT(lng, 'provider-jobs') as TFunction<'provider-jobs'>;

describe("FullCalendar's words", () => {
  it('come from our locales in both languages, FullCalendar English never shown', () => {
    for (const locale of ['es', 'en'] as const) {
      const texts = calendarTexts(translator(locale), locale);
      const words = [
        texts.timedText,
        texts.allDayText,
        texts.noEventsText,
        texts.listText,
        ...Object.values(texts.buttonText),
        texts.moreLinkText(2),
        texts.moreLinkHint(1),
        texts.prevHint('', 'week'),
        texts.nextHint('', 'month'),
        texts.todayHint('', 'day'),
        texts.viewHint('Semana'),
      ];
      for (const word of words) expect(word).toMatch(/\S/);
      expect(words).not.toContain('Timed');
      expect(words).not.toContain('All-day');
    }
    const spanish = calendarTexts(translator('es'), 'es');
    expect(spanish.timedText).toBe('Con hora');
    expect(spanish.listText).toBe('Lista');
    expect(spanish.prevHint('', 'week')).toBe('Semana anterior');
    expect(calendarTexts(translator('en'), 'en').moreLinkHint(3)).toBe('Show 3 more jobs');
  });
});

describe('the first view on a phone', () => {
  it('opens the week grid as a list below 640 px and keeps any other choice', () => {
    expect(firstView('timeGridWeek', true)).toBe('listWeek');
    expect(firstView('timeGridWeek', false)).toBe('timeGridWeek');
    expect(firstView('dayGridMonth', true)).toBe('dayGridMonth');
    expect(firstView('timeGridDay', true)).toBe('timeGridDay');
  });
});
