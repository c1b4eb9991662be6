import { useId } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { FieldError } from './field-error.tsx';

export interface FieldIds {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  /** The label's words; a ReactNode so a caller can add e.g. "(optional)". */
  label: ReactNode;
  /** The translated error to show, or null. */
  error?: string | null;
  hint?: ReactNode;
  /** Shown under the hint when something looks off but is allowed (e.g. a ZIP outside Puerto Rico). */
  notice?: string | null;
  className?: string;
  /** Draws the control with the ids that tie it to its label, hint and error. */
  children: (ids: FieldIds) => ReactElement;
}

/**
 * A labelled control with its hint and error beneath, wired for screen readers
 * (label `for`, aria-invalid, aria-describedby). The control itself is the caller's: input, select, textarea.
 */
export function FormField({ label, error, hint, notice, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, notice ? noticeId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {notice ? (
        <p id={noticeId} className="field-notice">
          {notice}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
