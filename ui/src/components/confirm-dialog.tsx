import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button looks dangerous (it loses something). */
  destructive?: boolean;
  /** Fields the answer needs (a reason, an explanation), shown under the message. */
  children?: ReactNode;
  /** The confirm button waits (fields not valid yet, or the answer being sent). */
  confirmDisabled?: boolean;
}

/**
 * A modal question (the Dialog pattern): focus starts on the safe choice (cancel), Escape or a
 * press outside cancels.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  destructive = false,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} onClose={onCancel} initialFocus={cancel} describedBy={messageId} closeOnBackdrop>
      <p id={messageId}>{message}</p>
      {children}
      <div className="confirm-dialog__actions">
        <Button ref={cancel} variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
