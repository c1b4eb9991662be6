import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEmail, toLocale } from '@resuelve/contract';
import { isApiError } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { useSignUp } from './api.ts';
import { AuthAlert, AuthOutcome } from './auth-outcome.tsx';
import { authProblemOf, generalProblemKey, useFieldErrorText } from './messages.ts';
import type { AuthProblem } from './messages.ts';
import { newPasswordChecks, showMismatchEarly } from './password-checks.ts';
import { PasswordRules } from './password-rules.tsx';
import { ResendVerificationButton } from './resend-verification.tsx';
import { TextField } from './text-field.tsx';

type Values = { email: string; password: string; confirm: string };

const checks = { email: (v: Values) => checkEmail(v.email), ...newPasswordChecks };

export function SignUpForm({ provider, onSwitch }: { provider: boolean; onSwitch: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const mutation = useSignUp();
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFieldForm<keyof Values>(
    { email: '', password: '', confirm: '' },
    checks,
    { checkWhenLeft: 'always', showEarly: showMismatchEarly },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending || !form.validateAll()) return;
    setProblem(null);
    const email = form.values.email.trim();
    mutation.mutate(
      { email, password: form.values.password, locale: toLocale(i18n.language) },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => {
          if (isApiError(error) && form.showServerErrors(error.details)) return;
          setProblem(authProblemOf(error));
        },
      },
    );
  }

  if (sentTo) return <SignUpDone email={sentTo} onSignIn={onSwitch} />;

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="auth-sign-up-title">
      <header className="auth-form__header">
        <h1 id="auth-sign-up-title" className="auth-title">
          {provider ? t('signUp.providerTitle') : t('signUp.title')}
        </h1>
        <p className="auth-subtitle">{provider ? t('signUp.providerSubtitle') : t('signUp.subtitle')}</p>
      </header>

      {problem && (
        <AuthAlert>
          <p className="auth-alert__message">{t(`errors.${generalProblemKey(problem)}`)}</p>
        </AuthAlert>
      )}

      <TextField
        {...form.bind('email')}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        placeholder={t('fields.emailPlaceholder')}
        error={errorText(form.errorOf('email'))}
      />
      <TextField
        {...form.bind('password')}
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        error={errorText(form.errorOf('password'))}
        hint={<PasswordRules password={form.values.password} />}
      />
      <TextField
        {...form.bind('confirm')}
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errorText(form.errorOf('confirm'))}
      />
      <button type="submit" className="btn btn-primary btn-block auth-button" disabled={mutation.isPending}>
        {mutation.isPending ? t('signUp.submitting') : t('signUp.submit')}
      </button>
      <p className="auth-switch">
        {t('signUp.haveAccount')}{' '}
        <button type="button" className="auth-link-button" onClick={onSwitch}>
          {t('signUp.toSignIn')}
        </button>
      </p>
    </form>
  );
}

function SignUpDone({ email, onSignIn }: { email: string; onSignIn: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <AuthOutcome icon="mail" announce title={t('signUp.doneTitle')} body={t('signUp.doneBody', { email })}>
      <p className="auth-hint">{t('signUp.doneHint')}</p>
      <ResendVerificationButton email={email} />
      <button type="button" className="btn btn-primary btn-block auth-button" onClick={onSignIn}>
        {t('signUp.doneSignIn')}
      </button>
    </AuthOutcome>
  );
}
