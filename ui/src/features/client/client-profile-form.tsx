import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { checkAddress, checkCity, checkName, checkState, checkZip, contactMethods } from '@resuelve/contract';
import type { ClientProfile, ContactMethod, Profile } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { FieldError } from '../../components/field-error.tsx';
import type { Category } from '../../entities/category/api.ts';
import { clientQueries, updateClientProfile } from '../../entities/client/api.ts';
import { profileQueries, updateNames } from '../../entities/profile/api.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { Button } from '../../components/button.tsx';
import { AddressFields } from '../../components/address-fields/address-fields.tsx';
import { ChoicePills } from '../../components/choice-pills/choice-pills.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

type Field = 'first_name' | 'last_name' | 'address' | 'city' | 'state' | 'zip_code' | 'preferred_contact';

interface ClientProfileFormProps {
  me: Profile;
  client: ClientProfile;
  interests: readonly Category[];
  /** The list of interests could not be loaded: say so, with a retry, rather than show none. */
  interestsFailed: boolean;
  onRetryInterests: () => void;
  onDone: () => void;
}

function sameSlugs(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((slug) => b.includes(slug));
}

/** Edit mode: names (PATCH /profiles/me), then address, contact and interests (PATCH /profiles/me/client). */
export function ClientProfileForm({ me, client, interests, interestsFailed, onRetryInterests, onDone }: ClientProfileFormProps) {
  const { t } = useTranslation('client-profile');
  const queryClient = useQueryClient();
  const initialNames = { first_name: me.first_name ?? client.first_name ?? '', last_name: me.last_name ?? client.last_name ?? '' };
  const form = useFieldForm<Field>(
    {
      ...initialNames,
      address: client.address ?? '',
      city: client.city ?? '',
      state: client.state ?? 'PR',
      zip_code: client.zip_code ?? '',
      preferred_contact: client.preferred_contact,
    },
    {
      first_name: (v) => checkName(v.first_name),
      last_name: (v) => checkName(v.last_name),
      address: (v) => checkAddress(v.address),
      city: (v) => checkCity(v.city),
      state: (v) => checkState(v.state),
      zip_code: (v) => checkZip(v.zip_code),
    },
  );
  const [chosen, setChosen] = useState<string[]>(client.interested_services);
  const [interestsError, setInterestsError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const first = useRef<HTMLInputElement | null>(null);
  useUnsavedChanges(form.dirty || !sameSlugs(chosen, client.interested_services));
  const save = useMutation({ mutationFn: saveAll, meta: { silent: true } });

  useEffect(() => first.current?.focus(), []);

  async function saveAll(): Promise<{ profile: Profile | null; client: ClientProfile }> {
    const { values } = form;
    const names = { first_name: values.first_name.trim(), last_name: values.last_name.trim() };
    const namesChanged = names.first_name !== initialNames.first_name || names.last_name !== initialNames.last_name;
    const profile = namesChanged ? await updateNames(names) : null;
    const saved = await updateClientProfile({
      address: values.address.trim(),
      city: values.city.trim(),
      state: values.state.trim().toUpperCase(),
      zip_code: values.zip_code.trim(),
      preferred_contact: values.preferred_contact as ContactMethod,
      interested_services: chosen,
    });
    return { profile, client: saved };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!form.validateAll()) return;
    try {
      const saved = await save.mutateAsync();
      if (saved.profile) {
        queryClient.setQueryData(profileQueries.me().queryKey, saved.profile);
        useSession.getState().profileUpdated(saved.profile);
      }
      queryClient.setQueryData(clientQueries.own().queryKey, saved.client);
      toast.success(t('saved'));
      onDone();
    } catch (error) {
      const details = isApiError(error) ? error.details : undefined;
      const onFields = form.showServerErrors(details);
      if (details?.interested_services) setInterestsError(fieldErrorText(t, details.interested_services));
      if (onFields || details?.interested_services) setProblem(t('errors:validation_failed'));
      else if (isApiError(error) && error.status === 0) setProblem(t('errors:network_error'));
      else setProblem(t(`errors:${isApiError(error) ? error.code : 'unexpected'}`, { defaultValue: t('errors:unexpected') }));
    }
  }

  const fieldError = (name: Field) => fieldErrorText(t, form.errorOf(name));
  const bindFirst = form.bind('first_name');

  return (
    <form className="card cprofile-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="cprofile-edit-title">
      <h2 id="cprofile-edit-title" className="cprofile__heading">
        {t('edit_title')}
      </h2>
      <div className="cprofile-form__row">
        <FormField label={t('fields.first_name')} error={fieldError('first_name')}>
          {(ids) => (
            <input
              {...ids}
              {...bindFirst}
              ref={(el) => {
                first.current = el;
                bindFirst.ref(el);
              }}
              className="input"
              type="text"
              autoComplete="given-name"
            />
          )}
        </FormField>
        <FormField label={t('fields.last_name')} error={fieldError('last_name')}>
          {(ids) => <input {...ids} {...form.bind('last_name')} className="input" type="text" autoComplete="family-name" />}
        </FormField>
      </div>
      <AddressFields
        bind={(field) => form.bind(field === 'street' ? 'address' : field)}
        setState={(value) => form.setValue('state', value)}
        errors={{ street: fieldError('address'), city: fieldError('city'), state: fieldError('state'), zip_code: fieldError('zip_code') }}
        labels={{ street: t('fields.address'), city: t('fields.city'), state: t('fields.state'), zip: t('fields.zip') }}
        rowClassName="cprofile-form__row"
      />
      <ChoicePills
        legend={t('contact.preferred')}
        name="preferred_contact"
        options={contactMethods}
        value={form.values.preferred_contact}
        onChange={(method) => form.setValue('preferred_contact', method)}
        label={(method) => t(`contact.methods.${method}`)}
      />
      <fieldset className="choice-group" aria-describedby={interestsError ? 'cprofile-interests-error' : undefined}>
        <legend>{t('interests.title')}</legend>
        {interestsFailed ? (
          <p className="field-hint">
            {t('interests.load_failed')}{' '}
            <Button variant="quiet" onClick={onRetryInterests}>
              {t('interests.retry')}
            </Button>
          </p>
        ) : null}
        <div className="choice-group__options wrap-row">
          {interests.map((category) => (
            <label key={category.slug} className="choice-pill">
              <input
                type="checkbox"
                checked={chosen.includes(category.slug)}
                onChange={(event) => {
                  setInterestsError(null);
                  setChosen((prev) => (event.target.checked ? [...prev, category.slug] : prev.filter((s) => s !== category.slug)));
                }}
              />
              <span>{category.name}</span>
            </label>
          ))}
        </div>
        {interestsError ? <FieldError id="cprofile-interests-error">{interestsError}</FieldError> : null}
      </fieldset>
      <ErrorAlert>{problem}</ErrorAlert>
      <div className="cprofile-form__actions wrap-row">
        <Button type="submit" variant="primary" busy={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
        <Button variant="secondary" onClick={onDone} busy={save.isPending}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
