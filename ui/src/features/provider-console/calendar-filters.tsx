import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { jobStatuses } from '@resuelve/contract';
import type { JobStatus } from '@resuelve/contract';
import type { JobStatusTone } from '../../entities/job/job-status-badge.tsx';
import { statusesOf, statusFamilies } from './calendar-options.ts';
import { StatusMark } from './status-mark.tsx';

/** How much of a family the calendar shows: all of its statuses, some (a URL may name one), or none. */
type Shown = 'all' | 'some' | 'none';

function shownOf(family: JobStatusTone, shown: Set<JobStatus>): Shown {
  const statuses = statusesOf(family);
  const on = statuses.filter((status) => shown.has(status)).length;
  return on === statuses.length ? 'all' : on === 0 ? 'none' : 'some';
}

/**
 * Shown statuses, kept in the URL (`?status=pending,upcoming`); none given means all. The calendar
 * ticks them by family: a family turned on or off turns all of its statuses.
 */
export function useStatusFilter(): [Set<JobStatus>, (family: JobStatusTone, on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const given = params.get('status');
  const shown = new Set<JobStatus>(
    given === null ? jobStatuses : (given.split(',').filter((s) => (jobStatuses as readonly string[]).includes(s)) as JobStatus[]),
  );
  const toggle = (family: JobStatusTone, on: boolean) => {
    const next = new Set(shown);
    for (const status of statusesOf(family)) {
      if (on) next.add(status);
      else next.delete(status);
    }
    setParams(
      (old) => {
        const copy = new URLSearchParams(old);
        if (next.size === jobStatuses.length) copy.delete('status');
        else copy.set('status', jobStatuses.filter((s) => next.has(s)).join(','));
        return copy;
      },
      { replace: true },
    );
  };
  return [shown, toggle];
}

/** A family's checkbox: ticked, unticked, or mixed when the URL shows only some of its statuses. */
function FamilyCheckbox({ family, shown, onToggle }: { family: JobStatusTone; shown: Shown; onToggle: (on: boolean) => void }) {
  const { t } = useTranslation('provider-jobs');
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = shown === 'some';
  }, [shown]);
  return (
    <label className="calendar-filter">
      <input ref={box} type="checkbox" checked={shown === 'all'} onChange={() => onToggle(shown !== 'all')} />
      <StatusMark family={family} />
      {t(`calendar.families.${family}`)}
    </label>
  );
}

/** The status legend, which is also the filter: five families, each with its mark and colour. */
export function CalendarFilters({ shown, onToggle }: { shown: Set<JobStatus>; onToggle: (family: JobStatusTone, on: boolean) => void }) {
  const { t } = useTranslation('provider-jobs');
  return (
    <fieldset className="calendar-filters">
      <legend>{t('calendar.filters')}</legend>
      {statusFamilies.map((family) => (
        <FamilyCheckbox key={family} family={family} shown={shownOf(family, shown)} onToggle={(on) => onToggle(family, on)} />
      ))}
    </fieldset>
  );
}

/**
 * The stats and the legend: above the calendar on a wide screen; on a phone behind a "Filtros"
 * button that says how many families are hidden, so the first screen is the agenda itself.
 */
export function CalendarTools({ shown, children }: { shown: Set<JobStatus>; children: ReactNode }) {
  const { t } = useTranslation('provider-jobs');
  const [open, setOpen] = useState(false);
  const panel = useId();
  const hidden = statusFamilies.filter((family) => shownOf(family, shown) !== 'all').length;
  return (
    <div className="calendar-tools" data-open={open}>
      <button type="button" className="calendar-tools__toggle" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        <svg className="calendar-tools__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {hidden === 0 ? t('calendar.filters_toggle') : t('calendar.filters_toggle_hidden', { count: hidden })}
      </button>
      <div id={panel} className="calendar-tools__panel">
        {children}
      </div>
    </div>
  );
}
