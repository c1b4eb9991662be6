import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { useConfirmPasswordReset } from './api.ts';
import { AuthAlert, AuthOutcome } from './auth-outcome.tsx';
import { authProblemOf, generalProblemKey, useFieldErrorText } from './messages.ts';
import type { AuthProblem } from './messages.ts';
import { newPasswordChecks, showMismatchEarly } from './password-checks.ts';
import { PasswordRules } from './password-rules.tsx';
import { TextField } from './text-field.tsx';

type Outcome = 'done' | 'invalid_link' | null;

/** Set a new password from the emailed link, with the same rules as sign-up. */
export function ResetConfirmForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const mutation = useConfirmPasswordReset();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const form = useFieldForm({ password: '', confirm: '' }, newPasswordChecks, { checkWhenLeft: 'always', showEarly: showMismatchEarly });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending || !form.validateAll()) return;
    setProblem(null);
    mutation.mutate(
      { token, password: form.values.password },
      {
        onSuccess: () => setOutcome('done'),
        onError: (error) => {
          if (isApiError(error) && error.code === 'reset_link_invalid') return setOutcome('invalid_link');
          if (isApiError(error) && form.showServerErrors(error.details)) return;
          setProblem(authProblemOf(error));
        },
      },
    );
  }

  if (outcome === 'done') return <ResetOutcome outcome="done" />;
  if (outcome === 'invalid_link') return <ResetOutcome outcome="invalid_link" />;

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="auth-reset-confirm-title">
      <header className="auth-form__header">
        <h1 id="auth-reset-confirm-title" className="auth-title">
          {t('reset.confirmTitle')}
        </h1>
        <p className="auth-subtitle">{t('reset.confirmSubtitle')}</p>
      </header>
      {problem && (
        <AuthAlert>
          <p className="auth-alert__message">{t(`errors.${generalProblemKey(problem)}`)}</p>
        </AuthAlert>
      )}
      <TextField
        {...form.bind('password')}
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        error={errorText(form.errorOf('password'))}
        hint={<PasswordRules password={form.values.password} />}
      />
      <TextField
        {...form.bind('confirm')}
        label={t('fields.confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        error={errorText(form.errorOf('confirm'))}
      />
      <button type="submit" className="btn btn-primary btn-block auth-button" disabled={mutation.isPending}>
        {mutation.isPending ? t('reset.confirmSubmitting') : t('reset.confirmSubmit')}
      </button>
    </form>
  );
}

function ResetOutcome({ outcome }: { outcome: 'done' | 'invalid_link' }) {
  const { t } = useTranslation('auth');
  if (outcome === 'done') {
    return (
      <AuthOutcome icon="done" title={t('reset.successTitle')} body={t('reset.successBody')}>
        <Link className="btn btn-primary btn-block auth-button" to="/auth">
          {t('verify.signIn')}
        </Link>
      </AuthOutcome>
    );
  }
  return (
    <AuthOutcome icon="warning" title={t('reset.invalidTitle')} body={t('reset.invalidBody')}>
      <Link className="btn btn-primary btn-block auth-button" to="/auth/reset-password">
        {t('reset.requestNew')}
      </Link>
      <Link className="auth-link auth-link--center" to="/auth">
        {t('reset.backToSignIn')}
      </Link>
    </AuthOutcome>
  );
}
