import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, intlLocale, toLocale } from '@resuelve/contract';
import { PageFrame } from '../../components/page-frame.tsx';
import { verificationQueries, type MyVerification } from '../../entities/verification/api.ts';
import { apiFileHref } from '../../lib/api-client.ts';
import { problemText } from '../../lib/api-error.ts';
import { VerificationForm } from './verification-form.tsx';
import './verification.css';
import { Badge } from '../../components/badge.tsx';
import { QueryState } from '../../components/query-state.tsx';

function useDayText(): (day: string) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale[toLocale(i18n.resolvedLanguage ?? i18n.language)];
  return (day) => dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** /provider/verification: the provider's badges, their latest request, and the form to ask (again). */
export function VerificationPage() {
  const { t } = useTranslation('verification');
  const mine = useQuery({ ...verificationQueries.mine(), meta: { silent: true } });
  return (
    <PageFrame feature="verification" title={t('title')}>
      <div className="verification">
        <p className="muted verification__intro">{t('intro')}</p>
        <QueryState query={mine} loading={t('loading')} failed={`${t('failed')} ${problemText(t, mine.error)}`} retryLabel={t('retry')} />
        {mine.data && <VerificationStatus mine={mine.data} />}
        {mine.data && mine.data.request?.status !== 'pending' && (
          <section className="card verification__card" aria-labelledby="verification-form-title">
            <h2 id="verification-form-title">{mine.data.verified ? t('form.renew_title') : t('form.title')}</h2>
            <VerificationForm />
          </section>
        )}
      </div>
    </PageFrame>
  );
}

function VerificationStatus({ mine }: { mine: MyVerification }) {
  const { t } = useTranslation('verification');
  const day = useDayText();
  const request = mine.request;
  return (
    <section className="card verification__card" aria-labelledby="verification-status-title">
      <h2 id="verification-status-title">{t('status.title')}</h2>
      <ul className="verification__badges">
        <Badge as="li" tone={mine.verified ? 'success' : 'neutral'}>
          {mine.verified ? t('status.verified') : t('status.not_verified')}
        </Badge>
        <Badge as="li" tone={mine.insured ? 'success' : 'neutral'}>
          {mine.insured && mine.insurance_expires_on ? t('status.insured_until', { date: day(mine.insurance_expires_on) }) : t('status.not_insured')}
        </Badge>
      </ul>
      {request?.status === 'pending' && (
        <p className="alert alert-success" role="status">
          {t('status.pending', { date: day(request.created_at.slice(0, 10)) })}
        </p>
      )}
      {request?.status === 'rejected' && (
        <div className="alert alert-error">
          <p>{t('status.rejected')}</p>
          <p className="verification__reason">{request.reason}</p>
        </div>
      )}
      {request && (
        <dl className="verification__facts">
          <div>
            <dt>{t('form.licence_number')}</dt>
            <dd>{request.licence_number}</dd>
          </div>
          <div>
            <dt>{t('form.board')}</dt>
            <dd>{t(`boards.${request.licence_board}`)}</dd>
          </div>
          <div>
            <dt>{t('form.expires_on')}</dt>
            <dd>{day(request.insurance_expires_on)}</dd>
          </div>
          <div>
            <dt>{t('form.certificate')}</dt>
            <dd>
              <a href={apiFileHref(request.certificate.url)} target="_blank" rel="noreferrer">
                {t('status.view_certificate')}
              </a>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
