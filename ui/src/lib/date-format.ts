/**
 * Dates and times as the app writes them: in the person's language and Puerto Rico's time, day
 * before month in Spanish ("27 nov 2026, 11:21 p. m."; "Nov 27, 2026, 11:21 PM"). The parts are
 * named rather than `dateStyle`, which in es-PR writes the US order ("11/27/2026"), and the zone
 * is always given, so a browser elsewhere shows the island's clock.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, defaultTimezone, intlLocale, toLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';

export interface DateFormat {
  /** "27 nov 2026, 11:21 p. m."; with seconds "27 nov 2026, 11:21:05 p. m.". */
  dateTime(at: string | Date, options?: { seconds?: boolean }): string;
  /** "27 nov 2026": the day an instant falls on in Puerto Rico. */
  date(at: string | Date): string;
  /** A calendar day as written ("2026-11-27": "27 nov 2026", or "27 nov" without the year), never shifted by a zone. */
  day(day: string, options?: { year?: boolean }): string;
}

const dayParts = { day: 'numeric', month: 'short', year: 'numeric' } as const;

export function dateFormat(locale: Locale, timeZone: string = defaultTimezone): DateFormat {
  const tag = intlLocale[locale];
  const instant = (at: string | Date) => (at instanceof Date ? at : new Date(at));
  return {
    dateTime: (at, { seconds = false } = {}) =>
      dateTimeFormat(tag, { ...dayParts, hour: 'numeric', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), timeZone }).format(instant(at)),
    date: (at) => dateTimeFormat(tag, { ...dayParts, timeZone }).format(instant(at)),
    day: (day, { year = true } = {}) =>
      dateTimeFormat(tag, { day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)),
  };
}

/** The formatter of the language the app is shown in. */
export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => dateFormat(locale), [locale]);
}
