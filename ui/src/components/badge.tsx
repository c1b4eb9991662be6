import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import type { JobStatus } from '@resuelve/contract';
// Its stylesheet loads with the app (styles/app.css): the class is used before this module is.

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'brand';

export interface BadgeProps extends HTMLAttributes<HTMLElement> {
  tone?: BadgeTone;
  /** A job's status: its colours come from the status tokens (`--status-<name>`), the tone is ignored. */
  status?: JobStatus;
  /** A small dot before the words (a live state: open now, in progress). */
  dot?: boolean;
  icon?: ReactNode;
  as?: 'span' | 'li';
  children?: ReactNode;
}

/** A short label in a soft tone: a state, a quality, a count. Never the only carrier of meaning (it has words). */
export function Badge({ tone = 'neutral', status, dot = false, icon, as: Element = 'span', className, style, children, ...rest }: BadgeProps) {
  const classes = ['badge', status ? 'badge--status' : `badge--${tone}`, className ?? ''].filter(Boolean).join(' ');
  const colours = status
    ? ({ '--badge-fg': `var(--status-${status})`, '--badge-bg': `var(--status-${status}-soft)`, ...style } as CSSProperties)
    : style;
  return (
    <Element {...rest} className={classes} style={colours} data-status={status}>
      {dot ? <span className="badge__dot" aria-hidden="true" /> : null}
      {icon ? <span className="badge__icon">{icon}</span> : null}
      {children}
    </Element>
  );
}
