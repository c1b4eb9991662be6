import { useTranslation } from 'react-i18next';
import type { ClientAddressValues, StepValues } from '../draft.ts';
import { useStepForm } from '../use-step-form.ts';
import { AddressFields, addressChecks } from './address-fields.tsx';
import type { StepProps } from './step-props.ts';

/** Client step 3: where services would happen. */
export function ClientAddressStep({ values, onChange, serverErrors, ref }: StepProps<ClientAddressValues>) {
  const { t } = useTranslation('onboarding');
  const form = useStepForm<StepValues>({
    values,
    onChange: (next) => onChange(next as ClientAddressValues),
    serverErrors,
    ref,
    checks: addressChecks('address'),
  });
  return <AddressFields form={form} street="address" streetLabel={t('address.address')} />;
}
