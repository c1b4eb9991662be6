/** Numbers, dates and places of the provider screens, in the person's language (contract intlLocale). */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { dateTimeFormat, intlLocale, numberFormat, numberLocale, toLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';
import type { RedirectState } from '../../lib/navigation.ts';
import { renderNow } from '../../lib/use-hydrated.ts';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** A start this close counts as "available now". */
const nowWindowMs = 15 * 60_000;

export function isAvailableNow(nextAvailableAt: string | null, now: Date = renderNow()): boolean {
  if (!nextAvailableAt) return false;
  return new Date(nextAvailableAt).getTime() - now.getTime() <= nowWindowMs;
}

/** "sáb, 22 nov, 9:00 a. m." / "Sat, Nov 22, 9:00 AM", shown in Puerto Rico's time. */
export function formatWhen(iso: string, locale: Locale, timeZone = 'America/Puerto_Rico'): string {
  return dateTimeFormat(intlLocale[locale], {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

export function formatTime(iso: string, locale: Locale, timeZone = 'America/Puerto_Rico'): string {
  return dateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

export function formatDate(iso: string, locale: Locale): string {
  return dateTimeFormat(intlLocale[locale], { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** "jueves, 10 de enero" / "Thursday, January 10": a day of the booking horizon, named with its weekday. */
export function formatDay(date: string, locale: Locale): string {
  return dateTimeFormat(intlLocale[locale], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** "4,8" / "4.8", "3,2 km" / "3.2 km": Spanish writes the decimal comma (`numberLocale`, issue 27). */
export function formatNumber(value: number, locale: Locale, digits = 1): string {
  return numberFormat(numberLocale[locale], { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
}

/** "14:30" (business hours are wall-clock times) in the person's style: "2:30 p. m." / "2:30 PM". */
export function formatClock(hhmm: string, locale: Locale): string {
  const [h, m] = hhmm.split(':').map(Number);
  const date = new Date(Date.UTC(2026, 0, 5, h ?? 0, m ?? 0));
  return dateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

/** Weekday names in the person's language; 2026-01-05 was a Monday. */
export function weekdayName(index: number, locale: Locale): string {
  return dateTimeFormat(intlLocale[locale], { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 5 + index)));
}

/** Puerto Rico keeps Atlantic Standard Time, UTC−4, all year (no daylight saving since 1945). */
const puertoRicoOffsetMs = -4 * 60 * 60 * 1000;

/**
 * Today as YYYY-MM-DD in Puerto Rico, for date inputs. By the island's fixed offset rather than an
 * Intl formatter: the public pages ask for it while hydrating, and a tab's first date formatter
 * loads ICU data (decision 0043).
 */
export function todayInPuertoRico(now: Date = renderNow()): string {
  return new Date(now.getTime() + puertoRicoOffsetMs).toISOString().slice(0, 10);
}

/** The state /auth reads to come back here after signing in. */
export function returnHere(location: { pathname: string; search: string; hash: string }): RedirectState {
  return { from: location.pathname + location.search + location.hash };
}

/** A provider's rating for components/rating-stars.tsx: no stars without reviews, the figure in words always. */
export function ratingProps(t: TFunction, locale: Locale, average: number, count: number): { value: number | null; text: string } {
  if (count === 0) return { value: null, text: t('providers:rating.none') };
  return { value: average, text: t('providers:rating.text', { rating: formatNumber(average, locale), count }) };
}
