import { useTranslation } from 'react-i18next';
import type { JobStatus } from '@resuelve/contract';
import { Badge } from '../../components/badge.tsx';

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

/** A job's status as a pill in its status colours (`--status-<status>`), worded from `jobs:status.*`. */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { t } = useTranslation('jobs');
  return (
    <Badge status={status} dot={status === 'in_progress'}>
      {t(`status.${status}`)}
    </Badge>
  );
}
