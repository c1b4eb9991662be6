import { defaultLocale, isLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';

/** localStorage keys that the "reset local data" recovery keeps (SPEC.md §8: auth token, preferences, theme). */
export const storageKeys = {
  authToken: 'resuelve.auth-token',
  preferences: 'resuelve.preferences',
  theme: 'resuelve.theme',
} as const;

export const preservedStorageKeys: readonly string[] = Object.values(storageKeys);

export interface Preferences {
  language?: Locale;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // private modes may refuse storage access
  }
}

export function readPreferences(): Preferences {
  const raw = storage()?.getItem(storageKeys.preferences);
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as Preferences;
    return isLocale(value.language) ? { language: value.language } : {};
  } catch {
    return {};
  }
}

export function savePreferences(next: Preferences): void {
  try {
    storage()?.setItem(storageKeys.preferences, JSON.stringify({ ...readPreferences(), ...next }));
  } catch {
    // A full or refused storage only costs the visitor their remembered language.
  }
}

/** The language to start with: the saved choice, else Spanish (the product's default, SPEC.md §1), whatever the browser says. */
export function initialLanguage(): Locale {
  return readPreferences().language ?? defaultLocale;
}
