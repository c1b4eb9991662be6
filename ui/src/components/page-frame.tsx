import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** A screen's frame: its heading and the window title ("Title · Resuelve"). */
export function PageFrame({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      <div className="page__body">{children}</div>
    </div>
  );
}

/** Screens that later issues build: their translated title and a short note, inside the page frame. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={title}>
      <div className="card placeholder">
        <p className="muted">{t('coming_soon')}</p>
      </div>
    </PageFrame>
  );
}
