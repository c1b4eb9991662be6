import type { TFunction } from 'i18next';

export interface FieldErrorWords {
  /** The screen's own words for some codes (e.g. too_short -> "2 to 100 characters"). */
  words?: Partial<Record<string, string>>;
  /** The words for any code `words` does not name; without it, the errors namespace's words for the code. */
  fallback?: string;
}

/**
 * A field error code (from contract's checks or the api's `details`) as the words under the field:
 * the screen's own words first, then `errors:field.<code>`, and "the format is not valid" for a
 * code that has no words of its own (a raw code never reaches the screen).
 */
export function fieldErrorText(t: TFunction, code: string | null | undefined, { words, fallback }: FieldErrorWords = {}): string | null {
  if (!code) return null;
  const own = words && Object.hasOwn(words, code) ? words[code] : undefined;
  if (own !== undefined) return own;
  if (fallback !== undefined) return fallback;
  return t(`errors:field.${code}`, { defaultValue: t('errors:field.invalid_format') });
}
