import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkEmail } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useMe } from '../../entities/profile/use-profile.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { requestEmailChange } from './api.ts';
import { problemText } from './messages.ts';
import { SaveRow } from './settings-section.tsx';

type Field = 'new_email' | 'password';
const empty: Record<Field, string> = { new_email: '', password: '' };

/**
 * Email change with re-verification (POST /auth/email-change): nothing changes until the link
 * sent to the new address is opened, so success here means "check your new inbox".
 */
export function EmailChangeSection() {
  const { t } = useTranslation('settings');
  const current = useMe()?.email ?? '';
  const form = useFieldForm<Field>(empty, {
    new_email: (v) => {
      const code = checkEmail(v.new_email);
      if (code) return code;
      return v.new_email.trim().toLowerCase() === current.toLowerCase() ? 'same_email' : null;
    },
    password: (v) => (v.password ? null : 'required'),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  useUnsavedChanges(form.dirty);
  const change = useMutation({ mutationFn: requestEmailChange, meta: { silent: true } });

  const errorText = (code: string | null) =>
    fieldErrorText(t, code, { words: { same_email: t('email.same'), wrong_password: t('email.wrong_password') } });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSentTo(null);
    if (!form.validateAll()) return;
    const newEmail = form.values.new_email.trim();
    try {
      await change.mutateAsync({ new_email: newEmail, password: form.values.password });
      form.reset(empty);
      setSentTo(newEmail);
    } catch (error) {
      if (isApiError(error) && error.code === 'invalid_credentials') form.showServerErrors({ password: 'wrong_password' });
      else if (isApiError(error) && form.showServerErrors(error.details)) setProblem(t('errors:validation_failed'));
      else setProblem(problemText(t, error));
    }
  }

  return (
    <form className="settings-form settings-form--narrow" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="settings-current">
        {t('email.current')} <strong>{current}</strong>
      </p>
      {sentTo ? (
        <div className="alert alert-success" role="status">
          <p className="settings-sent__title">{t('email.sent_title')}</p>
          <p className="settings-sent__body">{t('email.sent_body', { email: sentTo })}</p>
        </div>
      ) : null}
      <FormField label={t('email.new_email')} error={errorText(form.errorOf('new_email'))}>
        {(ids) => <input {...ids} {...form.bind('new_email')} className="input" type="email" autoComplete="email" spellCheck={false} />}
      </FormField>
      <FormField label={t('email.password')} hint={t('email.password_hint')} error={errorText(form.errorOf('password'))}>
        {(ids) => <input {...ids} {...form.bind('password')} className="input" type="password" autoComplete="current-password" />}
      </FormField>
      <SaveRow pending={change.isPending} problem={problem} label={t('email.submit')} pendingLabel={t('email.submitting')} />
    </form>
  );
}
