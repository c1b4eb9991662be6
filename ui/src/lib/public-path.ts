import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedPath, toLocale } from '@resuelve/contract';

/**
 * Links between public pages keep the page's language (docs/decisions/0034): `/providers/abc`
 * becomes `/en/providers/abc` on an English page. Other paths (sign-in, booking) are left as given.
 */
export function usePublicPath(): (path: string) => string {
  const { i18n } = useTranslation();
  const language = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return useCallback((path: string) => localizedPath(path, language), [language]);
}
