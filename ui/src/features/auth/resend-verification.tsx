import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { useResendVerification } from './api.ts';
import { EmailField, emailOnlyChecks } from './form-parts.tsx';
import { Button } from '../../components/button.tsx';

type ResendMutation = ReturnType<typeof useResendVerification>;

/** What happened to the last resend: always the same words, so the answer never reveals an account. */
function ResendStatus({ mutation }: { mutation: ResendMutation }) {
  const { t } = useTranslation('auth');
  return (
    <p className="auth-resend__status" role="status">
      {mutation.isSuccess && t('resend.sent')}
      {mutation.isError && <span className="auth-text-error">{t('resend.failed')}</span>}
    </p>
  );
}

/** "Resend verification email" for an address the screen already knows (sign-in error, sign-up done). */
export function ResendVerificationButton({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const mutation = useResendVerification();
  return (
    <div className="auth-resend">
      <Button
        variant="secondary"
        size="lg"
        busy={mutation.isPending}
        onClick={() => mutation.mutate(email.trim())}
      >
        {mutation.isPending ? t('resend.sending') : t('resend.action')}
      </Button>
      <ResendStatus mutation={mutation} />
    </div>
  );
}

/** Resend with an email field, for the verify-email screen where the address is not known. */
export function ResendVerificationForm({ title }: { title?: string }) {
  const { t } = useTranslation('auth');
  const mutation = useResendVerification();
  const form = useFieldForm({ email: '' }, emailOnlyChecks, { checkWhenLeft: 'always' });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    mutation.mutate(form.values.email.trim());
  }

  return (
    <form className="auth-resend auth-form" onSubmit={submit} noValidate>
      {title && <h2 className="auth-resend__title">{title}</h2>}
      <EmailField form={form} />
      <Button type="submit" variant="primary" size="lg" busy={mutation.isPending}>
        {mutation.isPending ? t('resend.sending') : t('resend.action')}
      </Button>
      <ResendStatus mutation={mutation} />
    </form>
  );
}
