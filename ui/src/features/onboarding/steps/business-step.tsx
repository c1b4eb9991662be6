import { useTranslation } from 'react-i18next';
import { checkUrl, profileLimits } from '@resuelve/contract';
import type { BusinessValues, StepValues } from '../draft.ts';
import { FormField } from '../form-field.tsx';
import { useStepForm } from '../use-step-form.ts';
import { AddressFields, addressChecks } from './address-fields.tsx';
import type { StepProps } from './step-props.ts';

/** Provider step 4: where the business is, its website (optional, http or https) and a description. */
export function BusinessStep({ values, onChange, serverErrors, ref }: StepProps<BusinessValues>) {
  const { t } = useTranslation('onboarding');
  const form = useStepForm<StepValues>({
    values,
    onChange: (next) => onChange(next as BusinessValues),
    serverErrors,
    ref,
    checks: {
      ...addressChecks('business_address'),
      // The website is optional: an empty field is fine, a typed one must be a valid http(s) address.
      website_url: (v) => (String(v.website_url ?? '').trim() ? checkUrl(String(v.website_url)) : null),
      company_description: (v) => (String(v.company_description ?? '').length > profileLimits.companyDescriptionMax ? 'too_long' : null),
    },
  });
  const description = String(values.company_description ?? '');
  return (
    <>
      <AddressFields form={form} street="business_address" streetLabel={t('business.business_address')} />
      <FormField
        {...form.bind('website_url')}
        label={t('business.website_url')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        optional
        error={form.visibleError('website_url')}
      />
      <FormField
        {...form.bind('company_description')}
        label={t('business.company_description')}
        multiline
        optional
        maxLength={profileLimits.companyDescriptionMax}
        hint={t('business.description_hint', { count: description.length, max: profileLimits.companyDescriptionMax })}
        error={form.visibleError('company_description')}
      />
    </>
  );
}
