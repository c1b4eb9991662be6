import { useState } from 'react';
import type { FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toLocale } from '@resuelve/contract';
import { isApiError } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { useSignUp } from './api.ts';
import { AuthOutcome } from './auth-outcome.tsx';
import { AuthFormHeader, EmailField, GeneralProblem, NewPasswordFields, SubmitButton, emailOnlyChecks } from './form-parts.tsx';
import { authProblemOf } from './messages.ts';
import type { AuthProblem } from './messages.ts';
import { newPasswordChecks, showMismatchEarly } from './password-checks.ts';
import { ResendVerificationButton } from './resend-verification.tsx';
import { Button } from '../../components/button.tsx';

type Values = { email: string; password: string; confirm: string };

const checks = { ...emailOnlyChecks, ...newPasswordChecks };

export function SignUpForm({ provider, onSwitch }: { provider: boolean; onSwitch: () => void }) {
  const { t, i18n } = useTranslation('auth');
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
      <AuthFormHeader
        id="auth-sign-up-title"
        title={provider ? t('signUp.providerTitle') : t('signUp.title')}
        subtitle={provider ? t('signUp.providerSubtitle') : t('signUp.subtitle')}
      />

      <GeneralProblem problem={problem} />

      <EmailField form={form} />
      <NewPasswordFields form={form} labels={{ password: t('fields.password'), confirm: t('fields.confirmPassword') }} />
      <LegalNotice />
      <SubmitButton busy={mutation.isPending}>{mutation.isPending ? t('signUp.submitting') : t('signUp.submit')}</SubmitButton>
      <p className="auth-switch">
        {t('signUp.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={onSwitch}>
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
      <Button variant="primary" block size="lg" className="auth-done__action" onClick={onSignIn}>
        {t('signUp.doneSignIn')}
      </Button>
    </AuthOutcome>
  );
}

/** What signing up accepts: the terms and the privacy notice, opened beside the form so nothing typed is lost. */
function LegalNotice() {
  const { t } = useTranslation('legal');
  const link = (path: string) => (
    // Trans puts the link's words inside.
    <a href={path} target="_blank" rel="noopener noreferrer" aria-describedby="auth-legal-new-tab" />
  );
  return (
    <p className="auth-hint auth-legal">
      <Trans t={t} i18nKey="signup_notice" components={{ terms: link('/terms'), privacy: link('/privacy') }} />
      <span id="auth-legal-new-tab" className="visually-hidden">
        {t('new_tab')}
      </span>
    </p>
  );
}
