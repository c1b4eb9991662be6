import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { answerTimeExtension, jobQueries } from '../../entities/job/api.ts';
import type { Job, JobStatus, JobTimeExtension, JobTransition } from '../../entities/job/api.ts';
import { formatElapsed, formatJobDuration, formatJobShortDate, formatJobTime, formatJobWhen, useJobLocale } from '../../entities/job/job-format.ts';
import { JobSessionList } from '../../entities/job/job-sessions.tsx';
import { useJobChange } from '../../entities/job/use-job-change.ts';
import { useJobSessions } from '../../entities/job/use-job-sessions.ts';
import { ClientJobActions } from './job-actions.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** A running job's clock, ticking every second. */
export function ElapsedTime({ since }: { since: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <time dateTime={since}>{formatElapsed(since, now)}</time>;
}

/** The job waits for the client's answer to a proposal, which ProposalPanel shows with its actions. */
export function hasProposal(job: Job): boolean {
  return (job.status === 'schedule_change_pending' && Boolean(job.proposed_start && job.proposed_end)) || job.status === 'continuation_proposed';
}

/** A provider's alternative time (old against new) or a proposed extra session, with the client's answers. */
export function ProposalPanel({ job }: { job: Job }) {
  const { t } = useTranslation('client-jobs');
  const locale = useJobLocale();
  if (!hasProposal(job)) return null;
  if (job.status === 'schedule_change_pending' && job.proposed_start && job.proposed_end) {
    const proposed = { scheduled_start: job.proposed_start, scheduled_end: job.proposed_end, timezone: job.timezone };
    return (
      <section className="client-job__section client-job__proposal card" aria-labelledby="client-job-proposal">
        <h2 id="client-job-proposal">{t('detail.proposal_title')}</h2>
        <dl className="client-job__compare">
          <div>
            <dt>{t('detail.proposal_current')}</dt>
            <dd>
              <s>{formatJobWhen(job, locale)}</s>
            </dd>
          </div>
          <div>
            <dt>{t('detail.proposal_new')}</dt>
            <dd>
              <strong>{formatJobWhen(proposed, locale)}</strong>
            </dd>
          </div>
        </dl>
        <ClientJobActions job={job} />
      </section>
    );
  }
  return (
    <section className="client-job__section client-job__proposal card" aria-labelledby="client-job-proposal">
      <h2 id="client-job-proposal">{t('detail.continuation_title')}</h2>
      <p>{t('detail.continuation_text', { number: job.session_number, total: job.total_sessions, when: formatJobWhen(job, locale) })}</p>
      <ClientJobActions job={job} />
    </section>
  );
}

/** Extra time the provider asked for while working: pending ones get Approve / Decline. */
export function ExtensionRequests({ job }: { job: Job }) {
  const { t } = useTranslation('client-jobs');
  const locale = useJobLocale();
  const extensions = useQuery({ ...jobQueries.extensions(job.id), meta: { silent: true } });
  const answer = useJobChange(({ id, status }: { id: string; status: 'approved' | 'declined' }) => answerTimeExtension(id, status));
  const items = extensions.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="client-job__section card" aria-labelledby="client-job-extensions">
      <h2 id="client-job-extensions">{t('detail.extensions_title')}</h2>
      <ul className="client-job__extensions">
        {items.map((extension: JobTimeExtension) => (
          <li key={extension.id} className="client-job__extension">
            <p>
              {t('detail.extension_request', { duration: formatJobDuration(extension.additional_hours, locale) })}{' '}
              <span className="muted">({t(`detail.extension_status.${extension.status}`)})</span>
            </p>
            {extension.reason && <p className="muted">{t('detail.extension_reason', { reason: extension.reason })}</p>}
            {extension.status === 'pending' && extension.requested_by !== job.client_id && (
              <div className="job-buttons wrap-row">
                <Button
                  variant="primary"
                  busy={answer.pending}
                  onClick={() => void answer.run({ id: extension.id, status: 'approved' }, t('detail.extension_done.approved'))}
                >
                  {t('detail.approve')}
                </Button>
                <Button
                  variant="secondary"
                  busy={answer.pending}
                  onClick={() => void answer.run({ id: extension.id, status: 'declined' }, t('detail.extension_done.declined'))}
                >
                  {t('detail.decline')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ErrorAlert>{answer.problem}</ErrorAlert>
    </section>
  );
}

/**
 * What a step of the history says: created as; what was done, where the action has its own words
 * (on the way, more time, a no-show answered, the total confirmed, a deposit paid or not in time);
 * else from → to.
 */
function historyStep(t: TFunction, step: JobTransition): string {
  const status = (value: JobStatus) => t(`jobs:status.${value}`);
  if (!step.from_status) return t('detail.history_created', { to: status(step.to_status) });
  const change = t('detail.history_change', { from: status(step.from_status), to: status(step.to_status) });
  return t(`detail.history_action.${step.action}`, { defaultValue: change });
}

/** Every transition of the job: who, when, from and to. Hidden when the api keeps no history. */
export function JobHistory({ jobId, timezone }: { jobId: string; timezone: string }) {
  const { t } = useTranslation(['client-jobs', 'jobs']);
  const locale = useJobLocale();
  const history = useQuery({ ...jobQueries.history(jobId), meta: { silent: true } });
  const items = history.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="client-job__section card" aria-labelledby="client-job-history">
      <h2 id="client-job-history">{t('detail.history_title')}</h2>
      <ol className="client-job__history">
        {items.map((step) => (
          <li key={`${step.at}-${step.to_status}`}>
            <time dateTime={step.at}>
              {formatJobShortDate(step.at, locale, timezone)}, {formatJobTime(step.at, locale, timezone)}
            </time>{' '}
            <span>{historyStep(t, step)}</span>{' '}
            <span className="muted">· {t(`detail.actor.${step.actor}`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The sessions of the plan this job belongs to (GET /jobs/{id}/sessions), this one marked; hidden for a single job. */
export function JobSessions({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const sessions = useJobSessions(job.id);
  if (!sessions.isSuccess || (sessions.data.items.length <= 1 && job.total_sessions <= 1)) return null;
  return (
    <section className="client-job__section card" aria-labelledby="client-job-sessions">
      <h2 id="client-job-sessions">{t('sessions')}</h2>
      <JobSessionList sessions={sessions.data.items} currentId={job.id} hrefOf={(id) => `/client/jobs/${encodeURIComponent(id)}`} />
    </section>
  );
}
