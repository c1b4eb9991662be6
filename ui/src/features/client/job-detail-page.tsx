import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useCategories } from '../../entities/category/api.ts';
import { AddToCalendarButton } from '../../entities/job/add-to-calendar.tsx';
import { conversationPath } from '../../entities/conversation/links.ts';
import { jobQueries } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import { bookedHours, formatJobDate, formatJobDuration, formatJobTimeRange, useJobLocale } from '../../entities/job/job-format.ts';
import { JobPriceFact } from '../../entities/job/job-price.tsx';
import { JobFeeFact } from '../../entities/job/job-fee.tsx';
import { JobStatusBadge } from '../../entities/job/job-status-badge.tsx';
import { JobQuote } from '../../entities/quote/job-quote.tsx';
import { JobBill } from '../../entities/receipt/job-bill.tsx';
import { NoShowPanel } from '../../entities/no-show/no-show-panel.tsx';
import { JobSeriesPanel } from '../../entities/job/job-series.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { ClientJobActions } from './job-actions.tsx';
import { useLocationText } from './job-card.tsx';
import { JobNow } from './job-now.tsx';
import { JobOnTheWay, WhatsappButton } from './job-on-my-way.tsx';
import { JobReview } from './job-review.tsx';
import { DepositDueNow, JobPayPanel, JobPaymentsSection, depositDueNow } from './job-payments.tsx';
import { ElapsedTime, ExtensionRequests, JobHistory, JobSessions, ProposalPanel, hasProposal } from './job-detail-parts.tsx';
import './client-jobs.css';
import { JobLoyaltyNote } from '../../entities/loyalty/job-loyalty.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';

/** /client/jobs/{id}: the service, the provider, what the client may do now, extensions and history. */
export function ClientJobPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['client-jobs', 'nav', 'jobs', 'quotes', 'payments-client', 'receipts', 'reviews', 'on-my-way', 'series', 'no-shows', 'loyalty', 'providers']);
  const { id = '' } = useParams();
  const location = useLocation();
  const booked = (location.state as { booked?: boolean } | null)?.booked === true;
  const job = useQuery({ ...jobQueries.detail(id), meta: { silent: true } });
  const missing = isApiError(job.error) && (job.error.status === 404 || job.error.status === 403);
  return (
    <PageFrame
      feature="client"
      title={job.data?.title ?? t('nav:titles.client_job')}
      actions={
        <ButtonLink variant="quiet" to="/client/my-appointments">
          {t('detail.back')}
        </ButtonLink>
      }
    >
      {job.data && (depositDueNow(job.data) ? <DepositDueNow job={job.data} /> : <JobNow job={job.data} booked={booked} />)}
      {job.data && <JobOnTheWay job={job.data} />}
      {job.isPending && <LoadingScreen message={t('loading')} />}
      {job.isError && (
        <div className="alert alert-error" role="alert">
          <p>{missing ? t('detail.not_found') : t('load_failed')}</p>
          {!missing && (
            <Button variant="secondary" onClick={() => void job.refetch()}>
              {t('retry')}
            </Button>
          )}
        </div>
      )}
      {job.data && <JobDetail job={job.data} />}
    </PageFrame>
  );
}

function JobDetail({ job }: { job: Job }) {
  const { t } = useTranslation(['client-jobs', 'jobs']);
  return (
    <div className="client-job">
      <div className="client-job__main">
        <JobPayPanel job={job} />
        <ServiceDetails job={job} />
        <JobBill job={job} side="client" />
        <JobQuote job={job} side="client" />
        <JobPaymentsSection job={job} />
        <NoShowPanel job={job} side="client" />
        <JobSeriesPanel job={job} side="client" hrefOf={(id) => `/client/jobs/${encodeURIComponent(id)}`} />
        <ProposalPanel job={job} />
        <JobReview job={job} />
        <section className="client-job__section card" aria-labelledby="client-job-actions">
          <h2 id="client-job-actions" className="visually-hidden">
            {t('actions.label')}
          </h2>
          {!hasProposal(job) && <ClientJobActions job={job} />}
          <AddToCalendarButton jobId={job.id} />
        </section>
        <JobSessions job={job} />
        <ExtensionRequests job={job} />
        <JobHistory jobId={job.id} timezone={job.timezone} />
      </div>
      <ProviderPanel job={job} />
    </div>
  );
}

function ServiceDetails({ job }: { job: Job }) {
  const { t } = useTranslation(['client-jobs', 'jobs']);
  const locale = useJobLocale();
  const categories = useCategories();
  const locationText = useLocationText();
  const category = categories.data?.find((c) => c.id === job.category_id)?.name;
  return (
    <section className="client-job__section card" aria-labelledby="client-job-service">
      <h2 id="client-job-service">{t('detail.service_title')}</h2>
      <dl className="client-job__facts">
        <Fact label={t('detail.status')}>
          <JobStatusBadge status={job.status} />
        </Fact>
        {category && <Fact label={t('detail.category')}>{category}</Fact>}
        <Fact label={t('detail.date')}>{formatJobDate(job.scheduled_start, locale, job.timezone)}</Fact>
        <Fact label={t('detail.time')}>{formatJobTimeRange(job.scheduled_start, job.scheduled_end, locale, job.timezone)}</Fact>
        <Fact label={t('detail.duration')}>{formatJobDuration(bookedHours(job), locale)}</Fact>
        <JobPriceFact job={job} />
        <JobFeeFact job={job} />
        <Fact label={t('detail.location')}>{locationText(job)}</Fact>
        {job.total_sessions > 1 && (
          <Fact label={t('detail.session')}>
            {t('jobs:session', { number: job.session_number, total: job.total_sessions })}
            {job.original_job_id && (
              <>
                {' · '}
                <Link to={`/client/jobs/${encodeURIComponent(job.original_job_id)}`}>{t('detail.original_job')}</Link>
              </>
            )}
          </Fact>
        )}
        {job.status === 'in_progress' && job.started_at && (
          <Fact label={t('detail.elapsed')}>
            <ElapsedTime since={job.started_at} />
          </Fact>
        )}
      </dl>
      <h3>{t('detail.description')}</h3>
      <p className="client-job__description">{job.description || t('detail.no_description')}</p>
      {job.modification_request && (
        <>
          <h3>{t('detail.modification_request')}</h3>
          <p>{job.modification_request}</p>
        </>
      )}
      {job.decline_reason && (
        <>
          <h3>{t('detail.decline_reason')}</h3>
          <p>{job.decline_reason}</p>
        </>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ProviderPanel({ job }: { job: Job }) {
  const { t } = useTranslation('client-jobs');
  const { provider } = job;
  return (
    <aside className="client-job__provider card" aria-labelledby="client-job-provider">
      <h2 id="client-job-provider">{t('detail.provider_title')}</h2>
      <div className="client-job__provider-head">
        {provider.profile_picture_url ? (
          <img className="client-job__avatar" src={provider.profile_picture_url} alt="" width={56} height={56} />
        ) : (
          <span className="client-job__avatar client-job__avatar--initial" aria-hidden="true">
            {provider.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <p className="client-job__provider-name">{provider.name}</p>
      </div>
      <JobLoyaltyNote jobId={job.id} side="client" />
      <ButtonLink variant="secondary" block to={`/providers/${encodeURIComponent(provider.id)}`}>
        {t('detail.view_profile')}
      </ButtonLink>
      <ButtonLink variant="secondary" block to={conversationPath({ provider: provider.id }, job.id)}>
        {t('detail.message')}
      </ButtonLink>
      <WhatsappButton job={job} />
    </aside>
  );
}
