import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { heldJobStatuses, isValidJobHours, lastBookableDay, weekdays } from '@resuelve/contract';
import type { BusinessHours, JobStatus, Locale } from '@resuelve/contract';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { FormField } from '../../components/form-field.tsx';
import { HoursInput } from '../../components/hours-input.tsx';
import { availabilityQueries } from '../../entities/availability/api.ts';
import { jobQueries } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import { formatJobTime, formatJobTimeRange, timeInZone, useJobLocale, zonedDateTimeToIso } from '../../entities/job/job-format.ts';
import { parseHours } from './messages.ts';

export interface ScheduleValues {
  date: string;
  time: string;
  /** Hours as typed. */
  duration: string;
}

export type ScheduleErrors = Partial<Record<keyof ScheduleValues, string | null>>;

/** Both date and time are required (SPEC.md §5), and a duration of quarter hours ≥ 0.25. */
export function checkSchedule(values: ScheduleValues): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = values.date ? 'invalid_date' : 'required';
  if (!/^\d{2}:\d{2}$/.test(values.time)) errors.time = values.time ? 'invalid_format' : 'required';
  if (!isValidJobHours(parseHours(values.duration))) errors.duration = values.duration ? 'invalid_hours' : 'required';
  return errors;
}

/**
 * A schedule being typed: its values, and its errors once sending was tried (from then on they
 * follow every change). `check()` marks the try and says whether the schedule may be sent.
 */
export function useSchedule(initial: ScheduleValues) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors: ScheduleErrors = tried ? checkSchedule(values) : {};
  const check = () => {
    setTried(true);
    return Object.keys(checkSchedule(values)).length === 0;
  };
  return { values, errors, tried, onChange: setValues, check };
}

function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether [time, time + hours) lies inside that weekday's business hours; null when it can not tell yet. */
export function outsideHours(hours: BusinessHours, date: string, time: string, duration: number): boolean | null {
  if (!date || !time || !Number.isFinite(duration)) return null;
  const weekday = weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  const day = hours[weekday];
  if (!day.open) return null; // the closed-day warning says it already
  const start = minutesOf(time);
  return start < minutesOf(day.from) || start + duration * 60 > minutesOf(day.to);
}

/** The held jobs that [date time, + hours) would overlap; none until date, time and hours are valid. */
export function overlaps(jobs: readonly Job[], values: ScheduleValues, hours: number, timezone: string): Job[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || !/^\d{2}:\d{2}$/.test(values.time) || !isValidJobHours(hours)) return [];
  const start = new Date(zonedDateTimeToIso(values.date, values.time, timezone)).getTime();
  const end = start + hours * 3_600_000;
  return jobs.filter((job) => new Date(job.scheduled_start).getTime() < end && new Date(job.scheduled_end).getTime() > start);
}

/** Jobs of the chosen day as "9:00 – 10:00 AM · title", for the overlap warning and the day's list. */
function JobTimes({ jobs, locale, timezone }: { jobs: readonly Job[]; locale: Locale; timezone: string }) {
  return (
    <ul>
      {jobs.map((job) => (
        <li key={job.id}>
          {formatJobTimeRange(job.scheduled_start, job.scheduled_end, locale, timezone)} · {job.title}
        </li>
      ))}
    </ul>
  );
}

export interface ScheduleFieldsProps {
  values: ScheduleValues;
  errors: ScheduleErrors;
  onChange: (values: ScheduleValues) => void;
  timezone: string;
  businessHours: BusinessHours;
  /** The job being rescheduled: its own held time is no conflict. */
  jobId?: string;
  today: string;
}

/**
 * Date, time and duration of a proposal, with what the provider needs to choose well (SPEC.md §2):
 * the free slots of that date for that duration, the other held jobs of the day, and a warning
 * when the day is closed or the time falls outside business hours.
 */
export function ScheduleFields({ values, errors, onChange, timezone, businessHours, jobId, today }: ScheduleFieldsProps) {
  const { t } = useTranslation('provider-jobs');
  const locale = useJobLocale();
  const hours = parseHours(values.duration);
  const minutes = isValidJobHours(hours) ? Math.round(hours * 60) : null;
  const dateOk = /^\d{4}-\d{2}-\d{2}$/.test(values.date);
  const slots = useQuery({
    ...availabilityQueries.own(values.date, minutes ?? 60),
    enabled: dateOk && minutes !== null,
    meta: { silent: true },
  });
  const dayFrom = dateOk ? zonedDateTimeToIso(values.date, '00:00', timezone) : '';
  const dayTo = dateOk ? zonedDateTimeToIso(nextDate(values.date), '00:00', timezone) : '';
  const dayJobs = useQuery({
    ...jobQueries.inRange(dayFrom, dayTo),
    enabled: dateOk,
    meta: { silent: true },
  });
  const conflicts = (dayJobs.data ?? []).filter(
    (job) => job.id !== jobId && (heldJobStatuses as readonly JobStatus[]).includes(job.status),
  );
  const outside = outsideHours(businessHours, values.date, values.time, hours);
  const overlapping = overlaps(conflicts, values, hours, timezone);
  const set = (change: Partial<ScheduleValues>) => onChange({ ...values, ...change });
  const errorText = (code: string | null | undefined) => fieldErrorText(t, code, { words: { invalid_hours: t('form.invalid_hours') } });

  return (
    <div className="schedule-fields">
      <div className="schedule-fields__row">
        <FormField label={t('form.date')} error={errorText(errors.date)}>
          {(ids) => <input {...ids} className="input" type="date" min={today} max={lastBookableDay(today)} value={values.date} onChange={(e) => set({ date: e.target.value })} />}
        </FormField>
        <FormField label={t('form.time')} error={errorText(errors.time)}>
          {(ids) => <input {...ids} className="input" type="time" step={900} value={values.time} onChange={(e) => set({ time: e.target.value })} />}
        </FormField>
        <FormField label={t('form.duration')} hint={t('form.duration_hint')} error={errorText(errors.duration)}>
          {(ids) => <HoursInput {...ids} value={values.duration} onChange={(e) => set({ duration: e.target.value })} />}
        </FormField>
      </div>

      {slots.data?.reason ? (
        <p className="alert alert-warning" role="status">
          {t(`availability.${slots.data.reason}`)}
        </p>
      ) : null}
      {outside ? (
        <p className="alert alert-warning" role="status">
          {t('availability.outside_hours')}
        </p>
      ) : null}
      {overlapping.length > 0 ? (
        <div className="alert alert-warning" role="status">
          <p>{t('availability.overlaps', { count: overlapping.length })}</p>
          <JobTimes jobs={overlapping} locale={locale} timezone={timezone} />
        </div>
      ) : null}

      {dateOk && minutes !== null ? (
        <div className="schedule-fields__slots">
          <h3 className="schedule-fields__heading">{t('availability.slots_title')}</h3>
          {slots.isPending ? (
            <p className="muted">{t('common.loading')}</p>
          ) : slots.isError ? (
            <p className="muted">{t('availability.slots_failed')}</p>
          ) : slots.data.slots.length === 0 ? (
            <p className="muted">{t('availability.no_slots')}</p>
          ) : (
            <div className="chip-list" role="group" aria-label={t('availability.slots_title')}>
              {slots.data.slots.map((slot) => {
                const time = timeInZone(slot.start, timezone);
                return (
                  <button
                    key={slot.start}
                    type="button"
                    className="slot-button"
                    aria-pressed={values.time === time}
                    onClick={() => set({ time })}
                  >
                    {formatJobTime(slot.start, locale, timezone)}
                  </button>
                );
              })}
            </div>
          )}
        </div>
      ) : null}

      {conflicts.length > 0 ? (
        <div className="schedule-fields__conflicts">
          <h3 className="schedule-fields__heading">{t('availability.conflicts_title')}</h3>
          <JobTimes jobs={conflicts} locale={locale} timezone={timezone} />
        </div>
      ) : null}
    </div>
  );
}
