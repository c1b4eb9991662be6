import type { ReactNode } from 'react';

export interface FieldErrorProps {
  /** Ties the line to its control (the control's aria-describedby names it). */
  id?: string;
  /** Announce the line as soon as it appears (an answer from the server, not a check while typing). */
  alert?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A field's error line, already in words (lib/field-error-text.ts turns a code into them). Its look
 * is base.css's `.field-error`, the same on every screen; the auth and onboarding frame adds a
 * warning sign before it (components/backdrop-frame.css).
 */
export function FieldError({ id, alert = false, className, children }: FieldErrorProps) {
  return (
    <p id={id} className={className ? `field-error ${className}` : 'field-error'} role={alert ? 'alert' : undefined}>
      {children}
    </p>
  );
}
