/** The pieces the auth forms share: heading, email field, new password pair, alert and submit button. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEmail } from '@resuelve/contract';
import type { useFieldForm } from '../../lib/use-field-form.ts';
import { AuthAlert } from './auth-outcome.tsx';
import { generalProblemKey, useFieldErrorText } from './messages.ts';
import type { AuthProblem } from './messages.ts';
import { PasswordRules } from './password-rules.tsx';
import { TextField } from './text-field.tsx';
import { Button } from '../../components/button.tsx';

type Form<K extends string> = ReturnType<typeof useFieldForm<K>>;

/** The check of a form whose only field is the email. */
export const emailOnlyChecks = { email: (v: { email: string }) => checkEmail(v.email) };

export function AuthFormHeader({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <header className="auth-form__header">
      <h1 id={id} className="auth-title">
        {title}
      </h1>
      <p className="auth-subtitle">{subtitle}</p>
    </header>
  );
}

export function EmailField<K extends string>({ form }: { form: Form<K | 'email'> }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  return (
    <TextField
      {...form.bind('email')}
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      placeholder={t('fields.emailPlaceholder')}
      error={errorText(form.errorOf('email'))}
    />
  );
}

/** A new password with its live rules, and its confirmation (sign-up and reset). */
export function NewPasswordFields<K extends string>({
  form,
  labels,
}: {
  form: Form<K | 'password' | 'confirm'>;
  labels: { password: string; confirm: string };
}) {
  const errorText = useFieldErrorText();
  return (
    <>
      <TextField
        {...form.bind('password')}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        error={errorText(form.errorOf('password'))}
        hint={<PasswordRules password={form.values.password} />}
      />
      <TextField
        {...form.bind('confirm')}
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        error={errorText(form.errorOf('confirm'))}
      />
    </>
  );
}

/** A failure outside sign-in, in the few words those screens can tell apart. */
export function GeneralProblem({ problem }: { problem: AuthProblem | null }) {
  const { t } = useTranslation('auth');
  if (!problem) return null;
  return (
    <AuthAlert>
      <p className="auth-alert__message">{t(`errors.${generalProblemKey(problem)}`)}</p>
    </AuthAlert>
  );
}

export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" block size="lg" busy={busy} disabled={disabled}>
      {children}
    </Button>
  );
}
