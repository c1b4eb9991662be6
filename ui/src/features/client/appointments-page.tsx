import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { jobStatuses } from '@resuelve/contract';
import type { JobStatus } from '@resuelve/contract';
import { SavedDataNote } from '../../components/saved-data-note.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { ClientJobPages } from './job-card.tsx';
import { AllJobPages } from './all-job-pages.tsx';
import { pastFilters, todayFilters, upcomingFilters } from './job-sets.ts';
import { useClientJobPages } from './jobs-api.ts';
import type { ClientJobFilters } from './jobs-api.ts';
import { ButtonLink } from '../../components/button.tsx';
import './client-jobs.css';

export const appointmentTabs = ['all', 'upcoming', 'today', 'past'] as const;
export type AppointmentTab = (typeof appointmentTabs)[number];

function isTab(value: string | null): value is AppointmentTab {
  return (appointmentTabs as readonly (string | null)[]).includes(value);
}

function isStatus(value: string | null): value is JobStatus {
  return (jobStatuses as readonly (string | null)[]).includes(value);
}

function narrowed(filters: ClientJobFilters, status: JobStatus | null, q: string): ClientJobFilters {
  if (status) filters.status = [status];
  if (q) filters.q = q;
  return filters;
}

/**
 * What a tab asks GET /jobs for (SPEC.md §2 My Appointments). Upcoming: held jobs from now on;
 * today: the day in Puerto Rico (both soonest first); past: anything that started before now, newest
 * first. A chosen status narrows it.
 */
export function tabFilters(tab: Exclude<AppointmentTab, 'all'>, now: Date, status: JobStatus | null, q: string): ClientJobFilters {
  return narrowed(tab === 'upcoming' ? upcomingFilters(now) : tab === 'today' ? todayFilters(now) : pastFilters(now), status, q);
}

/** "Todas" in date order as a person reads it: every job from now on, soonest first, then every earlier one, newest first. */
export function allFilters(now: Date, status: JobStatus | null, q: string): { coming: ClientJobFilters; past: ClientJobFilters } {
  return { coming: narrowed({ from: now.toISOString(), order: 'asc' }, status, q), past: narrowed(pastFilters(now), status, q) };
}

/** /client/my-appointments: search, status filter and tabs (all in the URL), job cards with their actions. */
export function ClientAppointmentsPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['client-jobs', 'jobs', 'nav', 'reviews', 'providers', 'receipts']);
  const [params, setParams] = useSearchParams();
  const tab: AppointmentTab = isTab(params.get('tab')) ? (params.get('tab') as AppointmentTab) : 'all';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const q = params.get('q') ?? '';
  // One "now" per visit: filters built from a moving clock would refetch on every render.
  const [now] = useState(() => new Date());

  const empty = q || status ? t('appointments.empty_filtered') : t('appointments.empty');
  const whenEmpty =
    q || status ? null : (
      <ButtonLink variant="primary" to="/providers">
        {t('appointments.find_services')}
      </ButtonLink>
    );

  function setParam(name: string, value: string | null) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'q' },
    );
  }

  return (
    <PageFrame feature="client" title={t('nav:titles.client_my_appointments')}>
      <div className="client-jobs stack">
        <div className="client-jobs__filters">
          <SearchBox value={q} onSearch={(text) => setParam('q', text || null)} />
          <StatusSelect value={status} onChange={(next) => setParam('status', next)} />
        </div>
        <Tabs
          label={t('appointments.tabs_label')}
          items={appointmentTabs.map((name) => ({ id: name, label: t(`appointments.tabs.${name}`) }))}
          value={tab}
          onChange={(name) => setParam('tab', name === 'all' ? null : name)}
        >
          {tab === 'all' ? (
            <AllJobPages filters={allFilters(now, status, q)} empty={empty} whenEmpty={whenEmpty} />
          ) : (
            <TabJobPages filters={tabFilters(tab, now, status, q)} empty={empty} whenEmpty={whenEmpty} />
          )}
        </Tabs>
      </div>
    </PageFrame>
  );
}

/** One tab's jobs, page by page, with when its list was last saved (offline). */
function TabJobPages({ filters, empty, whenEmpty }: { filters: ClientJobFilters; empty: string; whenEmpty: ReactNode }) {
  const pages = useClientJobPages(filters);
  return (
    <>
      <SavedDataNote updatedAt={pages.dataUpdatedAt} />
      <ClientJobPages pages={pages} empty={empty} whenEmpty={whenEmpty} />
    </>
  );
}

/** A search field that asks once typing pauses, so each keystroke is not a request. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('client-jobs');
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="field client-jobs__search">
      <label htmlFor={id}>{t('appointments.search')}</label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={t('appointments.search_placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text.trim());
        }}
      />
    </div>
  );
}

function StatusSelect({ value, onChange }: { value: JobStatus | null; onChange: (status: string | null) => void }) {
  const { t } = useTranslation(['client-jobs', 'jobs']);
  const id = useId();
  return (
    <div className="field client-jobs__status">
      <label htmlFor={id}>{t('appointments.status')}</label>
      <select id={id} className="select" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t('appointments.status_all')}</option>
        {jobStatuses.map((s) => (
          <option key={s} value={s}>
            {t(`jobs:status.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
