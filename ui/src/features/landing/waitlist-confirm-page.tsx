import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmWaitlist } from '../../entities/waitlist/api.ts';
import { problemText, statusOf } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import './waitlist-form.css';

/** /waitlist/confirm?token=…: the emailed link confirms the signup (POST /waitlist/verify) once opened. */
export function WaitlistConfirmPage() {
  const { t } = useTranslation('waitlist');
  useDocumentTitle(t('confirm.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useMutation({ mutationFn: confirmWaitlist, meta: { silent: true } });
  const sent = useRef(false);

  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      confirm.mutate(token);
    }
  }, [token, confirm]);

  return (
    <main className="landing waitlist-confirm" data-feature="landing">
      <div className="waitlist__done" aria-live="polite">
        <h1 className="landing-section__title">{t('confirm.title')}</h1>
        {!token && (
          <div role="alert">
            <h2>{t('confirm.invalidTitle')}</h2>
            <p>{t('confirm.missing')}</p>
          </div>
        )}
        {token && (confirm.isIdle || confirm.isPending) && <p role="status">{t('confirm.confirming')}</p>}
        {confirm.isSuccess && (
          <div role="status">
            <h2>{t('confirm.doneTitle')}</h2>
            <p>{t('confirm.doneBody')}</p>
          </div>
        )}
        {confirm.isError && (
          <div role="alert">
            <h2>{t('confirm.invalidTitle')}</h2>
            <p>{problemText(t, confirm.error)}</p>
            {statusOf(confirm.error) !== 400 && (
              <Button variant="secondary" onClick={() => token && confirm.mutate(token)}>
                {t('confirm.retry')}
              </Button>
            )}
          </div>
        )}
        <p>
          <ButtonLink to="/" variant="primary">
            {t('confirm.home')}
          </ButtonLink>
        </p>
      </div>
    </main>
  );
}
