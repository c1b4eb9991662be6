import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { useVerifyEmail } from './api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { AuthOutcome, AuthOutcomeLink } from './auth-outcome.tsx';
import { ResendVerificationForm } from './resend-verification.tsx';
import { Button } from '../../components/button.tsx';

/** /verify-email: follows the emailed link (`?token=`), or without one asks the person to check their inbox. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  return <AuthLayout title={t('titles.verify')}>{token ? <VerifyToken key={token} token={token} /> : <CheckInbox />}</AuthLayout>;
}

function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const mutation = useVerifyEmail();
  const sent = useRef(false);
  const { mutate } = mutation;

  useEffect(() => {
    // The link works once: StrictMode's second effect run must not spend it again.
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  // Opened in the browser that signed up: signed in now, on to onboarding (no second sign-in).
  if (mutation.isSuccess && mutation.data.session) return <Navigate to="/onboarding" replace state={{ verified: true }} />;
  if (mutation.isSuccess) {
    return (
      <AuthOutcome icon="done" title={t('verify.successTitle')} body={t('verify.successBody')}>
        <AuthOutcomeLink to="/auth">{t('verify.signIn')}</AuthOutcomeLink>
      </AuthOutcome>
    );
  }
  if (mutation.isError) {
    const error = mutation.error;
    // A 4xx means the link itself is bad; anything else (no answer, 5xx) is worth another try.
    const linkInvalid = isApiError(error) && (error.code === 'verification_link_invalid' || (error.status >= 400 && error.status < 500));
    if (linkInvalid) {
      return (
        <AuthOutcome icon="warning" title={t('verify.invalidTitle')} body={t('verify.invalidBody')}>
          <ResendVerificationForm />
        </AuthOutcome>
      );
    }
    return (
      <AuthOutcome icon="warning" title={t('verify.errorTitle')} body={t('verify.errorBody')}>
        <Button variant="primary" block size="lg" className="auth-done__action" onClick={() => mutate(token)}>
          {t('verify.retry')}
        </Button>
      </AuthOutcome>
    );
  }
  return (
    <div className="auth-done" role="status" aria-live="polite">
      <div className="auth-spinner" aria-hidden="true" />
      <p className="auth-subtitle">{t('verify.verifying')}</p>
    </div>
  );
}

function CheckInbox() {
  const { t } = useTranslation('auth');
  return (
    <AuthOutcome icon="mail" title={t('verify.pendingTitle')} body={t('verify.pendingBody')}>
      <ResendVerificationForm title={t('resend.title')} />
    </AuthOutcome>
  );
}
