import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { returnPathFrom } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session-store.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { useSignIn } from './api.ts';
import { AuthAlert } from './auth-outcome.tsx';
import { AuthFormHeader, EmailField, SubmitButton, emailOnlyChecks } from './form-parts.tsx';
import { authProblemOf, useFieldErrorText } from './messages.ts';
import type { AuthProblem } from './messages.ts';
import { ResendVerificationButton } from './resend-verification.tsx';
import { TextField } from './text-field.tsx';

const checks = {
  ...emailOnlyChecks,
  // Existing passwords are not checked against today's rules: the server decides.
  password: (v: { password: string }) => (v.password ? null : 'required'),
};

export function SignInForm({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useSignIn();
  const countdown = useCountdown();
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const form = useFieldForm({ email: '', password: '' }, checks, { checkWhenLeft: 'always' });
  const locked = problem?.kind === 'too_many_attempts' && countdown.remaining > 0;
  // An open tab whose account was suspended was sent here: it says why, until the next try.
  const suspended = useSession((s) => s.endedBecause === 'suspended');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (locked || mutation.isPending || !form.validateAll()) return;
    setProblem(null);
    mutation.mutate(
      { email: form.values.email.trim(), password: form.values.password },
      {
        // Back to where the guard found the person, else home (which routes by profile).
        onSuccess: () => navigate(returnPathFrom(location.state), { replace: true }),
        onError: (error) => {
          const found = authProblemOf(error);
          if (found.kind === 'too_many_attempts') countdown.start(found.seconds);
          setProblem(found);
        },
      },
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="auth-sign-in-title">
      <AuthFormHeader id="auth-sign-in-title" title={t('signIn.title')} subtitle={t('signIn.subtitle')} />

      {problem && <SignInProblem problem={problem} remaining={countdown.remaining} email={form.values.email} />}
      {!problem && suspended && (
        <AuthAlert problem="session_suspended">
          <p className="auth-alert__message">{t('errors.session_suspended')}</p>
        </AuthAlert>
      )}

      <EmailField form={form} />
      <TextField
        {...form.bind('password')}
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={errorText(form.errorOf('password'))}
      />
      <div className="auth-form__row">
        <Link className="auth-link" to="/auth/reset-password">
          {t('signIn.forgot')}
        </Link>
      </div>
      <SubmitButton busy={mutation.isPending} disabled={locked}>
        {mutation.isPending ? t('signIn.submitting') : t('signIn.submit')}
      </SubmitButton>
      <p className="auth-switch">
        {t('signIn.noAccount')}{' '}
        <button type="button" className="link-button" onClick={onSwitch}>
          {t('signIn.toSignUp')}
        </button>
      </p>
    </form>
  );
}

function SignInProblem({ problem, remaining, email }: { problem: AuthProblem; remaining: number; email: string }) {
  const { t } = useTranslation('auth');
  const waiting = problem.kind === 'too_many_attempts' && remaining > 0;
  let message: string;
  if (problem.kind === 'too_many_attempts') {
    message = waiting ? t('errors.too_many_attempts', { count: remaining }) : t('errors.too_many_attempts_done');
  } else {
    message = t(`errors.${problem.kind}`);
  }
  const done = problem.kind === 'too_many_attempts' && !waiting;
  return (
    <AuthAlert tone={done ? 'info' : 'error'} problem={problem.kind}>
      {waiting ? (
        // The ticking text is for the eyes; screen readers hear the wait once, not every second.
        <p className="auth-alert__message">
          <span aria-hidden="true">{message}</span>
          <span className="visually-hidden">{t('errors.too_many_attempts', { count: 'seconds' in problem ? problem.seconds : remaining })}</span>
        </p>
      ) : (
        <p className="auth-alert__message">{message}</p>
      )}
      {problem.kind === 'email_not_confirmed' && <ResendVerificationButton email={email} />}
    </AuthAlert>
  );
}
