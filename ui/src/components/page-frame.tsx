import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicPage } from '@resuelve/contract';
import { useDocumentTitle, usePublicPageWords } from '../lib/use-document-title.ts';

export interface PageFrameProps {
  /** The feature drawn inside: its stylesheet is scoped to `[data-feature]` (docs/decisions/0018-scoped-styles.md). */
  feature: string;
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
  /** On a public page: the window title and description are the page's own (its server-rendered head). */
  head?: PublicPage;
}

/** A screen's frame: its heading and the window title ("Title · Resuelve"). */
export function PageFrame({ feature, title, actions, children, head }: PageFrameProps) {
  const words = usePublicPageWords(head);
  useDocumentTitle(words?.title ?? title, { exact: Boolean(words), description: words?.description });
  return (
    <div className="page" data-feature={feature}>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      <div className="page__body">{children}</div>
    </div>
  );
}

/** Screens not built yet: their translated title and a short note, inside the page frame. */
export function PlaceholderPage({ feature, title }: { feature: string; title: string }) {
  const { t } = useTranslation('common');
  return (
    <PageFrame feature={feature} title={title}>
      <div className="card placeholder">
        <p className="muted">{t('coming_soon')}</p>
      </div>
    </PageFrame>
  );
}
