import type { ChangeEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField as Field } from '../../components/form-field.tsx';
import { fieldErrorText } from '../../lib/field-error-text.ts';

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

/** An onboarding input or textarea: the shared labelled field, with "(optional)" and the error code in the step's words. */
export function FormField(props: FormFieldProps) {
  const { label, error, hint, notice, optional, multiline, ref, type = 'text', errorMessages, ...input } = props;
  const { t } = useTranslation('onboarding');
  const errorText = fieldErrorText(t, error, { words: errorMessages });
  return (
    <Field
      label={
        <>
          {label}
          {optional && <span className="field__optional"> {t('optional')}</span>}
        </>
      }
      error={errorText}
      hint={hint}
      notice={notice}
    >
      {(ids) =>
        multiline ? (
          <textarea {...input} {...ids} ref={ref as Ref<HTMLTextAreaElement>} className="textarea" rows={4} />
        ) : (
          <input {...input} {...ids} ref={ref as Ref<HTMLInputElement>} className="input" type={type} />
        )
      }
    </Field>
  );
}
