import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { useConfirmPasswordReset } from './api.ts';
import { AuthOutcome, AuthOutcomeLink } from './auth-outcome.tsx';
import { AuthFormHeader, GeneralProblem, NewPasswordFields, SubmitButton } from './form-parts.tsx';
import { authProblemOf } from './messages.ts';
import type { AuthProblem } from './messages.ts';
import { newPasswordChecks, showMismatchEarly } from './password-checks.ts';

type Outcome = 'done' | 'invalid_link' | null;

/** Set a new password from the emailed link, with the same rules as sign-up. */
export function ResetConfirmForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
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
      <AuthFormHeader id="auth-reset-confirm-title" title={t('reset.confirmTitle')} subtitle={t('reset.confirmSubtitle')} />
      <GeneralProblem problem={problem} />
      <NewPasswordFields form={form} labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmNewPassword') }} />
      <SubmitButton busy={mutation.isPending}>
        {mutation.isPending ? t('reset.confirmSubmitting') : t('reset.confirmSubmit')}
      </SubmitButton>
    </form>
  );
}

function ResetOutcome({ outcome }: { outcome: 'done' | 'invalid_link' }) {
  const { t } = useTranslation('auth');
  if (outcome === 'done') {
    return (
      <AuthOutcome icon="done" title={t('reset.successTitle')} body={t('reset.successBody')}>
        <AuthOutcomeLink to="/auth">{t('verify.signIn')}</AuthOutcomeLink>
      </AuthOutcome>
    );
  }
  return (
    <AuthOutcome icon="warning" title={t('reset.invalidTitle')} body={t('reset.invalidBody')}>
      <AuthOutcomeLink to="/auth/reset-password">{t('reset.requestNew')}</AuthOutcomeLink>
      <Link className="auth-link auth-link--center" to="/auth">
        {t('reset.backToSignIn')}
      </Link>
    </AuthOutcome>
  );
}
