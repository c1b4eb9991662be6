import { useId } from 'react';
import type { ChangeEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur?: () => void;
  ref?: Ref<FieldElement>;
  /** A field error code (contract's checks or the api's `details`), translated here. */
  error?: string | null;
  hint?: ReactNode;
  /** Shown under the hint when something looks off but is allowed (e.g. a ZIP outside Puerto Rico). */
  notice?: string | null;
  optional?: boolean;
  multiline?: boolean;
  type?: 'text' | 'date' | 'url' | 'email' | 'tel';
  inputMode?: 'text' | 'numeric' | 'tel' | 'url';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  max?: string;
  /** Words for some error codes in this field's terms (e.g. too_short -> "2 to 100 characters"). */
  errorMessages?: Partial<Record<string, string>>;
}

/** A labelled input or textarea with hint and error, wired for screen readers. */
export function FormField(props: FormFieldProps) {
  const { label, error, hint, notice, optional, multiline, ref, type = 'text', errorMessages, ...input } = props;
  const { t } = useTranslation('onboarding');
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, notice ? `${id}-notice` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const common = {
    ...input,
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {t('optional')}</span>}
      </label>
      {multiline ? (
        <textarea {...common} ref={ref as Ref<HTMLTextAreaElement>} className="textarea" rows={4} />
      ) : (
        <input {...common} ref={ref as Ref<HTMLInputElement>} className="input" type={type} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {notice && (
        <p id={`${id}-notice`} className="field-notice">
          {notice}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {errorMessages?.[error] ?? t(`errors:field.${error}`, { defaultValue: t('errors:field.invalid_format') })}
        </p>
      )}
    </div>
  );
}
