import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { checkAddress, checkCity, checkState, checkZip, contactMethods, isPuertoRicoZip } from '@resuelve/contract';
import type { ClientProfile, ContactMethod } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { clientQueries, updateClientProfile } from '../../entities/client/api.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { problemText } from './messages.ts';
import { SaveRow } from './settings-section.tsx';

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

  const zip = form.values.zip_code.trim();
  const outsidePuertoRico = form.values.state.trim().toUpperCase() === 'PR' && !checkZip(zip) && !isPuertoRicoZip(zip);

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField label={t('address.address')} error={fieldErrorText(t, form.errorOf('address'))}>
        {(ids) => <input {...ids} {...form.bind('address')} className="input" type="text" autoComplete="street-address" />}
      </FormField>
      <div className="settings-form__row">
        <FormField label={t('address.city')} error={fieldErrorText(t, form.errorOf('city'))}>
          {(ids) => <input {...ids} {...form.bind('city')} className="input" type="text" autoComplete="address-level2" />}
        </FormField>
        <FormField label={t('address.state')} hint={t('address.state_hint')} error={fieldErrorText(t, form.errorOf('state'))} className="settings-form__narrow">
          {(ids) => (
            <input
              {...ids}
              {...form.bind('state')}
              onChange={(event) => form.setValue('state', event.target.value.toUpperCase())}
              className="input"
              type="text"
              maxLength={2}
              autoComplete="address-level1"
            />
          )}
        </FormField>
        <FormField
          label={t('address.zip')}
          hint={outsidePuertoRico ? t('address.zip_not_pr') : t('address.zip_hint')}
          error={fieldErrorText(t, form.errorOf('zip_code'))}
          className="settings-form__narrow"
        >
          {(ids) => <input {...ids} {...form.bind('zip_code')} className="input" type="text" inputMode="numeric" autoComplete="postal-code" maxLength={10} />}
        </FormField>
      </div>
      <fieldset className="choice-group">
        <legend>{t('address.preferred_contact')}</legend>
        <div className="choice-group__options">
          {contactMethods.map((method) => (
            <label key={method} className="choice-pill">
              <input
                type="radio"
                name="preferred_contact"
                value={method}
                checked={form.values.preferred_contact === method}
                onChange={() => form.setValue('preferred_contact', method)}
              />
              <span>{t(`address.contact.${method}`)}</span>
            </label>
          ))}
        </div>
        {form.errorOf('preferred_contact') ? <FieldError>{fieldErrorText(t, form.errorOf('preferred_contact'))}</FieldError> : null}
      </fieldset>
      <SaveRow pending={save.isPending} problem={problem} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}
