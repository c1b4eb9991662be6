import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { jobQueries } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import { formatJobDuration, formatJobShortDate, useJobLocale } from '../../entities/job/job-format.ts';
import { JobSessionList } from '../../entities/job/job-sessions.tsx';
import { useJobSessions } from '../../entities/job/use-job-sessions.ts';
import { problemText } from './messages.ts';
import { ProviderSection } from './section.tsx';

/** Every session of the plan this job belongs to (GET /jobs/{id}/sessions), this one marked. */
export function JobSessions({ job }: { job: Job }) {
  const { t } = useTranslation(['provider-jobs', 'jobs']);
  const sessions = useJobSessions(job.id);
  if (sessions.isSuccess && sessions.data.items.length <= 1 && job.total_sessions <= 1) return null;
  return (
    <ProviderSection title={t('jobs:sessions')}>
      {sessions.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : sessions.isError ? (
        <p className="alert alert-error" role="alert">
          {problemText(t, sessions.error)}
        </p>
      ) : (
        <JobSessionList sessions={sessions.data.items} currentId={job.id} hrefOf={(id) => `/provider/jobs/${encodeURIComponent(id)}`} />
      )}
    </ProviderSection>
  );
}

/** The job's requests for more time and the client's answers. */
export function JobExtensions({ job }: { job: Job }) {
  const { t } = useTranslation('provider-jobs');
  const locale = useJobLocale();
  const extensions = useQuery({ ...jobQueries.extensions(job.id), meta: { silent: true } });
  if (!extensions.isSuccess || extensions.data.items.length === 0) return null;
  return (
    <ProviderSection title={t('details.extensions')}>
      <ul className="job-rows">
        {extensions.data.items.map((extension) => (
          <li key={extension.id} className="job-row">
            <span>
              {formatJobDuration(extension.additional_hours, locale)} · {formatJobShortDate(extension.created_at, locale, job.timezone)}
              {extension.reason ? <span className="muted"> · {extension.reason}</span> : null}
            </span>
            <span className={`extension-status extension-status--${extension.status}`}>{t(`extension.status.${extension.status}`)}</span>
          </li>
        ))}
      </ul>
    </ProviderSection>
  );
}
