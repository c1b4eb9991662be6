import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { defaultBusinessHours, formatMoney } from '@resuelve/contract';
import { PageFrame } from '../../components/page-frame.tsx';
import { AddToCalendarButton } from '../../entities/job/add-to-calendar.tsx';
import { jobQueries } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import {
  bookedHours,
  formatElapsed,
  formatJobDate,
  formatJobDuration,
  formatJobTime,
  formatJobTimeRange,
  useJobLocale,
} from '../../entities/job/job-format.ts';
import { JobStatusBadge } from '../../entities/job/job-status-badge.tsx';
import { JobPriceFact } from '../../entities/job/job-price.tsx';
import { JobFeeFact } from '../../entities/job/job-fee.tsx';
import { JobQuote } from '../../entities/quote/job-quote.tsx';
import { JobBill } from '../../entities/receipt/job-bill.tsx';
import { NoShowPanel } from '../../entities/no-show/no-show-panel.tsx';
import { JobSeriesPanel } from '../../entities/job/job-series.tsx';
import { providerQueries } from '../../entities/provider/api.ts';
import { isApiError } from '../../lib/api-error.ts';
import { JobActions } from './job-actions.tsx';
import { JobPaymentsCard } from './job-payments-card.tsx';
import { ClientContact, JobPlace } from './job-place.tsx';
import { JobExtensions, JobSessions } from './job-history.tsx';
import { problemText, useNow } from './messages.ts';
import { ProviderSection } from './section.tsx';
import './provider.css';
import { JobLoyaltyNote } from '../../entities/loyalty/job-loyalty.tsx';
import { Button } from '../../components/button.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Time tracking of a running job: when it started and how long it has run, ticking. */
function TimeTracking({ job }: { job: Job }) {
  const { t } = useTranslation('provider-jobs');
  const locale = useJobLocale();
  const now = useNow();
  if (!job.started_at) return null;
  return (
    <ProviderSection title={t('tracking.title')} className="time-tracking">
      <dl className="detail-list">
        <Row label={t('tracking.started_at')}>{formatJobTime(job.started_at, locale, job.timezone)}</Row>
        <Row label={t('tracking.elapsed')}>
          <span className="time-tracking__clock" role="timer">
            {formatElapsed(job.started_at, job.ended_at ? new Date(job.ended_at) : now)}
          </span>
        </Row>
      </dl>
    </ProviderSection>
  );
}

function JobDetails({ job }: { job: Job }) {
  const { t } = useTranslation(['provider-jobs', 'jobs']);
  const locale = useJobLocale();
  return (
    <>
      <ProviderSection title={t('details.client')}>
        <p className="job-client spread">
          <span className="job-client__name">{job.client.name}</span>
        </p>
        <ClientContact job={job} />
        <JobLoyaltyNote jobId={job.id} side="provider" />
      </ProviderSection>
      <ProviderSection title={t('place.title')}>
        <JobPlace job={job} />
      </ProviderSection>
      <ProviderSection title={t('details.service')}>
        <dl className="detail-list">
          <Row label={t('details.date')}>{formatJobDate(job.scheduled_start, locale, job.timezone)}</Row>
          <Row label={t('details.time')}>{formatJobTimeRange(job.scheduled_start, job.scheduled_end, locale, job.timezone)}</Row>
          <Row label={t('details.duration')}>{formatJobDuration(bookedHours(job), locale)}</Row>
          <JobPriceFact job={job} className="detail-row" />
          <JobFeeFact job={job} className="detail-row" />
          {job.description ? <Row label={t('details.description')}>{job.description}</Row> : null}
        </dl>
      </ProviderSection>
    </>
  );
}

/** What the other side is waiting on: the client's explanation, or the provider's own proposal. */
function JobNotes({ job }: { job: Job }) {
  const { t } = useTranslation('provider-jobs');
  const locale = useJobLocale();
  return (
    <>
      {job.status === 'modification_requested' && job.modification_request ? (
        <div className="alert alert-warning" role="note">
          <strong>{t('details.client_asked')}</strong> {job.modification_request}
        </div>
      ) : null}
      {job.status === 'schedule_change_pending' && job.proposed_start && job.proposed_end ? (
        <div className="alert alert-warning" role="note">
          {t('details.proposal_waiting', {
            date: formatJobDate(job.proposed_start, locale, job.timezone),
            time: formatJobTimeRange(job.proposed_start, job.proposed_end, locale, job.timezone),
          })}
        </div>
      ) : null}
      {job.status === 'pending' && job.deposit?.state === 'due' && job.deposit.hold_until ? (
        <div className="alert alert-warning" role="note">
          {t('details.deposit_waiting', { amount: formatMoney(job.deposit.amount_cents, locale), time: formatJobTime(job.deposit.hold_until, locale, job.timezone) })}
        </div>
      ) : null}
      {job.status === 'expired' && job.deposit?.state === 'released' ? (
        <div className="alert alert-warning" role="note">
          {t('details.deposit_expired')}
        </div>
      ) : null}
      {job.status === 'continuation_proposed' ? (
        <div className="alert alert-warning" role="note">
          {t('details.continuation_waiting')}
        </div>
      ) : null}
      {job.decline_reason ? (
        <p className="muted">
          {t('details.decline_reason')} {job.decline_reason}
        </p>
      ) : null}
    </>
  );
}

/** Provider job request details (SPEC.md §2): the request, the client, and every action allowed now. */
export function ProviderJobPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['provider-jobs', 'jobs', 'quotes', 'payments-client', 'payments', 'receipts', 'on-my-way', 'series', 'no-shows', 'loyalty']);
  const { id = '' } = useParams();
  const job = useQuery({ ...jobQueries.detail(id), meta: { silent: true } });
  const own = useQuery({ ...providerQueries.own(), meta: { silent: true } });

  if (job.isPending) {
    return (
      <PageFrame feature="provider-console" title={t('details.title')}>
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      </PageFrame>
    );
  }
  if (job.isError) {
    const missing = isApiError(job.error) && (job.error.status === 404 || job.error.status === 403);
    return (
      <PageFrame feature="provider-console" title={t('details.title')}>
        <div className="alert alert-error" role="alert">
          <p>{missing ? t('details.not_found') : problemText(t, job.error)}</p>
          {missing ? null : (
            <Button variant="secondary" onClick={() => void job.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </div>
        <Link to="/provider/home">{t('details.back')}</Link>
      </PageFrame>
    );
  }
  const data = job.data;
  return (
    <PageFrame feature="provider-console" title={data.title} actions={<JobStatusBadge status={data.status} />}>
      <nav className="job-links" aria-label={t('details.links')}>
        <Link to="/provider/home">{t('details.back')}</Link>
        <Link to="/provider/calendar">{t('details.calendar')}</Link>
        {data.original_job_id ? <Link to={`/provider/jobs/${data.original_job_id}`}>{t('details.original')}</Link> : null}
      </nav>
      {data.total_sessions > 1 ? <p className="muted">{t('jobs:session', { number: data.session_number, total: data.total_sessions })}</p> : null}
      <JobNotes job={data} />
      <JobBill job={data} side="provider" />
      <JobQuote job={data} side="provider" />
      <NoShowPanel job={data} side="provider" />
      <JobSeriesPanel job={data} side="provider" hrefOf={(id) => `/provider/jobs/${encodeURIComponent(id)}`} />
      <div className="job-request">
        <div className="job-request__main">
          <JobDetails job={data} />
          <div>
            <AddToCalendarButton jobId={data.id} />
          </div>
          {data.status === 'in_progress' || data.ended_at ? <TimeTracking job={data} /> : null}
        </div>
        <div className="job-request__side">
          <JobActions job={data} businessHours={own.data?.business_hours ?? defaultBusinessHours} />
          <JobPaymentsCard job={data} />
          <JobSessions job={data} />
          <JobExtensions job={data} />
        </div>
      </div>
    </PageFrame>
  );
}
