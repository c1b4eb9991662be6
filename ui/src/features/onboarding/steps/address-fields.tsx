import { useTranslation } from 'react-i18next';
import { checkAddress, checkCity, checkState, checkZip } from '@resuelve/contract';
import { AddressFields as SharedAddressFields, type AddressField } from '../../../components/address-fields/address-fields.tsx';
import { fieldErrorText } from '../../../lib/field-error-text.ts';
import type { StepValues } from '../draft.ts';
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

/** Street, city, state (PR by default) and ZIP in the onboarding's words; Puerto Rico ZIPs start with 00 (SPEC.md §5). */
export function AddressFields({ form, street, streetLabel }: { form: Form; street: string; streetLabel: string }) {
  const { t } = useTranslation('onboarding');
  const name = (field: AddressField) => (field === 'street' ? street : field);
  const error = (field: AddressField) => fieldErrorText(t, form.visibleError(name(field)));
  return (
    <SharedAddressFields
      bind={(field) => form.bind(name(field))}
      setState={(value) => form.setValue('state', value)}
      errors={{ street: error('street'), city: error('city'), state: error('state'), zip_code: error('zip_code') }}
      labels={{ street: streetLabel, city: t('address.city'), state: t('address.state'), zip: t('address.zip_code') }}
      hints={{ state: t('address.state_hint'), zip: t('address.zip_hint'), zipNotPr: t('address.zip_not_pr') }}
      rowClassName="onb-grid onb-grid--address"
    />
  );
}
