import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The window title, so the tab and screen readers name the screen: "Title · Resuelve", or the
 * title exactly as given with `{ exact: true }` (the landing page leads with the name itself).
 */
export function useDocumentTitle(title: string, { exact = false }: { exact?: boolean } = {}): void {
  const { t } = useTranslation('common');
  const text = exact ? title : `${title} · ${t('app_name')}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
}
