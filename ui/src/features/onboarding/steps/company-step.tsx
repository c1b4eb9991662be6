import { useTranslation } from 'react-i18next';
import { checkCompanyName, checkEin, checkYearsExperience, limits } from '@resuelve/contract';
import type { CompanyValues } from '../draft.ts';
import { FormField } from '../form-field.tsx';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';

/** Provider step 1: company name (2–100), EIN (exactly 9 digits) and years of experience. */
export function CompanyStep(step: StepProps<CompanyValues>) {
  const { t } = useTranslation('onboarding');
  const form = useStepForm({
    ...step,
    checks: {
      company_name: (v) => checkCompanyName(v.company_name),
      ein: (v) => checkEin(v.ein),
      years_experience: (v) => checkYearsExperience(v.years_experience),
    },
  });
  const nameLength = { min: limits.companyNameMin, max: limits.companyNameMax };
  return (
    <div className="onb-grid">
      <FormField
        {...form.bind('company_name')}
        label={t('company.company_name')}
        autoComplete="organization"
        maxLength={limits.companyNameMax}
        hint={t('company.company_name_hint', nameLength)}
        error={form.visibleError('company_name')}
        errorMessages={{ too_short: t('company.company_name_length', nameLength), too_long: t('company.company_name_length', nameLength) }}
      />
      <FormField
        {...form.bind('ein')}
        label={t('company.ein')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        placeholder="12-3456789"
        hint={t('company.ein_hint')}
        error={form.visibleError('ein')}
      />
      <FormField
        {...form.bind('years_experience')}
        label={t('company.years_experience')}
        inputMode="numeric"
        maxLength={2}
        error={form.visibleError('years_experience')}
        errorMessages={{
          out_of_range: t('company.years_range', { max: limits.yearsExperienceMax }),
          invalid_type: t('company.years_range', { max: limits.yearsExperienceMax }),
        }}
      />
    </div>
  );
}
