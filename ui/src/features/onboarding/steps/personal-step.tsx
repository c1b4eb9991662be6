import { useTranslation } from 'react-i18next';
import { checkBirthDate, checkName, limits } from '@resuelve/contract';
import type { PersonalValues } from '../draft.ts';
import { FormField } from '../form-field.tsx';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';
import { todayIso } from './step-props.ts';

/** Client step 1: name and birth date (at least 13 years old, SPEC.md §5). */
export function PersonalStep(step: StepProps<PersonalValues>) {
  const { t } = useTranslation('onboarding');
  const form = useStepForm({
    ...step,
    checks: {
      first_name: (v) => checkName(v.first_name),
      last_name: (v) => checkName(v.last_name),
      birth_date: (v) => checkBirthDate(v.birth_date),
    },
  });
  return (
    <div className="onb-grid">
      <FormField
        {...form.bind('first_name')}
        label={t('personal.first_name')}
        autoComplete="given-name"
        maxLength={limits.nameMaxLength}
        error={form.visibleError('first_name')}
      />
      <FormField
        {...form.bind('last_name')}
        label={t('personal.last_name')}
        autoComplete="family-name"
        maxLength={limits.nameMaxLength}
        error={form.visibleError('last_name')}
      />
      <FormField
        {...form.bind('birth_date')}
        label={t('personal.birth_date')}
        type="date"
        autoComplete="bday"
        max={todayIso()}
        hint={t('personal.birth_date_hint', { count: limits.minimumAgeYears })}
        error={form.visibleError('birth_date')}
        errorMessages={{ too_young: t('personal.too_young', { count: limits.minimumAgeYears }) }}
      />
    </div>
  );
}
