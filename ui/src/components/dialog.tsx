import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { Button } from './button.tsx';
import './confirm-dialog.css';
import { ErrorAlert } from './error-alert.tsx';

const focusableSelector =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: string;
  /** Escape (and, with `closeOnBackdrop`, a press outside) calls it. */
  onClose: () => void;
  children: ReactNode;
  /** Where focus starts; by default the first field (input, select, textarea). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The id of the text that says what the dialog asks. */
  describedBy?: string;
  closeOnBackdrop?: boolean;
  /** More classes on the dialog box (a wider form). */
  className?: string;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): focus starts inside, Tab stays inside, Escape closes,
 * and focus goes back where it was when the dialog closes. Confirmations and modal forms use it.
 */
export function Dialog({ title, onClose, children, initialFocus, describedBy, closeOnBackdrop = false, className }: DialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const start = initialFocus ? initialFocus.current : dialog.current?.querySelector<HTMLElement>('input, select, textarea');
    start?.focus();
    return () => before?.focus();
  }, [initialFocus]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...(dialog.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? [])];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="confirm-dialog__backdrop" onMouseDown={closeOnBackdrop ? (event) => event.target === event.currentTarget && onClose() : undefined}>
      <div
        ref={dialog}
        className={className ? `confirm-dialog ${className}` : 'confirm-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

export interface DialogFormActionsProps {
  /** What went wrong with the last try, shown as an alert above the buttons. */
  problem: string | null;
  closeLabel: string;
  onClose: () => void;
  submitLabel: string;
  /** The form is being sent: submit waits. */
  pending: boolean;
}

/** The end of a form in a dialog: the last try's problem, then close and submit. */
export function DialogFormActions({ problem, closeLabel, onClose, submitLabel, pending }: DialogFormActionsProps) {
  return (
    <>
      <ErrorAlert>{problem}</ErrorAlert>
      <div className="confirm-dialog__actions">
        <Button variant="quiet" onClick={onClose}>
          {closeLabel}
        </Button>
        <Button type="submit" variant="primary" busy={pending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
