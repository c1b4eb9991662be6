import type { ReactNode, Ref } from 'react';
import { buttonClassName } from '../button.tsx';

/**
 * A file chooser drawn as a button: the real input stays in the page (hidden, still focusable
 * through its label) so keyboards and screen readers reach it; `onFile` gets the chosen file.
 */
export function FilePickButton(props: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  onFile: (file: File | undefined) => void;
  describedBy?: string;
  className?: string;
  accept?: string;
  children: ReactNode;
}) {
  return (
    <>
      <input
        ref={props.inputRef}
        id={props.id}
        className="visually-hidden"
        type="file"
        accept={props.accept ?? 'image/*'}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onFile(event.target.files?.[0])}
      />
      <label htmlFor={props.id} className={buttonClassName({ variant: 'secondary', className: props.className })}>
        {props.children}
      </label>
    </>
  );
}
