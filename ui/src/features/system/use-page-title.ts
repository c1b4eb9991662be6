import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The window title of a system screen, "Title · Resuelve", so the tab and screen readers name it. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('system');
  const appName = t('common:app_name');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
}
