import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { Button } from '../../components/button.tsx';

/**
 * One settings section: its heading stays while its content loads (skeleton) or fails (a
 * section-level error boundary whose "try again" refetches the section's queries).
 */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section id={id} className="card settings-section" aria-labelledby={`${id}-title`}>
      <header className="settings-section__header">
        <h2 id={`${id}-title`} className="settings-section__title" tabIndex={-1}>
          {title}
        </h2>
        {description ? <p className="muted settings-section__description">{description}</p> : null}
      </header>
      <QueryErrorResetBoundary>
        {({ reset }) => (
          <ErrorBoundary level="section" onReset={reset}>
            <Suspense fallback={<SectionSkeleton />}>{children}</Suspense>
          </ErrorBoundary>
        )}
      </QueryErrorResetBoundary>
    </section>
  );
}

/** Grey bars where the section's fields will be, announced as loading. */
export function SectionSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <div className="settings-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} shape="field" />
      ))}
    </div>
  );
}

/** The save button of a section form, with its pending wording and the section-wide problem above it. */
export function SaveRow({ pending, problem, label, pendingLabel }: { pending: boolean; problem: string | null; label: string; pendingLabel: string }) {
  return (
    <div className="settings-save stack-start">
      {problem ? (
        <p className="alert alert-error settings-save__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
