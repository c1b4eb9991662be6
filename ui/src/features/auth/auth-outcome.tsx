import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/button.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';

export interface AuthOutcomeProps {
  icon: 'mail' | 'done' | 'warning';
  title: string;
  body: string;
  /** Said politely to screen readers as well (e.g. "we sent you a link"). */
  announce?: boolean;
  children?: ReactNode;
}

const glyphs = { mail: '✉', done: '✓', warning: '!' } as const;

/** Where an auth flow lands (email sent, verified, link invalid): focus moves to its heading. */
export function AuthOutcome({ icon, title, body, announce = false, children }: AuthOutcomeProps) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="auth-done" aria-labelledby="auth-outcome-title">
      <div className={`auth-done__icon auth-done__icon--${icon}`} aria-hidden="true">
        {glyphs[icon]}
      </div>
      <h1 id="auth-outcome-title" className="auth-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p className="auth-subtitle" role={announce ? 'status' : undefined}>
        {body}
      </p>
      {children}
    </section>
  );
}

/** A form-level problem (wrong password, no connection), announced when it appears. */
export function AuthAlert({ tone = 'error', problem, children }: { tone?: 'error' | 'info'; problem?: string; children: ReactNode }) {
  return (
    <div className={`auth-alert auth-alert--${tone}`} role="alert" data-problem={problem}>
      {children}
    </div>
  );
}

/** An outcome's way on: the one wide button under it. */
export function AuthOutcomeLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink variant="primary" block size="lg" className="auth-done__action" to={to}>
      {children}
    </ButtonLink>
  );
}
