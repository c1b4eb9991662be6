import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Job } from './api.ts';
import { formatJobWhen, useJobLocale } from './job-format.ts';
import { JobStatusBadge } from './job-status-badge.tsx';

export interface JobSessionListProps {
  /** Every session of the plan (GET /jobs/{id}/sessions), first to last. */
  sessions: Job[];
  /** The session on screen, marked as the current one. */
  currentId: string;
  /** Where a session's row leads (the client's or the provider's job screen). */
  hrefOf: (id: string) => string;
}

/** The sessions of a job plan: "Session n of total", when, and status; each leads to its own job. */
export function JobSessionList({ sessions, currentId, hrefOf }: JobSessionListProps) {
  const { t } = useTranslation('jobs');
  const locale = useJobLocale();
  return (
    <ol className="job-rows">
      {sessions.map((session) => (
        <li key={session.id} className="job-row" aria-current={session.id === currentId ? 'page' : undefined}>
          <Link to={hrefOf(session.id)} className="job-row__link">
            <span className="job-row__title">{t('session', { number: session.session_number, total: session.total_sessions })}</span>
            <span className="job-row__when">{formatJobWhen(session, locale)}</span>
          </Link>
          <JobStatusBadge status={session.status} />
        </li>
      ))}
    </ol>
  );
}
