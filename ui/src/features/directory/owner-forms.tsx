import { useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { checkCompanyName, checkUrl, checkYearsExperience, profileLimits, socialNetworks } from '@resuelve/contract';
import type { SocialMedia } from '@resuelve/contract';
import { useCategories, useCategorySuggest } from '../../entities/category/api.ts';
import { CategorySelector } from '../../entities/category/category-selector/category-selector.tsx';
import { addOwnServices, providerKeys, providerQueries, removeOwnService, updateOwnProvider } from '../../entities/provider/api.ts';
import type { OwnProvider, OwnProviderChanges } from '../../entities/provider/api.ts';
import { isApiError } from '../../lib/api-client.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { useLocale } from './format.ts';
import { Button } from '../../components/button.tsx';

type FieldErrors = Record<string, string | undefined>;

/** Saves, refreshes the profile on screen and maps the api's field errors to the fields. */
function useSave<T>(save: (input: T) => Promise<unknown>, onFieldErrors: (errors: FieldErrors) => void) {
  const { t } = useTranslation('providers');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => {
      toast.success(t('owner.saved'));
      void queryClient.invalidateQueries({ queryKey: providerKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && error.details) onFieldErrors(error.details);
    },
  });
}

function Field({ label, error, children }: { label: string; error?: string; children: (props: { 'aria-invalid'?: true }) => ReactNode }) {
  const { t } = useTranslation('errors');
  return (
    <label className="field">
      <span>{label}</span>
      {children(error ? { 'aria-invalid': true } : {})}
      {error && <span className="field-error">{fieldErrorText(t, error)}</span>}
    </label>
  );
}

export function BasicInfoForm({ provider }: { provider: OwnProvider }) {
  const { t } = useTranslation('providers');
  const [values, setValues] = useState({
    company_name: provider.company_name,
    company_description: provider.company_description ?? '',
    years_experience: provider.years_experience === null ? '' : String(provider.years_experience),
    website_url: provider.website_url ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave((changes: OwnProviderChanges) => updateOwnProvider(changes), setErrors);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {
      company_name: checkCompanyName(values.company_name) ?? undefined,
      years_experience: checkYearsExperience(values.years_experience) ?? undefined,
      website_url: values.website_url.trim() ? (checkUrl(values.website_url) ?? undefined) : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate({
      company_name: values.company_name.trim(),
      company_description: values.company_description.trim(),
      years_experience: Number(values.years_experience),
      website_url: values.website_url.trim(),
    });
  }

  return (
    <form className="owner-form" onSubmit={submit} noValidate>
      <Field label={t('owner.company_name')} error={errors.company_name}>
        {(a) => <input className="input" value={values.company_name} onChange={(e) => setValues({ ...values, company_name: e.target.value })} {...a} />}
      </Field>
      <Field label={t('owner.description')} error={errors.company_description}>
        {(a) => (
          <textarea
            className="textarea"
            rows={4}
            maxLength={profileLimits.companyDescriptionMax}
            value={values.company_description}
            onChange={(e) => setValues({ ...values, company_description: e.target.value })}
            {...a}
          />
        )}
      </Field>
      <Field label={t('owner.years')} error={errors.years_experience}>
        {(a) => (
          <input className="input" inputMode="numeric" value={values.years_experience} onChange={(e) => setValues({ ...values, years_experience: e.target.value })} {...a} />
        )}
      </Field>
      <Field label={t('owner.website')} error={errors.website_url}>
        {(a) => <input className="input" type="url" value={values.website_url} onChange={(e) => setValues({ ...values, website_url: e.target.value })} {...a} />}
      </Field>
      {/* Insured is not the provider's to tick: it comes from an approved certificate (migration 0036). */}
      <p className="field-hint">
        {t('owner.insured_note')} <Link to="/provider/verification">{t('owner.insured_link')}</Link>
      </p>
      <Button type="submit" variant="primary" className="owner-form__submit" busy={save.isPending}>
        {save.isPending ? t('owner.saving') : t('owner.save')}
      </Button>
    </form>
  );
}

export function SocialMediaForm({ provider }: { provider: OwnProvider }) {
  const { t } = useTranslation('providers');
  const [values, setValues] = useState<SocialMedia>(provider.social_media);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave((social: SocialMedia) => updateOwnProvider({ social_media: social }), setErrors);
  return (
    <form
      className="owner-form"
      onSubmit={(event) => {
        event.preventDefault();
        const social = Object.fromEntries(socialNetworks.map((n) => [n, values[n]?.trim() ?? ''])) as SocialMedia;
        save.mutate(social);
      }}
    >
      {socialNetworks.map((network) => (
        <Field key={network} label={t(`social.${network}`)} error={errors[`social_media.${network}`]}>
          {(a) => (
            <input
              className="input"
              maxLength={profileLimits.socialHandleMax}
              value={values[network] ?? ''}
              onChange={(e) => setValues({ ...values, [network]: e.target.value })}
              {...a}
            />
          )}
        </Field>
      ))}
      <Button type="submit" variant="primary" className="owner-form__submit" busy={save.isPending}>
        {save.isPending ? t('owner.saving') : t('owner.save')}
      </Button>
    </form>
  );
}

/** Adds before removing, so the provider never has zero services in between (the api refuses it). */
export function ServicesForm() {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  const offered = useQuery({ ...providerQueries.ownServices(locale), meta: { silent: true } });
  const categories = useCategories();
  const suggest = useCategorySuggest();
  const offeredIds = useMemo(() => offered.data?.map((c) => c.id) ?? [], [offered.data]);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = chosen ?? offeredIds;
  const save = useSave(async (ids: number[]) => {
    const added = ids.filter((id) => !offeredIds.includes(id));
    const removed = offeredIds.filter((id) => !ids.includes(id));
    if (added.length) await addOwnServices(added);
    for (const id of removed) await removeOwnService(id);
  }, () => undefined);

  if (offered.isPending) return <p className="muted">{t('profile.loading')}</p>;
  if (offered.isError) return <p className="field-error">{t('owner.load_failed')}</p>;
  return (
    <form
      className="owner-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.length === 0) {
          setError(t('owner.services_required'));
          return;
        }
        setError(null);
        save.mutate(value, { onSuccess: () => setChosen(null) });
      }}
    >
      <CategorySelector
        label={t('owner.services')}
        value={value}
        onChange={(ids) => setChosen(ids)}
        items={categories.data}
        itemsState={categories.isPending ? 'loading' : categories.isError ? 'error' : 'ready'}
        onRetryItems={() => void categories.refetch()}
        suggest={suggest}
        error={error}
      />
      <Button type="submit" variant="primary" className="owner-form__submit" busy={save.isPending}>
        {save.isPending ? t('owner.saving') : t('owner.save')}
      </Button>
    </form>
  );
}
