import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JobStatusBadge } from '../../components/job-status-badge.tsx';
import { formatJobWhen, useJobLocale } from '../../lib/job-format.ts';
import type { Job } from '../../lib/jobs.ts';
import { ClientJobActions } from './job-actions.tsx';

/** Where a job happens, in words: the location type, and the address when the client gave one. */
export function useLocationText() {
  const { t } = useTranslation('jobs');
  return (job: Job) => (job.location_type === 'client_location' && job.location_address ? `${t(`location.${job.location_type}`)}: ${job.location_address}` : t(`location.${job.location_type}`));
}

/** One appointment: title, status, provider, time, place, a proposal awaiting the client, and the allowed actions. */
export function ClientJobCard({ job, withActions = true }: { job: Job; withActions?: boolean }) {
  const { t } = useTranslation(['client-jobs', 'jobs']);
  const locale = useJobLocale();
  const locationText = useLocationText();
  const headingId = `job-${job.id}-title`;
  const proposal =
    job.status === 'schedule_change_pending' && job.proposed_start && job.proposed_end
      ? formatJobWhen({ scheduled_start: job.proposed_start, scheduled_end: job.proposed_end, timezone: job.timezone }, locale)
      : null;
  return (
    <article className="client-job-card" aria-labelledby={headingId}>
      <div className="client-job-card__head">
        <h3 id={headingId} className="client-job-card__title">
          <Link to={`/client/jobs/${encodeURIComponent(job.id)}`}>{job.title}</Link>
        </h3>
        <JobStatusBadge status={job.status} />
      </div>
      <p className="client-job-card__when">{formatJobWhen(job, locale)}</p>
      <p className="muted">
        {t('card.with', { name: job.provider.name })} · {locationText(job)}
        {job.total_sessions > 1 ? ` · ${t('jobs:session', { number: job.session_number, total: job.total_sessions })}` : ''}
      </p>
      {proposal ? <p className="client-job-card__proposal">{t('card.proposal', { when: proposal })}</p> : null}
      {withActions ? <ClientJobActions job={job} /> : null}
    </article>
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
