import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JobStatusBadge } from '../../entities/job/job-status-badge.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { PendingNote } from '../../components/pending-note.tsx';
import { SavedDataNote } from '../../components/saved-data-note.tsx';
import { formatJobWhen, useJobLocale } from '../../entities/job/job-format.ts';
import type { Job } from '../../entities/job/api.ts';
import { useMe } from '../../entities/profile/use-profile.ts';
import { ClientJobList } from './job-card.tsx';
import { LoyaltyCard } from './loyalty-card.tsx';
import { ReviewPromptCard } from './review-prompt.tsx';
import { useClientJobs } from './jobs-api.ts';
import { activeFilters, todayFilters, upcomingFilters } from './job-sets.ts';
import { Button, ButtonAnchor, ButtonLink } from '../../components/button.tsx';
import './client-jobs.css';

/** How many jobs a count asks for; beyond it the stat reads "100+". */
const countLimit = 100;
const upcomingShown = 5;
const activityShown = 5;

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Morning until noon, afternoon until 7 p.m., then evening (the person's own clock). */
export function dayPart(now: Date): DayPart {
  const hour = now.getHours();
  if (hour < 12) return 'morning';
  return hour < 19 ? 'afternoon' : 'evening';
}

const byStart = (a: Job, b: Job) => a.scheduled_start.localeCompare(b.scheduled_start);

/** /client/home (SPEC.md §2): greeting, today's count, stats, today's schedule, upcoming, quick actions, recent activity. */
export function ClientHomePage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['client-jobs', 'nav', 'jobs', 'reviews', 'loyalty', 'providers', 'receipts']);
  const me = useMe();
  const [now] = useState(() => new Date());
  const held = useClientJobs({ ...activeFilters(), limit: countLimit });
  // The upcoming count and the upcoming list are one answer: the appointments' upcoming tab.
  const upcomingJobs = useClientJobs({ ...upcomingFilters(now), limit: countLimit });
  const completed = useClientJobs({ status: ['completed'], limit: countLimit });
  const todays = useClientJobs({ ...todayFilters(now), limit: countLimit });
  const recent = useClientJobs({ limit: 20 });

  const part = dayPart(now);
  const greeting = me?.first_name ? t(`greeting.${part}`, { name: me.first_name }) : t(`greeting.${part}_anonymous`);
  const todayJobs = (todays.data?.items ?? []).filter((job) => !['cancelled', 'cancelled_by_client', 'expired'].includes(job.status)).sort(byStart);
  const upcoming = [...(upcomingJobs.data?.items ?? [])].sort(byStart).slice(0, upcomingShown);
  const failed = held.isError || upcomingJobs.isError || completed.isError || todays.isError || recent.isError;

  return (
    <PageFrame feature="client" title={t('nav:titles.client_home')}>
      <div className="client-home">
        <section className="client-home__hello" aria-labelledby="client-home-greeting">
          <h2 id="client-home-greeting">{greeting}</h2>
          {/* Nothing today is said once, in today's schedule below (issue 27, point 11). */}
          {todayJobs.length > 0 && <p>{t('today_count', { count: todayJobs.length })}</p>}
        </section>
        <SavedDataNote updatedAt={held.dataUpdatedAt} />
        <ReviewPromptCard />
        {failed && (
          <div className="alert alert-error" role="alert">
            <p>{t('load_failed')}</p>
            <Button
              variant="secondary"
              onClick={() => [held, upcomingJobs, completed, todays, recent].forEach((query) => void query.refetch())}
            >
              {t('retry')}
            </Button>
          </div>
        )}
        <dl className="figures client-home__stats" aria-label={t('stats.label')}>
          <Stat label={t('stats.active')} jobs={held.data?.items} more={Boolean(held.data?.next_cursor)} />
          <Stat label={t('stats.upcoming')} jobs={upcomingJobs.data?.items} more={Boolean(upcomingJobs.data?.next_cursor)} />
          <Stat label={t('stats.completed')} jobs={completed.data?.items} more={Boolean(completed.data?.next_cursor)} />
        </dl>
        <div className="client-home__columns">
          <div>
            <section className="client-home__section" aria-labelledby="client-home-today">
              <h2 id="client-home-today">{t('today_title')}</h2>
              {todays.isPending ? <PendingNote>{t('loading')}</PendingNote> : <ClientJobList jobs={todayJobs} empty={t('today_none')} withActions={false} />}
            </section>
            <section className="client-home__section" aria-labelledby="client-home-upcoming">
              <h2 id="client-home-upcoming">{t('upcoming_title')}</h2>
              {upcomingJobs.isPending ? <PendingNote>{t('loading')}</PendingNote> : <ClientJobList jobs={upcoming} empty={t('upcoming_empty')} withActions={false} />}
              <Link to="/client/my-appointments?tab=upcoming">{t('see_all')}</Link>
            </section>
          </div>
          <div>
            <LoyaltyCard />
            <QuickActions />
            <RecentActivity jobs={recent.data?.items} />
          </div>
        </div>
      </div>
    </PageFrame>
  );
}

function Stat({ label, jobs, more }: { label: string; jobs: Job[] | undefined; more: boolean }) {
  const { t } = useTranslation('client-jobs');
  const value = jobs === undefined ? '–' : more ? t('stats.many', { count: jobs.length }) : String(jobs.length);
  return (
    <div className="client-home__stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function QuickActions() {
  const { t } = useTranslation('client-jobs');
  const mail = `mailto:${t('quick.support_email')}?subject=${encodeURIComponent(t('quick.support_subject'))}`;
  return (
    <section className="client-home__section card" aria-labelledby="client-home-quick">
      <h2 id="client-home-quick">{t('quick.title')}</h2>
      <ul className="client-home__quick">
        <li>
          <ButtonLink variant="primary" block to="/providers">
            {t('quick.find')}
          </ButtonLink>
        </li>
        <li>
          <ButtonLink variant="secondary" block to="/client/history">
            {t('quick.history')}
          </ButtonLink>
        </li>
        <li>
          <ButtonLink variant="secondary" block to="/client/reviews">
            {t('quick.reviews')}
          </ButtonLink>
        </li>
        <li>
          <ButtonAnchor variant="secondary" block href={mail}>
            {t('quick.support')}
          </ButtonAnchor>
        </li>
      </ul>
    </section>
  );
}

/** The jobs that changed last, newest first. */
function RecentActivity({ jobs }: { jobs: Job[] | undefined }) {
  const { t } = useTranslation(['client-jobs', 'jobs']);
  const locale = useJobLocale();
  const latest = [...(jobs ?? [])].sort((a, b) => b.updated_at.localeCompare(a.updated_at)).slice(0, activityShown);
  return (
    <section className="client-home__section card" aria-labelledby="client-home-activity">
      <h2 id="client-home-activity">{t('activity_title')}</h2>
      {jobs && latest.length === 0 && <p className="muted">{t('activity_empty')}</p>}
      {latest.length > 0 && (
        <ul className="client-home__activity">
          {latest.map((job) => (
            <li key={job.id}>
              <Link to={`/client/jobs/${encodeURIComponent(job.id)}`}>{job.title}</Link> <JobStatusBadge status={job.status} />
              <span className="muted">
                {' '}
                {job.provider.name} · {formatJobWhen(job, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
