import { useTranslation } from 'react-i18next';
import { contactMethods } from '@resuelve/contract';
import type { ContactMethod } from '@resuelve/contract';
import { FieldError } from '../../../components/field-error.tsx';
import { fieldErrorText } from '../../../lib/field-error-text.ts';
import type { ContactValues } from '../draft.ts';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';

/** Client step 4: how providers and reminders should reach the client. */
export function ContactStep(step: StepProps<ContactValues>) {
  const { values } = step;
  const { t } = useTranslation('onboarding');
  const form = useStepForm({
    ...step,
    checks: { preferred_contact: (v) => (contactMethods.includes(v.preferred_contact) ? null : 'required') },
  });
  const error = form.visibleError('preferred_contact');
  return (
    <fieldset className="onb-choices" aria-describedby={error ? 'contact-error' : undefined}>
      <legend className="onb-choices__legend">{t('contact.legend')}</legend>
      {contactMethods.map((method, index) => (
        <label key={method} className="onb-choice">
          <input
            type="radio"
            name="preferred_contact"
            value={method}
            checked={values.preferred_contact === method}
            ref={index === 0 ? form.refFor('preferred_contact') : undefined}
            onChange={() => form.setValue('preferred_contact', method as ContactMethod)}
          />
          <span className="onb-choice__text">
            <span className="onb-choice__title">{t(`contact.${method}`)}</span>
            <span className="onb-choice__detail">{t(`contact.${method}_detail`)}</span>
          </span>
        </label>
      ))}
      {error && <FieldError id="contact-error">{fieldErrorText(t, error)}</FieldError>}
    </fieldset>
  );
}
