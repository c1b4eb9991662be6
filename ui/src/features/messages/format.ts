/** Times, days and sizes of the chat, in the person's language and Puerto Rico's time (as the rest of the app shows times). */
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, defaultTimezone, intlLocale, numberFormat, numberLocale, toLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';
import { dayKey } from '../../entities/message/thread.ts';

export const chatTimeZone = defaultTimezone;

export function useChatLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** "3:05 p. m." / "3:05 PM". */
export function formatClockTime(iso: string, locale: Locale): string {
  return dateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone: chatTimeZone }).format(new Date(iso));
}

/** A day separator: "Hoy", "Ayer" or "martes, 24 de noviembre de 2026". */
export function formatDay(day: string, locale: Locale, words: { today: string; yesterday: string }, now: Date = new Date()): string {
  const today = dayKey(now.toISOString(), chatTimeZone);
  const yesterday = dayKey(new Date(now.getTime() - 86_400_000).toISOString(), chatTimeZone);
  if (day === today) return words.today;
  if (day === yesterday) return words.yesterday;
  return dateTimeFormat(intlLocale[locale], { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** A list row's time: the clock today, the short date before. */
export function formatListTime(iso: string, locale: Locale, now: Date = new Date()): string {
  if (dayKey(iso, chatTimeZone) === dayKey(now.toISOString(), chatTimeZone)) return formatClockTime(iso, locale);
  return dateTimeFormat(intlLocale[locale], { day: 'numeric', month: 'short', timeZone: chatTimeZone }).format(new Date(iso));
}

/** "2,4 MB" / "2.4 MB". */
export function formatFileSize(bytes: number, locale: Locale): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${numberFormat(numberLocale[locale], { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
