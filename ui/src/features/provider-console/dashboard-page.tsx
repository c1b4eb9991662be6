import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, jobLimits, numberFormat, numberLocale } from '@resuelve/contract';
import { PageFrame } from '../../components/page-frame.tsx';
import { jobQueries } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import { useJobLocale } from '../../entities/job/job-format.ts';
import { useSession } from '../../lib/session-store.ts';
import { DashboardReviews } from './dashboard-reviews.tsx';
import { EarningsCard } from './earnings-card.tsx';
import { JobList } from './job-list.tsx';
import { problemText } from './messages.ts';
import { ProviderSection } from './section.tsx';
import { ResponseTimeCard } from './response-time-card.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import './provider.css';

const dayMs = 86_400_000;

function StatCard({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="card provider-stat">
      <span className="provider-stat__label">{label}</span>
      <span className="provider-stat__value">{value}</span>
      {note ? <span className="provider-stat__note">{note}</span> : null}
    </div>
  );
}

/**
 * Stats of SPEC.md §2. No growth figures: the fixed "+12% este mes" texts read as real numbers
 * (issue 27, point 10), and pending and upcoming are counts of now, with no month to compare.
 */
function DashboardStats() {
  const { t } = useTranslation('provider-jobs');
  const locale = useJobLocale();
  const stats = useQuery({ ...jobQueries.providerStats(), meta: { silent: true } });
  const userId = useSession((state) => state.user?.id);
  if (stats.isPending) return <p className="muted" role="status">{t('dashboard.loading_stats')}</p>;
  if (stats.isError) {
    return (
      <p className="alert alert-error" role="alert">
        {t('dashboard.stats_failed')} {problemText(t, stats.error)}
      </p>
    );
  }
  const s = stats.data;
  const number = numberFormat(numberLocale[locale], { maximumFractionDigits: 1 });
  return (
    <section aria-label={t('dashboard.stats')} className="figures provider-stats">
      <StatCard label={t('stats.pending')} value={s.pending} />
      <StatCard label={t('stats.upcoming')} value={s.upcoming} />
      <StatCard label={t('stats.completed')} value={s.completed} />
      <StatCard
        label={t('stats.rating')}
        value={s.review_count > 0 ? number.format(s.rating_average) : '—'}
        note={t('stats.reviews', { count: s.review_count })}
      />
      <StatCard
        label={t('stats.earnings')}
        value={formatMoney(s.earnings_cents, locale)}
        note={s.rate === null && userId ? <Link to={`/providers/${encodeURIComponent(userId)}?edit=rate`}>{t('stats.set_rate')}</Link> : null}
      />
    </section>
  );
}

function JobSection({ title, query, empty, ticking }: { title: string; query: UseQueryResult<Job[]>; empty: string; ticking?: boolean }) {
  const { t } = useTranslation('provider-jobs');
  return (
    <ProviderSection title={title}>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : query.isError ? (
        <div className="alert alert-error" role="alert">
          <p>{problemText(t, query.error)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <JobList jobs={query.data} empty={empty} label={title} ticking={ticking} />
      )}
    </ProviderSection>
  );
}

/** Provider dashboard (SPEC.md §2): stats, earnings, the response time, requests waiting for an answer, the next 7 days, jobs running now. */
export function ProviderDashboardPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['provider-jobs', 'nav', 'jobs', 'response-times', 'providers', 'receipts', 'payments-client', 'reviews']);
  // The 7-day window is fixed when the screen opens, so its query key stays put.
  const [nextDays] = useState(() => {
    const now = Date.now();
    return { from: new Date(now).toISOString(), to: new Date(now + jobLimits.dashboardUpcomingDays * dayMs).toISOString() };
  });
  const requests = useQuery({ ...jobQueries.providerRequests(), meta: { silent: true } });
  const upcoming = useQuery({ ...jobQueries.providerUpcoming(nextDays.from, nextDays.to), meta: { silent: true } });
  const running = useQuery({ ...jobQueries.providerInProgress(), meta: { silent: true } });
  return (
    <PageFrame
      feature="provider-console"
      title={t('nav:titles.provider_home')}
      actions={
        <ButtonLink to="/provider/calendar" variant="secondary">
          {t('dashboard.open_calendar')}
        </ButtonLink>
      }
    >
      <DashboardStats />
      <EarningsCard />
      <ResponseTimeCard />
      <div className="provider-dashboard__lists">
        <JobSection title={t('dashboard.in_progress')} query={running} empty={t('dashboard.in_progress_empty')} ticking />
        <JobSection title={t('dashboard.requests')} query={requests} empty={t('dashboard.requests_empty')} />
        <JobSection title={t('dashboard.upcoming')} query={upcoming} empty={t('dashboard.upcoming_empty')} />
      </div>
      <DashboardReviews />
    </PageFrame>
  );
}
