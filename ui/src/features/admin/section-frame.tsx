import type { ReactNode } from 'react';

/** One section of the console: its heading, optional actions, its content. */
export function AdminSectionFrame({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-card" aria-labelledby="admin-section-title">
      <header className="admin-card__header spread">
        <h2 id="admin-section-title" className="admin-card__title" tabIndex={-1}>
          {title}
        </h2>
        {actions ? <div className="admin-card__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
