import { describe, expect, it } from 'vitest';
import {
  dayInZone,
  dayStartInZone,
  formatElapsed,
  formatJobDate,
  formatJobDuration,
  formatJobTimeRange,
  formatJobWhen,
  nextDay,
  relativeJobDay,
} from './job-format.ts';

const tz = 'America/Puerto_Rico';
/** Intl puts thin and no-break spaces around ranges and before AM/PM. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ');
// 9:00–11:30 in Puerto Rico (UTC-4).
const job = { scheduled_start: '2026-11-21T13:00:00Z', scheduled_end: '2026-11-21T15:30:00Z', timezone: tz };

describe('job-format', () => {
  it('shows times in the job’s time zone, not the machine’s', () => {
    expect(plain(formatJobTimeRange(job.scheduled_start, job.scheduled_end, 'en', tz))).toBe('9:00 – 11:30 AM');
    expect(plain(formatJobTimeRange(job.scheduled_start, job.scheduled_end, 'es', tz))).toBe('9:00 – 11:30 a. m.');
    expect(formatJobDate(job.scheduled_start, 'es', tz)).toBe('sábado, 21 de noviembre de 2026');
    expect(formatJobDate(job.scheduled_start, 'en', tz)).toBe('Saturday, November 21, 2026');
  });

  it('counts a late-evening job on its local day', () => {
    // 23:30 in Puerto Rico is already the next day in UTC.
    expect(dayInZone('2026-11-22T03:30:00Z', tz)).toBe('2026-11-21');
  });

  it('words durations in hours, and under an hour in minutes', () => {
    expect(formatJobDuration(2, 'es')).toBe('2 horas');
    expect(formatJobDuration(1, 'es')).toBe('1 hora');
    expect(formatJobDuration(1.5, 'en')).toBe('1.5 hours');
    // Spanish writes the decimal comma (issue 27): "1,5 horas", not es-PR's "1.5 horas".
    expect(formatJobDuration(1.5, 'es')).toBe('1,5 horas');
    expect(formatJobDuration(1.75, 'es')).toBe('1,75 horas');
    expect(formatJobDuration(0.75, 'es')).toBe('45 minutos');
  });

  it('names today, tomorrow and yesterday, and nothing else', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(relativeJobDay('2026-11-21T20:00:00Z', 'es', tz, now)).toBe('hoy');
    expect(relativeJobDay('2026-11-22T13:00:00Z', 'en', tz, now)).toBe('tomorrow');
    expect(relativeJobDay('2026-11-20T13:00:00Z', 'es', tz, now)).toBe('ayer');
    expect(relativeJobDay('2026-11-25T13:00:00Z', 'es', tz, now)).toBeNull();
    expect(plain(formatJobWhen(job, 'en', now))).toBe('Today · 9:00 – 11:30 AM');
    expect(plain(formatJobWhen(job, 'en', new Date('2026-11-18T12:00:00Z')))).toBe('Sat, Nov 21 · 9:00 – 11:30 AM');
  });

  it('shows a running job’s elapsed time as h:mm:ss', () => {
    expect(formatElapsed('2026-11-21T13:00:00Z', new Date('2026-11-21T14:05:09Z'))).toBe('1:05:09');
    expect(formatElapsed('2026-11-21T13:00:00Z', new Date('2026-11-21T12:00:00Z'))).toBe('0:00:00');
  });

  it('finds where a local day begins, for today’s filters', () => {
    expect(dayStartInZone('2026-11-21', tz)).toBe('2026-11-21T04:00:00.000Z');
    expect(dayStartInZone('2026-07-01', 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    expect(dayStartInZone('2026-01-01', 'America/New_York')).toBe('2026-01-01T05:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
