import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { checkAddress, checkCity, checkState, checkZip, contactMethods } from '@resuelve/contract';
import type { ClientProfile, ContactMethod } from '@resuelve/contract';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { clientQueries, updateClientProfile } from '../../entities/client/api.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { problemText } from './messages.ts';
import { SaveRow } from './settings-section.tsx';
import { AddressFields } from '../../components/address-fields/address-fields.tsx';
import { ChoicePills } from '../../components/choice-pills/choice-pills.tsx';

type Field = 'address' | 'city' | 'state' | 'zip_code' | 'preferred_contact';

function valuesOf(profile: ClientProfile): Record<Field, string> {
  return {
    address: profile.address ?? '',
    city: profile.city ?? '',
    // Nearly every client lives in Puerto Rico: an empty state starts there.
    state: profile.state ?? 'PR',
    zip_code: profile.zip_code ?? '',
    preferred_contact: profile.preferred_contact,
  };
}

/** Client address and preferred contact method (GET/PATCH /profiles/me/client). */
export function AddressContactSection() {
  const { data } = useSuspenseQuery({ ...clientQueries.own(), meta: { silent: true } });
  return <AddressContactForm profile={data} />;
}

function AddressContactForm({ profile }: { profile: ClientProfile }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const form = useFieldForm<Field>(valuesOf(profile), {
    address: (v) => checkAddress(v.address),
    city: (v) => checkCity(v.city),
    state: (v) => checkState(v.state),
    zip_code: (v) => checkZip(v.zip_code),
  });
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedChanges(form.dirty);
  const save = useMutation({ mutationFn: updateClientProfile, meta: { silent: true } });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!form.validateAll()) return;
    const { values } = form;
    try {
      const saved = await save.mutateAsync({
        address: values.address.trim(),
        city: values.city.trim(),
        state: values.state.trim().toUpperCase(),
        zip_code: values.zip_code.trim(),
        preferred_contact: values.preferred_contact as ContactMethod,
      });
      queryClient.setQueryData(clientQueries.own().queryKey, saved);
      form.reset(valuesOf(saved));
      toast.success(t('address.saved'));
    } catch (error) {
      if (isApiError(error) && form.showServerErrors(error.details)) setProblem(t('errors:validation_failed'));
      else setProblem(problemText(t, error));
    }
  }

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <AddressFields
        bind={(field) => form.bind(field === 'street' ? 'address' : field)}
        setState={(value) => form.setValue('state', value)}
        errors={{
          street: fieldErrorText(t, form.errorOf('address')),
          city: fieldErrorText(t, form.errorOf('city')),
          state: fieldErrorText(t, form.errorOf('state')),
          zip_code: fieldErrorText(t, form.errorOf('zip_code')),
        }}
        labels={{ street: t('address.address'), city: t('address.city'), state: t('address.state'), zip: t('address.zip') }}
        hints={{ state: t('address.state_hint'), zip: t('address.zip_hint'), zipNotPr: t('address.zip_not_pr') }}
        rowClassName="settings-form__row"
        narrowClassName="settings-form__narrow"
      />
      <ChoicePills
        legend={t('address.preferred_contact')}
        name="preferred_contact"
        options={contactMethods}
        value={form.values.preferred_contact}
        onChange={(method) => form.setValue('preferred_contact', method)}
        label={(method) => t(`address.contact.${method}`)}
        error={form.errorOf('preferred_contact') ? <FieldError>{fieldErrorText(t, form.errorOf('preferred_contact'))}</FieldError> : null}
      />
      <SaveRow pending={save.isPending} problem={problem} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}
