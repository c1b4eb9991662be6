import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageWords, toLocale, type PublicPage, type SeoTexts } from '@resuelve/contract';

/**
 * The window title, so the tab and screen readers name the screen: "Title · Resuelve", or the
 * title exactly as given with `{ exact: true }` (the landing page leads with the name itself).
 * `description`, when given, becomes the page's meta description.
 */
export function useDocumentTitle(title: string, { exact = false, description }: { exact?: boolean; description?: string } = {}): void {
  const { t } = useTranslation('common');
  const text = exact ? title : `${title} · ${t('app_name')}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
  useEffect(() => {
    if (description === undefined) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}

/**
 * A public page's title and description as the server render wrote them in its head (the same
 * `pageWords` and `seo` texts, decision record 0036), so moving inside the app keeps them in line;
 * null for other screens and until the `seo` texts have loaded.
 */
export function usePublicPageWords(page: PublicPage | undefined) {
  // Only public pages load the `seo` texts; they never hold the screen back (no suspense).
  const { i18n, ready } = useTranslation(page ? 'seo' : 'common', { useSuspense: false });
  if (!page || !ready) return null;
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const texts = i18n.getResourceBundle(locale, 'seo') as SeoTexts | undefined;
  return texts ? pageWords(page, locale, texts) : null;
}

/** The title and description of a public page drawn outside a PageFrame (the landing page). */
export function usePublicHead(page: PublicPage, fallbackTitle: string): void {
  const words = usePublicPageWords(page);
  useDocumentTitle(words?.title ?? fallbackTitle, { exact: true, description: words?.description });
}
