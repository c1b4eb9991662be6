import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { limits } from '@resuelve/contract';
import { isApiError } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { useRequestPasswordReset } from './api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { AuthOutcome, AuthOutcomeLink } from './auth-outcome.tsx';
import { AuthFormHeader, EmailField, GeneralProblem, SubmitButton, emailOnlyChecks } from './form-parts.tsx';
import { authProblemOf } from './messages.ts';
import type { AuthProblem } from './messages.ts';
import { ResetConfirmForm } from './reset-confirm-form.tsx';

/** /auth/reset-password: ask for a link, or (with `?token=` from the email) set the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthLayout title={t('titles.reset')}>
      {token ? <ResetConfirmForm key={token} token={token} /> : <ResetRequestForm />}
    </AuthLayout>
  );
}

function ResetRequestForm() {
  const { t } = useTranslation('auth');
  const mutation = useRequestPasswordReset();
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFieldForm({ email: '' }, emailOnlyChecks, { checkWhenLeft: 'always' });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending || !form.validateAll()) return;
    setProblem(null);
    const email = form.values.email.trim();
    mutation.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => {
        if (isApiError(error) && form.showServerErrors(error.details)) return;
        setProblem(authProblemOf(error));
      },
    });
  }

  // The same answer whether or not the address has an account (no probing).
  if (sentTo) return <ResetRequested email={sentTo} />;

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="auth-reset-title">
      <AuthFormHeader id="auth-reset-title" title={t('reset.requestTitle')} subtitle={t('reset.requestSubtitle')} />
      <GeneralProblem problem={problem} />
      <EmailField form={form} />
      <SubmitButton busy={mutation.isPending}>
        {mutation.isPending ? t('reset.requestSubmitting') : t('reset.requestSubmit')}
      </SubmitButton>
      <p className="auth-switch">
        <Link className="auth-link" to="/auth">
          {t('reset.backToSignIn')}
        </Link>
      </p>
    </form>
  );
}

function ResetRequested({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthOutcome
      icon="mail"
      announce
      title={t('reset.requestSentTitle')}
      body={t('reset.requestSentBody', { email, minutes: limits.resetLinkMinutes })}
    >
      <AuthOutcomeLink to="/auth">{t('reset.backToSignIn')}</AuthOutcomeLink>
    </AuthOutcome>
  );
}
