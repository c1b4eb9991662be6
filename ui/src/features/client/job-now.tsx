import { useTranslation } from 'react-i18next';
import type { Job } from '../../entities/job/api.ts';

/** Statuses that are good news for the client; the others are neutral notes. */
const goodNews: readonly Job['status'][] = ['upcoming', 'in_progress', 'completed'];

/**
 * Where the job stands, in one sentence that follows its status (live updates refresh the job):
 * "request sent, the provider will confirm" only while it is pending. Right after booking, the
 * pending sentence is the booking's success message. A job ended by a no-show report says who
 * reported it rather than "you cancelled" (contract no-shows.ts); one that expired because its deposit
 * was not paid in time says so (issue 29).
 */
export function JobNow({ job, booked }: { job: Job; booked: boolean }) {
  const { t } = useTranslation('client-jobs');
  const good = goodNews.includes(job.status) || (booked && job.status === 'pending');
  return (
    <p className={`alert client-job__now${good ? ' alert-success' : ''}`} role="status">
      {t(`detail.now.${job.no_show ? `no_show_${job.no_show.reported_by}` : job.status === 'expired' && job.deposit?.state === 'released' ? 'deposit_expired' : job.status}`, { provider: job.provider.name })}
    </p>
  );
}
