import { useId } from 'react';
import type { ReactElement, ReactNode } from 'react';

export interface FieldIds {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: string;
  /** The translated error to show, or null. */
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  /** Draws the control with the ids that tie it to its label, hint and error. */
  children: (ids: FieldIds) => ReactElement;
}

/**
 * A labelled control with its hint and error beneath, wired for screen readers
 * (label `for`, aria-invalid, aria-describedby). The control itself is the caller's: input, select, textarea.
 */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
