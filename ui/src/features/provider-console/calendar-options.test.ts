import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { jobStatuses } from '@resuelve/contract';
import { getI18n } from '../../lib/i18n.ts';
import type { JobStatusTone } from '../../entities/job/job-status-badge.tsx';
import { calendarTexts, eventTimeText, familyColor, slotLabelText, statusColor, statusesOf, statusFamilies } from './calendar-options.ts';
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

  // Issue 27: booked (teal) and done (green) were 20° of hue apart, the same dot at a glance.
  it('gives each status family its own hue, readable on white, and the ended family a grey', () => {
    const hex = (family: JobStatusTone) => {
      const name = /var\(--status-([a-z_]+)\)/.exec(familyColor(family))![1]!;
      let raw = new RegExp(`--status-${name}:\\s*([^;]+);`).exec(tokens)![1]!.trim();
      for (let inner = /^var\(--status-([a-z_]+)\)$/.exec(raw); inner; inner = /^var\(--status-([a-z_]+)\)$/.exec(raw)) {
        raw = new RegExp(`--status-${inner[1]}:\\s*([^;]+);`).exec(tokens)![1]!.trim();
      }
      return raw;
    };
    const rgb = (colour: string) => [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16) / 255) as [number, number, number];
    const hueAndSaturation = (colour: string) => {
      const [r, g, b] = rgb(colour);
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const delta = max - min;
      const saturation = max === 0 ? 0 : delta / max;
      if (delta === 0) return { hue: 0, saturation };
      const hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
      return { hue: (hue * 60 + 360) % 360, saturation };
    };
    const luminance = (colour: string) => {
      const [r, g, b] = rgb(colour).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const coloured = statusFamilies.filter((family) => family !== 'ended');
    for (const family of statusFamilies) {
      expect(1.05 / (luminance(hex(family)) + 0.05), `${family} on white`).toBeGreaterThanOrEqual(4.5);
    }
    expect(hueAndSaturation(hex('ended')).saturation).toBeLessThan(0.3);
    for (const [i, a] of coloured.entries()) {
      expect(hueAndSaturation(hex(a)).saturation, a).toBeGreaterThan(0.5);
      for (const b of coloured.slice(i + 1)) {
        const apart = Math.abs(hueAndSaturation(hex(a)).hue - hueAndSaturation(hex(b)).hue);
        expect(Math.min(apart, 360 - apart), `${a} and ${b}`).toBeGreaterThanOrEqual(35);
      }
    }
  });

  it('files every status in exactly one family', () => {
    expect(statusFamilies.flatMap(statusesOf).sort()).toEqual([...jobStatuses].sort());
    expect(statusesOf('waiting')).toEqual(['pending', 'modification_requested', 'schedule_change_pending', 'continuation_proposed']);
    expect(statusesOf('ended')).toEqual(['cancelled', 'cancelled_by_client', 'expired']);
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
        texts.monthText,
        texts.weekTextLong,
        texts.dayText,
        texts.todayText,
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
