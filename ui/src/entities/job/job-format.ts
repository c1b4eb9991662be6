/**
 * Dates, times and durations of jobs, shown in the provider's time zone (`job.timezone`) and the
 * person's language (es-PR / en-US). Intl does the wording, so no text here needs a locale file.
 */
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, defaultTimezone, intlLocale, numberFormat, numberLocale, toLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';

export function useJobLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** YYYY-MM-DD of an instant as seen in a time zone (the calendar day of a job). */
export function dayInZone(at: string | Date, timeZone: string = defaultTimezone): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
}

/** Days from `today` to `day`, both YYYY-MM-DD (calendar days, whatever the clock change). */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** "sábado, 21 de noviembre de 2026" / "Saturday, November 21, 2026". */
export function formatJobDate(at: string, locale: Locale, timeZone: string = defaultTimezone): string {
  return dateTimeFormat(intlLocale[locale], { dateStyle: 'full', timeZone }).format(new Date(at));
}

/** "sáb, 21 nov" / "Sat, Nov 21": compact day for cards. */
export function formatJobShortDate(at: string, locale: Locale, timeZone: string = defaultTimezone): string {
  return dateTimeFormat(intlLocale[locale], { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(new Date(at));
}

/** "9:00 a. m." / "9:00 AM". */
export function formatJobTime(at: string, locale: Locale, timeZone: string = defaultTimezone): string {
  return dateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(at));
}

/** "9:00 – 11:30 a. m." / "9:00 – 11:30 AM" (a range over midnight shows both days). */
export function formatJobTimeRange(start: string, end: string, locale: Locale, timeZone: string = defaultTimezone): string {
  return dateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone }).formatRange(
    new Date(start),
    new Date(end),
  );
}

/** "2 horas", "1,5 horas", "45 minutos" / "2 hours", "1.5 hours", "45 minutes" (the decimal comma in Spanish: `numberLocale`). */
export function formatJobDuration(hours: number, locale: Locale): string {
  if (hours > 0 && hours < 1) {
    return numberFormat(numberLocale[locale], { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(Math.round(hours * 60));
  }
  return numberFormat(numberLocale[locale], { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 2 }).format(
    hours,
  );
}

/** "hoy", "mañana", "ayer" / "today", "tomorrow", "yesterday"; null for any other day. */
export function relativeJobDay(at: string, locale: Locale, timeZone: string = defaultTimezone, now: Date = new Date()): string | null {
  const offset = daysBetween(dayInZone(now, timeZone), dayInZone(at, timeZone));
  if (Math.abs(offset) > 1) return null;
  return new Intl.RelativeTimeFormat(intlLocale[locale], { numeric: 'auto' }).format(offset, 'day');
}

export interface JobTimes {
  scheduled_start: string;
  scheduled_end: string;
  timezone: string;
}

/** "Hoy · 9:00 – 11:30 a. m." or "sáb, 21 nov · 9:00 – 11:30 a. m.": the one line a card shows. */
export function formatJobWhen(job: JobTimes, locale: Locale, now: Date = new Date()): string {
  const relative = relativeJobDay(job.scheduled_start, locale, job.timezone, now);
  const day = relative ? relative.charAt(0).toLocaleUpperCase(intlLocale[locale]) + relative.slice(1) : formatJobShortDate(job.scheduled_start, locale, job.timezone);
  return `${day} · ${formatJobTimeRange(job.scheduled_start, job.scheduled_end, locale, job.timezone)}`;
}

/** "1:05:09" since `startedAt` (a running job's clock); never negative. */
export function formatElapsed(startedAt: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(startedAt)) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Minutes a time zone is ahead of UTC at an instant (-240 for Puerto Rico). */
function offsetAtMinutes(at: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/**
 * A wall-clock date and time in a time zone as ISO 8601 with its offset, the way the api takes
 * `scheduled_start`: ("2026-12-01", "10:30", "America/Puerto_Rico") → "2026-12-01T10:30:00-04:00".
 */
export function zonedDateTimeToIso(date: string, time: string, timeZone: string = defaultTimezone): string {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 2000, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  // Twice: the first guess may sit across a clock change from the answer.
  let offset = offsetAtMinutes(wall, timeZone);
  offset = offsetAtMinutes(wall - offset * 60_000, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${date}T${String(h ?? 0).padStart(2, '0')}:${String(mi ?? 0).padStart(2, '0')}:00${sign}${hh}:${mm}`;
}

/** "HH:MM" (24 h) of an instant in a time zone, for time inputs. */
export function timeInZone(at: string | Date, timeZone: string = defaultTimezone): string {
  return dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));
}

/** The job's one duration in hours: the booked time from its start to its end. */
export function bookedHours(job: Pick<JobTimes, 'scheduled_start' | 'scheduled_end'>): number {
  return Math.round((Date.parse(job.scheduled_end) - Date.parse(job.scheduled_start)) / 60_000) / 60;
}

/** The instant a calendar day (YYYY-MM-DD) begins in a time zone, as ISO 8601 (for date filters). */
export function dayStartInZone(day: string, timeZone: string = defaultTimezone): string {
  return new Date(zonedDateTimeToIso(day, '00:00', timeZone)).toISOString();
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
