import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { checkDayHours, quarterHours, weekdays } from '@resuelve/contract';
import type { BusinessHours, DayHours, Weekday } from '@resuelve/contract';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { providerQueries, saveBusinessHours } from '../../entities/provider/api.ts';
import type { OwnProvider } from '../../entities/provider/api.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { isApiError } from '../../lib/api-error.ts';
import { problemText, timeLabel } from './messages.ts';
import { SaveRow } from './settings-section.tsx';
import './schedule.css';

/** The provider's own record: its id, hours and time zone. */
export function useOwnProvider() {
  return useSuspenseQuery({ ...providerQueries.own(), meta: { silent: true } });
}

/** Weekly hours, per day open or closed with from and to on quarter hours (PUT /providers/{id}/business-hours). */
export function BusinessHoursSection() {
  const { data } = useOwnProvider();
  return <BusinessHoursForm provider={data} />;
}

function sameHours(a: BusinessHours, b: BusinessHours): boolean {
  return weekdays.every((day) => a[day].open === b[day].open && a[day].from === b[day].from && a[day].to === b[day].to);
}

/** The api's `details` name a day as `business_hours.<day>` (or a field under it). */
function serverDayErrors(details: Record<string, string> | undefined): Partial<Record<Weekday, string>> {
  const found: Partial<Record<Weekday, string>> = {};
  for (const [key, code] of Object.entries(details ?? {})) {
    const day = weekdays.find((d) => key === `business_hours.${d}` || key.startsWith(`business_hours.${d}.`));
    if (day) found[day] ??= code;
  }
  return found;
}

function BusinessHoursForm({ provider }: { provider: OwnProvider }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [baseline, setBaseline] = useState<BusinessHours>(provider.business_hours);
  const [hours, setHours] = useState<BusinessHours>(provider.business_hours);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Weekday, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const firstControls = useRef<Partial<Record<Weekday, HTMLSelectElement | null>>>({});
  useUnsavedChanges(!sameHours(hours, baseline));
  const save = useMutation({ mutationFn: (next: BusinessHours) => saveBusinessHours(provider.id, next), meta: { silent: true } });

  function errorOf(day: Weekday): string | null {
    return fieldErrorText(t, serverErrors[day] ?? checkDayHours(hours[day]), { words: { out_of_range: t('hours.to_after_from') } });
  }

  function change(day: Weekday, next: Partial<DayHours>) {
    setHours((prev) => ({ ...prev, [day]: { ...prev[day], ...next } }));
    setServerErrors((prev) => (prev[day] ? { ...prev, [day]: undefined } : prev));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const invalid = weekdays.find((day) => checkDayHours(hours[day]));
    if (invalid) {
      firstControls.current[invalid]?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync(hours);
      setBaseline(saved.business_hours);
      setHours(saved.business_hours);
      queryClient.setQueryData(providerQueries.own().queryKey, (old) => (old ? { ...old, business_hours: saved.business_hours } : old));
      toast.success(t('hours.saved'));
    } catch (error) {
      const byDay = isApiError(error) ? serverDayErrors(error.details) : {};
      const first = weekdays.find((day) => byDay[day]);
      if (first) {
        setServerErrors(byDay);
        setProblem(t('errors:validation_failed'));
        firstControls.current[first]?.focus();
      } else setProblem(problemText(t, error));
    }
  }

  const options = quarterHours.map((time) => (
    <option key={time} value={time}>
      {timeLabel(time, i18n.language)}
    </option>
  ));

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="field-hint">{t('hours.timezone', { timezone: provider.timezone })}</p>
      <ul className="hours-list">
        {weekdays.map((day) => {
          const dayName = t(`days.${day}`);
          const entry = hours[day];
          // A day's rule shows as soon as it breaks: the two times are chosen together.
          const error = errorOf(day);
          const errorId = `hours-${day}-error`;
          return (
            <li key={day} className={`hours-day${entry.open ? '' : ' hours-day--closed'}`}>
              <span className="hours-day__name">
                {dayName}
              </span>
              <label className="hours-day__toggle">
                <input
                  type="checkbox"
                  role="switch"
                  checked={entry.open}
                  aria-label={t('hours.open_switch', { day: dayName })}
                  onChange={(event) => change(day, { open: event.target.checked })}
                />
                <span>{entry.open ? t('hours.open') : t('hours.closed')}</span>
              </label>
              <div className="hours-day__times">
                <select
                  ref={(el) => {
                    firstControls.current[day] = el;
                  }}
                  className="select"
                  aria-label={t('hours.from_label', { day: dayName })}
                  value={entry.from}
                  disabled={!entry.open}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => change(day, { from: event.target.value })}
                >
                  {options}
                </select>
                <span aria-hidden="true">–</span>
                <select
                  className="select"
                  aria-label={t('hours.to_label', { day: dayName })}
                  value={entry.to}
                  disabled={!entry.open}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => change(day, { to: event.target.value })}
                >
                  {options}
                </select>
              </div>
              {error ? (
                <FieldError id={errorId} className="hours-day__error">
                  {error}
                </FieldError>
              ) : null}
            </li>
          );
        })}
      </ul>
      <SaveRow pending={save.isPending} problem={problem} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}
