import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountTypes } from '@resuelve/contract';
import type { AccountType } from '@resuelve/contract';
import { FieldError } from '../../components/field-error.tsx';
import { Icon } from '../../components/icons.tsx';
import type { IconName } from '../../components/icons.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

const typeIcons: Record<AccountType, IconName> = { client: 'house', provider: 'briefcase' };

interface AccountTypeStepProps {
  initial: AccountType | null;
  saving: boolean;
  /** A save failure's translated message. */
  problem: string | null;
  onContinue: (type: AccountType) => void;
}

/** The first choice (required, SPEC.md §5): two big radio cards, operable with arrows, Space and Enter. */
export function AccountTypeStep({ initial, saving, problem, onContinue }: AccountTypeStepProps) {
  const { t } = useTranslation('onboarding');
  const [choice, setChoice] = useState<AccountType | null>(initial);
  const [missing, setMissing] = useState(false);
  const firstOption = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!choice) {
      setMissing(true);
      firstOption.current?.focus();
      return;
    }
    onContinue(choice);
  }

  return (
    <form className="onb-step" noValidate onSubmit={submit}>
      <fieldset className="onb-types" aria-describedby={missing && !choice ? 'account-type-error' : undefined}>
        <legend className="onb-step__title">{t('account_type.title')}</legend>
        <p className="muted">{t('account_type.intro')}</p>
        <div className="onb-types__options">
          {accountTypes.map((type, index) => (
            <label key={type} className="onb-type">
              <input
                ref={index === 0 ? firstOption : undefined}
                type="radio"
                name="account_type"
                value={type}
                checked={choice === type}
                onChange={() => {
                  setChoice(type);
                  setMissing(false);
                }}
              />
              <span className="onb-type__icon" aria-hidden="true">
                <Icon name={typeIcons[type]} size={32} strokeWidth={1.6} />
              </span>
              <span className="onb-type__title">{t(`account_type.${type}`)}</span>
              <span className="onb-type__detail">{t(`account_type.${type}_detail`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {missing && !choice && (
        <FieldError id="account-type-error" alert>
          {t('account_type.required')}
        </FieldError>
      )}
      <ErrorAlert>{problem}</ErrorAlert>
      <div className="onb-actions">
        <span />
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? t('saving') : t('continue')}
        </Button>
      </div>
    </form>
  );
}
