import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { jobQueries } from '../../entities/job/api.ts';
import { formatMoney } from '@resuelve/contract';
import { useJobLocale } from '../../entities/job/job-format.ts';
import { providerQueries } from '../../entities/provider/api.ts';
import { CalendarFilters, CalendarTools, useStatusFilter } from './calendar-filters.tsx';
import { JobCalendar } from './job-calendar.tsx';
import { problemText } from './messages.ts';
import { NewJobDialog } from './new-job-dialog.tsx';
import { PreferencesDialog, savedCalendarView } from './preferences-dialog.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import './provider.css';
import './calendar-page.css';
import { ErrorAlert } from '../../components/error-alert.tsx';

function CalendarStats() {
  const { t } = useTranslation('provider-jobs');
  const locale = useJobLocale();
  const stats = useQuery({ ...jobQueries.providerStats(), meta: { silent: true } });
  if (!stats.isSuccess) return null;
  const s = stats.data;
  const items: [string, string | number][] = [
    [t('calendar.today'), s.today],
    [t('calendar.this_week'), s.this_week],
    [t('stats.pending'), s.pending],
    [t('calendar.revenue'), formatMoney(s.month_earnings_cents, locale)],
  ];
  return (
    <dl className="figures provider-stats provider-stats--compact" aria-label={t('dashboard.stats')}>
      {items.map(([label, value]) => (
        <div key={label} className="card provider-stat">
          <dt className="provider-stat__label">{label}</dt>
          <dd className="provider-stat__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Provider calendar (SPEC.md §2): the jobs of the visible range by status, stats, new job, preferences. */
export function ProviderCalendarPage() {
  const { t } = useTranslation(['provider-jobs', 'jobs', 'nav']);
  const locale = useJobLocale();
  const [params, setParams] = useSearchParams();
  const [shown, toggle] = useStatusFilter();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [newJob, setNewJob] = useState(false);
  const preferences = params.get('preferences') === '1';
  const own = useQuery({ ...providerQueries.own(), meta: { silent: true } });
  const jobs = useQuery({
    ...jobQueries.inRange(range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
    meta: { silent: true },
  });
  const setPreferences = (open: boolean) =>
    setParams((old) => {
      const copy = new URLSearchParams(old);
      if (open) copy.set('preferences', '1');
      else copy.delete('preferences');
      return copy;
    });
  const onRange = (next: { from: string; to: string }) => setRange((old) => (old?.from === next.from && old.to === next.to ? old : next));
  const visible = (jobs.data ?? []).filter((job) => shown.has(job.status));

  return (
    <PageFrame
      feature="provider-console"
      title={t('nav:titles.provider_calendar')}
      actions={
        <>
          <Button variant="primary" disabled={!own.isSuccess} onClick={() => setNewJob(true)}>
            {t('calendar.new_job')}
          </Button>
          <Button variant="secondary" disabled={!own.isSuccess} onClick={() => setPreferences(true)}>
            {t('calendar.preferences')}
          </Button>
          <ButtonLink to="/provider/settings" variant="quiet">
            {t('calendar.business_settings')}
          </ButtonLink>
        </>
      }
    >
      <CalendarTools shown={shown}>
        <CalendarStats />
        <CalendarFilters shown={shown} onToggle={toggle} />
      </CalendarTools>
      {own.isError ? (
        <div className="alert alert-error" role="alert">
          <p>{problemText(t, own.error)}</p>
          <Button variant="secondary" onClick={() => void own.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : own.isPending ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <>
          {jobs.isError ? <ErrorAlert>{problemText(t, jobs.error)}</ErrorAlert> : null}
          <div className="provider-calendar" aria-busy={jobs.isFetching}>
            <JobCalendar jobs={visible} businessHours={own.data.business_hours} timeZone={own.data.timezone} locale={locale} initialView={savedCalendarView()} onRange={onRange} />
          </div>
        </>
      )}
      {newJob && own.isSuccess ? <NewJobDialog provider={own.data} onClose={() => setNewJob(false)} /> : null}
      {preferences && own.isSuccess ? <PreferencesDialog onClose={() => setPreferences(false)} /> : null}
    </PageFrame>
  );
}
