import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { JobStatusBadge } from '../../entities/job/job-status-badge.tsx';
import { formatJobWhen, useJobLocale } from '../../entities/job/job-format.ts';
import { useJobPrice } from '../../entities/job/job-price.tsx';
import type { Job, JobPage } from '../../entities/job/api.ts';
import { ClientJobActions } from './job-actions.tsx';
import { JobReviewButton } from './job-review-button.tsx';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Card } from '../../components/card.tsx';

/** Where a job happens, in words: the location type, and the address of another place (the client's own or the provider's office). */
export function useLocationText() {
  const { t } = useTranslation('jobs');
  return (job: Job) => {
    const address = job.location_type === 'client_location' || job.location_type === 'provider_office' ? job.place.address : null;
    return address ? `${t(`location.${job.location_type}`)}: ${address}` : t(`location.${job.location_type}`);
  };
}

/** One appointment: title, status, provider, time, its price once accepted (estimate, then total), place, a proposal awaiting the client, the allowed actions and "Dejar reseña" once completed. */
export function ClientJobCard({ job, withActions = true }: { job: Job; withActions?: boolean }) {
  const { t } = useTranslation(['client-jobs', 'jobs']);
  const locale = useJobLocale();
  const locationText = useLocationText();
  const price = useJobPrice(job);
  const headingId = `job-${job.id}-title`;
  const proposal =
    job.status === 'schedule_change_pending' && job.proposed_start && job.proposed_end
      ? formatJobWhen({ scheduled_start: job.proposed_start, scheduled_end: job.proposed_end, timezone: job.timezone }, locale)
      : null;
  return (
    <Card as="article" className="client-job-card" aria-labelledby={headingId}>
      <div className="client-job-card__head">
        <h3 id={headingId} className="client-job-card__title">
          <Link to={`/client/jobs/${encodeURIComponent(job.id)}`}>{job.title}</Link>
        </h3>
        <JobStatusBadge status={job.status} />
      </div>
      <p className="client-job-card__when">{formatJobWhen(job, locale)}</p>
      {price ? (
        <p className="client-job-card__price">
          {price.label}: <strong>{price.amount}</strong>
        </p>
      ) : null}
      <p className="muted">
        {t('card.with', { name: job.provider.name })} · {locationText(job)}
        {job.total_sessions > 1 ? ` · ${t('jobs:session', { number: job.session_number, total: job.total_sessions })}` : ''}
      </p>
      {proposal ? <p className="client-job-card__proposal">{t('card.proposal', { when: proposal })}</p> : null}
      {withActions ? <ClientJobActions job={job} /> : null}
      {withActions ? <JobReviewButton job={job} /> : null}
    </Card>
  );
}

/** A list of job cards, or what to say when there are none. */
export function ClientJobList({ jobs, empty, withActions = true }: { jobs: Job[]; empty: string; withActions?: boolean }) {
  if (jobs.length === 0) return <p className="muted client-jobs__empty">{empty}</p>;
  return (
    <ul className="client-job-list">
      {jobs.map((job) => (
        <li key={job.id}>
          <ClientJobCard job={job} withActions={withActions} />
        </li>
      ))}
    </ul>
  );
}

export interface ClientJobPagesProps {
  pages: UseInfiniteQueryResult<InfiniteData<JobPage>>;
  empty: string;
  withActions?: boolean;
  /** Shown under an empty list (a way to find services). */
  whenEmpty?: ReactNode;
}

/** The client's jobs page by page: loading, a failure with a retry, the cards, and "show more". */
export function ClientJobPages({ pages, empty, withActions = true, whenEmpty = null }: ClientJobPagesProps) {
  const { t } = useTranslation('client-jobs');
  const jobs = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {pages.isPending && <LoadingScreen message={t('loading')} />}
      {pages.isError && (
        <div className="alert alert-error" role="alert">
          <p>{t('load_failed')}</p>
          <Button variant="secondary" onClick={() => void pages.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {pages.data && (
        <>
          {jobs.length === 0 ? (
            <EmptyState icon="calendar" title={empty} action={whenEmpty} compact />
          ) : (
            <ClientJobList jobs={jobs} empty={empty} withActions={withActions} />
          )}
          {pages.hasNextPage && (
            <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {t('load_more')}
            </Button>
          )}
        </>
      )}
    </>
  );
}
