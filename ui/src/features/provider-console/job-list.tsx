import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../entities/job/api.ts';
import { formatElapsed, formatJobWhen, useJobLocale } from '../../entities/job/job-format.ts';
import { JobStatusBadge } from '../../entities/job/job-status-badge.tsx';
import { useNow } from './messages.ts';

/** One job as a row that leads to its request details; a running job shows its clock. */
function JobRow({ job, now }: { job: Job; now: Date | null }) {
  const { t } = useTranslation('provider-jobs');
  const locale = useJobLocale();
  return (
    <li className="job-row">
      <Link to={`/provider/jobs/${job.id}`} className="job-row__link">
        <span className="job-row__title">{job.title}</span>
        <span className="muted">{job.client.name}</span>
        <span className="job-row__when">{formatJobWhen(job, locale)}</span>
      </Link>
      <div className="job-row__side">
        <JobStatusBadge status={job.status} />
        {now && job.started_at ? (
          <span className="job-row__elapsed" aria-label={t('tracking.elapsed')}>
            {formatElapsed(job.started_at, now)}
          </span>
        ) : null}
      </div>
    </li>
  );
}

function TickingRows({ jobs }: { jobs: Job[] }) {
  const now = useNow();
  return jobs.map((job) => <JobRow key={job.id} job={job} now={now} />);
}

export interface JobListProps {
  jobs: Job[];
  /** Shown when there is no job. */
  empty: string;
  label: string;
  /** Running jobs: show each one's elapsed time, ticking. */
  ticking?: boolean;
}

export function JobList({ jobs, empty, label, ticking = false }: JobListProps) {
  if (jobs.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="job-rows" aria-label={label}>
      {ticking ? <TickingRows jobs={jobs} /> : jobs.map((job) => <JobRow key={job.id} job={job} now={null} />)}
    </ul>
  );
}
