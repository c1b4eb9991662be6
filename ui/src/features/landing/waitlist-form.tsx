import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkEmail, locales, toLocale, waitlistLimits, waitlistRoles, type Locale, type WaitlistRole } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { MunicipalityOptions } from '../../entities/geo/municipality-options.tsx';
import { joinWaitlist } from '../../entities/waitlist/api.ts';
import { isApiError, problemText } from '../../lib/api-error.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { serviceGroups } from './service-catalog.ts';
import { Button } from '../../components/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './waitlist-form.css';
import { LandingSection } from './landing-section.tsx';

const allCategories = serviceGroups.flatMap((group) => group.categories);

/**
 * The waitlist (issue 13): people whose municipality or trade is not served yet, and providers who
 * want in early, leave their email; the confirmation link arrives by email in the chosen language.
 */
export function WaitlistForm() {
  const { t, i18n } = useTranslation(['waitlist', 'landing']);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<WaitlistRole>('client');
  const [municipality, setMunicipality] = useState('');
  const [categories, setCategories] = useState<string[]>([]);
  const [locale, setLocale] = useState<Locale>(toLocale(i18n.language));
  const [emailError, setEmailError] = useState<string | null>(null);
  const join = useMutation({ mutationFn: joinWaitlist, meta: { silent: true } });
  const details = isApiError(join.error) ? join.error.details : undefined;
  // Sent by the app's code: its fields wait for it, so nothing typed before is lost (decision 0040).
  const hydrated = useHydrated();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkEmail(email);
    if (problem) {
      setEmailError(problem === 'invalid_email' ? t('form.emailInvalid') : fieldErrorText(t, problem));
      return;
    }
    setEmailError(null);
    join.mutate({
      email: email.trim(),
      role,
      locale,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(municipality ? { municipality } : {}),
      ...(categories.length ? { categories } : {}),
    });
  }

  function toggle(slug: string) {
    setCategories((current) => (current.includes(slug) ? current.filter((c) => c !== slug) : [...current, slug].slice(0, waitlistLimits.categoriesMax)));
  }

  return (
    <LandingSection titleId="waitlist-title" title={t('form.title')} subtitle={t('form.subtitle')} className="waitlist" anchor="waitlist">
      {join.isSuccess ? (
        <div className="waitlist__done" role="status">
          <h3>{t('form.doneTitle')}</h3>
          <p>{t('form.doneBody', { email: email.trim() })}</p>
          <Button
            variant="secondary"
            onClick={() => {
              join.reset();
              setEmail('');
              setName('');
            }}
          >
            {t('form.again')}
          </Button>
        </div>
      ) : (
        <form className="waitlist__form" onSubmit={submit} noValidate>
          {/* A wrapper without a box of its own: it only holds every field back until the app runs. */}
          <fieldset className="waitlist__alive" disabled={!hydrated}>
            <div className="waitlist__row">
              <FormField label={t('form.email')} error={emailError ?? fieldErrorText(t, details?.email)}>
                {(ids) => <input {...ids} className="input" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
              </FormField>
              <FormField label={t('form.name')} error={fieldErrorText(t, details?.name)}>
                {(ids) => (
                  <input {...ids} className="input" autoComplete="name" maxLength={waitlistLimits.nameMaxLength} value={name} onChange={(e) => setName(e.target.value)} />
                )}
              </FormField>
            </div>
            <fieldset className="waitlist__roles">
              <legend>{t('form.role')}</legend>
              {waitlistRoles.map((value) => (
                <label key={value} className="waitlist__choice">
                  <input type="radio" name="waitlist-role" value={value} checked={role === value} onChange={() => setRole(value)} />
                  {t(`form.roles.${value}`)}
                </label>
              ))}
            </fieldset>
            <div className="waitlist__row">
              <FormField label={t('form.municipality')} error={fieldErrorText(t, details?.municipality)}>
                {(ids) => (
                  <select {...ids} className="input" value={municipality} onChange={(e) => setMunicipality(e.target.value)}>
                    <MunicipalityOptions emptyLabel={t('form.anyMunicipality')} />
                  </select>
                )}
              </FormField>
              <FormField label={t('form.language')}>
                {(ids) => (
                  <select {...ids} className="input" value={locale} onChange={(e) => setLocale(toLocale(e.target.value))}>
                    {locales.map((value) => (
                      <option key={value} value={value} lang={value}>
                        {t(`form.languages.${value}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
            {/* The 20 services folded under one line until asked for: open, they made the phone's landing
                ~1,400 px taller (issue 27, point 10). The summary says what is chosen while folded. */}
            <details className="waitlist__categories">
              <summary className="waitlist__summary">
                <span className="waitlist__summary-label">{t('form.categories')}</span>
                <span className="waitlist__summary-chosen">
                  {categories.length === 0
                    ? t('form.categoriesNone')
                    : t('form.categoriesChosen', { count: categories.length, names: categories.map((slug) => t(`landing:categories.${slug}`)).join(', ') })}
                </span>
              </summary>
              <fieldset className="waitlist__category-set">
                <legend className="visually-hidden">{t('form.categories')}</legend>
                <ul className="chip-list">
                  {allCategories.map((slug) => (
                    <li key={slug}>
                      <label className={`pill waitlist__chip${categories.includes(slug) ? ' waitlist__chip--on' : ''}`}>
                        <input type="checkbox" checked={categories.includes(slug)} onChange={() => toggle(slug)} />
                        {t(`landing:categories.${slug}`)}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            </details>
            {join.isError && !details && (
              <div className="alert alert-error" role="alert">
                <p>
                  {t('form.failed')} {problemText(t, join.error)}
                </p>
              </div>
            )}
            <div className="waitlist__actions">
              <Button type="submit" variant="primary" busy={join.isPending}>
                {join.isPending ? t('form.sending') : t('form.submit')}
              </Button>
              <p className="muted waitlist__privacy">{t('form.privacy')}</p>
            </div>
          </fieldset>
        </form>
      )}
    </LandingSection>
  );
}
