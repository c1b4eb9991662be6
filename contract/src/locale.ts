export const locales = ['es', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'es';
/** Formatting locales for dates, numbers and money (DESIGN.md §10). */
export const intlLocale: Record<Locale, string> = { es: 'es-PR', en: 'en-US' };
/**
 * Formatting locales for numbers that are not money (hours, ratings, sizes): Spanish writes the
 * decimal comma, "1,5 horas" (issue 27), and es-PR's CLDR data uses the point, so plain "es".
 * Money keeps `intlLocale`: dollars read "$1,234.50" in both languages (money.ts).
 */
export const numberLocale: Record<Locale, string> = { es: 'es', en: 'en-US' };
export const defaultTimezone = 'America/Puerto_Rico';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function toLocale(value: unknown): Locale {
  if (typeof value !== 'string') return defaultLocale;
  const short = value.slice(0, 2).toLowerCase();
  return isLocale(short) ? short : defaultLocale;
}
