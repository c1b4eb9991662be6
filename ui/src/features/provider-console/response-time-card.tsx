/**
 * The dashboard's response time (issue 30): the provider's median first answer over 90 days in
 * their working hours (or how many answered cases it still takes), and a nudge to the oldest
 * request still waiting for them. Figures from GET /providers/me/response-time.
 */
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { responseTimeQuery } from '../../entities/provider/response-time.ts';
import { problemText } from '../../lib/api-error.ts';
import { ProviderSection } from './section.tsx';

/** "45 min", "2 h", "3 h 15 min". */
function duration(t: TFunction, minutes: number): string {
  if (minutes < 60) return t('dashboard.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? t('dashboard.hours', { hours, minutes: rest }) : t('dashboard.hours_whole', { hours });
}

export function ResponseTimeCard() {
  const { t } = useTranslation(['response-times', 'providers', 'errors']);
  const query = useQuery({ ...responseTimeQuery(), meta: { silent: true } });
  return (
    <ProviderSection title={t('dashboard.title')} className="provider-response-time">
      {!query.isSuccess ? (
        <QueryState query={query} loading={t('dashboard.loading')} failed={`${t('dashboard.error')} ${problemText(t, query.error)}`} retryLabel={t('dashboard.retry')} />
      ) : (
        <>
          {query.data.median_minutes !== null && query.data.bucket ? (
            <>
              <p className="provider-stat__value">{duration(t, query.data.median_minutes)}</p>
              <p>
                <strong>{t(`providers:badges.response.${query.data.bucket}`)}</strong>
              </p>
              <p className="muted">
                {t('dashboard.median', { days: query.data.window_days })} · {t('dashboard.cases', { count: query.data.cases })}
              </p>
            </>
          ) : (
            <p className="muted">{t('dashboard.not_yet', { minimum: query.data.minimum_cases, cases: query.data.cases })}</p>
          )}
          {query.data.oldest_waiting ? (
            <div className="alert alert-warning" role="status">
              <p>{t('dashboard.nudge', { count: query.data.waiting, waited: duration(t, query.data.oldest_waiting.business_minutes) })}</p>
              <ButtonLink variant="primary" to={`/provider/jobs/${encodeURIComponent(query.data.oldest_waiting.job_id)}`}>
                {t('dashboard.nudge_action')}
              </ButtonLink>
            </div>
          ) : (
            <p className="muted">{t('dashboard.all_answered')}</p>
          )}
        </>
      )}
    </ProviderSection>
  );
}
