import { useTranslation } from 'react-i18next';
import type { JobStatus } from '@resuelve/contract';
import './job-status-badge.css';

/** How a status reads at a glance: waiting on someone, booked, running, done, or over without doing. */
export type JobStatusTone = 'waiting' | 'booked' | 'running' | 'done' | 'ended';

export const jobStatusTone: Record<JobStatus, JobStatusTone> = {
  pending: 'waiting',
  modification_requested: 'waiting',
  schedule_change_pending: 'waiting',
  continuation_proposed: 'waiting',
  upcoming: 'booked',
  in_progress: 'running',
  completed: 'done',
  cancelled: 'ended',
  cancelled_by_client: 'ended',
  expired: 'ended',
};

/** A job's status as a coloured pill, worded from `jobs:status.*`. */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { t } = useTranslation('jobs');
  return (
    <span className={`job-status-badge job-status-badge--${jobStatusTone[status]}`} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
