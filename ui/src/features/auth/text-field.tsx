import { useId, useState } from 'react';
import type { ChangeEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/field-error.tsx';
import './auth-fields.css';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  /** The translated error to show, or null. */
  error?: string | null;
  /** Extra content tied to the input through aria-describedby (e.g. the password rules). */
  hint?: ReactNode;
  autoFocus?: boolean;
}

/** A labelled input with its error beneath, wired for screen readers (aria-invalid, aria-describedby). */
export function TextField({ label, type = 'text', error, hint, ref, ...input }: TextFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const isPassword = type === 'password';

  return (
    <div className={`auth-field${error ? ' auth-field--invalid' : ''}`}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="auth-field__control">
        <input
          {...input}
          ref={ref}
          id={id}
          className="input auth-field__input"
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          spellCheck={type === 'text' ? undefined : false}
        />
        {isPassword && (
          <button
            type="button"
            className="auth-field__reveal"
            aria-pressed={revealed}
            aria-label={revealed ? t('fields.hidePassword') : t('fields.showPassword')}
            onClick={() => setRevealed((v) => !v)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {hint && <div id={hintId}>{hint}</div>}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}
