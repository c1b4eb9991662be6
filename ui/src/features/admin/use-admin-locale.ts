import { useTranslation } from 'react-i18next';
import { intlLocale, toLocale } from '@resuelve/contract';

/** The Intl locale of the language the console is shown in ("es-PR", "en-US"). */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale[toLocale(i18n.resolvedLanguage ?? i18n.language)];
}
