import { useTranslation } from 'react-i18next';
import { checkAddress, checkCity, checkState, checkZip, isPuertoRicoZip, limits } from '@resuelve/contract';
import type { StepValues } from '../draft.ts';
import { FormField } from '../form-field.tsx';
import type { StepCheck, useStepForm } from '../use-step-form.ts';

type Form = ReturnType<typeof useStepForm<StepValues>>;

/** The rules of an address, for a step whose street field is `street` (client "address", provider "business_address"). */
export function addressChecks(street: string): Record<string, StepCheck<StepValues>> {
  return {
    [street]: (v) => checkAddress(String(v[street] ?? '')),
    city: (v) => checkCity(String(v.city ?? '')),
    state: (v) => checkState(String(v.state ?? '')),
    zip_code: (v) => checkZip(String(v.zip_code ?? '')),
  };
}

/** Street, city, state (PR by default) and ZIP; Puerto Rico ZIPs start with 00 (SPEC.md §5). */
export function AddressFields({ form, street, streetLabel }: { form: Form; street: string; streetLabel: string }) {
  const { t } = useTranslation('onboarding');
  const zip = String(form.values.zip_code ?? '');
  const state = String(form.values.state ?? '').trim().toUpperCase();
  const outsidePr = state === 'PR' && checkZip(zip) === null && !isPuertoRicoZip(zip);
  const stateBinding = form.bind('state');
  return (
    <>
      <FormField
        {...form.bind(street)}
        label={streetLabel}
        autoComplete="street-address"
        maxLength={limits.addressMaxLength}
        error={form.visibleError(street)}
      />
      <div className="onb-grid onb-grid--address">
        <FormField {...form.bind('city')} label={t('address.city')} autoComplete="address-level2" error={form.visibleError('city')} />
        <FormField
          {...stateBinding}
          onChange={(event) => form.setValue('state', event.target.value.toUpperCase())}
          label={t('address.state')}
          autoComplete="address-level1"
          maxLength={2}
          hint={t('address.state_hint')}
          error={form.visibleError('state')}
        />
        <FormField
          {...form.bind('zip_code')}
          label={t('address.zip_code')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          hint={t('address.zip_hint')}
          notice={outsidePr ? t('address.zip_not_pr') : null}
          error={form.visibleError('zip_code')}
        />
      </div>
    </>
  );
}
