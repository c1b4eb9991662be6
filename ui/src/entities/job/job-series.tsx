import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { formatMoney } from '../../components/price/price.tsx';
import { isApiError, problemText } from '../../lib/api-error.ts';
import { jobKeys, type Job } from './api.ts';
import { formatJobWhen, useJobLocale } from './job-format.ts';
import { JobStatusBadge } from './job-status-badge.tsx';
import { acceptSeries, cancelSeries, seriesQueries } from './series-api.ts';
import './job-series.css';

type Side = 'client' | 'provider';

/** Visits of the series, from this one on, the viewer may still end (a cancel, or the provider's decline of a pending one). */
function endable(jobs: Job[], from: Job, side: Side): Job[] {
  return jobs.filter(
    (visit) =>
      (visit.series?.visit ?? 0) >= (from.series?.visit ?? 0) &&
      (visit.allowed_actions.includes('cancel') || (side === 'provider' && visit.allowed_actions.includes('decline'))),
  );
}

/**
 * A job that is a visit of a recurring series (contract series.ts): "Visit 2 of 4 · every week",
 * every booked visit with its status (each leads to its own job), the provider's "accept the N
 * pending visits", and "cancel this visit and the following ones" with its fee, if any, shown first.
 */
export function JobSeriesPanel({ job, side, hrefOf }: { job: Job; side: Side; hrefOf: (id: string) => string }) {
  const { t } = useTranslation(['series', 'errors']);
  const locale = useJobLocale();
  const queryClient = useQueryClient();
  const ref = job.series;
  const visits = useQuery({ ...seriesQueries.of(ref?.id ?? ''), enabled: Boolean(ref) });
  /** The cancel asked for, and the fee the client now sees (0 until the api says otherwise). */
  const [confirming, setConfirming] = useState<{ fee: number } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
  const accept = useMutation({ mutationFn: () => acceptSeries(ref!.id), onSuccess: refresh, meta: { silent: true } });
  const cancel = useMutation({
    mutationFn: (fee: number) => cancelSeries(ref!.id, { from_job_id: job.id, ...(side === 'client' ? { expected_fee_cents: fee } : {}) }),
    onSuccess: async () => {
      setConfirming(null);
      await refresh();
    },
    onError: (error) => {
      // The fee is the api's to say: shown, then confirmed with that amount.
      if (isApiError(error) && error.code === 'cancellation_fee_changed') setConfirming({ fee: Number(error.details?.fee_cents ?? 0) });
    },
    meta: { silent: true },
  });
  if (!ref) return null;
  const jobs = visits.data?.jobs ?? [];
  const pending = jobs.filter((visit) => visit.status === 'pending').length;
  const following = endable(jobs, job, side);
  const feeChanged = isApiError(cancel.error) && cancel.error.code === 'cancellation_fee_changed';
  return (
    <section className={`job-series job-series--${side} card`} aria-labelledby="job-series-title">
      <h2 id="job-series-title">{t('label')}</h2>
      <p className="job-series__where">{t('visit_of', { visit: ref.visit, visits: ref.visits, every: t(`every_${ref.every_weeks}`) })}</p>
      {visits.isPending ? <p className="muted">{t('loading')}</p> : null}
      {visits.isError ? <p role="alert">{t('load_failed')}</p> : null}
      {jobs.length > 0 ? (
        <ol className="job-rows">
          {jobs.map((visit) => (
            <li key={visit.id} className="job-row" aria-current={visit.id === job.id ? 'page' : undefined}>
              <Link to={hrefOf(visit.id)} className="job-row__link">
                <span className="job-row__title">{t('visit_line', { number: visit.series?.visit })}</span>
                <span className="job-row__when">{formatJobWhen(visit, locale)}</span>
              </Link>
              <JobStatusBadge status={visit.status} />
            </li>
          ))}
        </ol>
      ) : null}
      {accept.isSuccess ? <p role="status">{t('accepted_all')}</p> : null}
      {cancel.isSuccess ? <p role="status">{t('cancelled_following')}</p> : null}
      {accept.isError ? <ErrorAlert>{problemText(t, accept.error)}</ErrorAlert> : null}
      {cancel.isError && !feeChanged ? <ErrorAlert>{problemText(t, cancel.error)}</ErrorAlert> : null}
      <div className="job-series__actions">
        {side === 'provider' && pending > 0 ? (
          <Button variant="primary" onClick={() => accept.mutate()} disabled={accept.isPending}>
            {t('accept_all', { count: pending })}
          </Button>
        ) : null}
        {following.length > 0 && !confirming ? (
          <Button variant="quiet" onClick={() => setConfirming({ fee: 0 })}>
            {t('cancel_following')}
          </Button>
        ) : null}
      </div>
      {confirming && following.length > 0 ? (
        <div className="job-series__confirm" role="group" aria-label={t('cancel_following')}>
          <p>{t('cancel_confirm', { count: following.length })}</p>
          {confirming.fee > 0 ? <p>{t('cancel_fee', { fee: formatMoney(confirming.fee, locale) })}</p> : null}
          <div className="job-series__actions">
            <Button variant="quiet" onClick={() => setConfirming(null)}>
              {t('cancel_back')}
            </Button>
            <Button variant="danger" onClick={() => cancel.mutate(confirming.fee)} disabled={cancel.isPending}>
              {t('cancel_yes')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
