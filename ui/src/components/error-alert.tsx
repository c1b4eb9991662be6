import type { ReactNode } from 'react';

/** A problem said aloud at once (role="alert"); nothing when there is none. */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className={className ? `alert alert-error ${className}` : 'alert alert-error'} role="alert">
      {children}
    </p>
  );
}
