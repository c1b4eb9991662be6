import { dateTimeFormat, intlLocale, toLocale } from '@resuelve/contract';

export { problemText } from '../../lib/api-error.ts';

/** "08:30" as people read it in the chosen language: "8:30 a. m." or "8:30 AM". */
export function timeLabel(time: string, language: string): string {
  const [h, m] = time.split(':').map(Number);
  const at = new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0));
  return dateTimeFormat(intlLocale[toLocale(language)], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(at);
}

/** "2026-12-24" as a full date in the chosen language ("jueves, 24 de diciembre de 2026"). */
export function dateLabel(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1));
  return dateTimeFormat(intlLocale[toLocale(language)], { dateStyle: 'full', timeZone: 'UTC' }).format(at);
}

/** Today's date (YYYY-MM-DD) in a time zone: blocked days are the provider's days, not the browser's. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
