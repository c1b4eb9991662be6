import { useEffect, useState } from 'react';
import { FieldError } from '../../components/field-error.tsx';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatJobDate, formatJobDuration, formatJobShortDate, formatJobTime, useJobLocale } from '../../entities/job/job-format.ts';
import { availabilityQueries } from '../../entities/availability/api.ts';
import type { DayAvailability } from '../../entities/availability/api.ts';
import type { FreeSlot } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { everyHalfHour, groupByDayPart } from './day-parts.ts';
import { ChoicePillOptions } from '../../components/choice-pills/choice-pills.tsx';
import { SlotAlertOffer } from './slot-alert-offer.tsx';

/** Noon of a calendar day, so formatting it in the provider's zone never slips to the day before. */
const noonOf = (date: string) => `${date}T16:00:00Z`;

function dayNote(day: DayAvailability, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (day.reason === 'closed_weekday') return t('day_closed');
  if (day.reason === 'blocked_date') return t('day_blocked');
  if (day.slots.length === 0) return t('day_full');
  return t('day_free', { count: everyHalfHour(day.slots, day.timezone).length });
}

interface DayPickerProps {
  providerId: string;
  minutes: number;
  value: string;
  onChange: (date: string) => void;
  error: string | null;
}

/**
 * The next 60 days as radio pills: closed, blocked and full days are shown as such and can not be
 * chosen. The first open day is chosen once the days are known (and again when a longer duration
 * leaves the chosen day without room), so the free times show at once.
 */
export function DayPicker({ providerId, minutes, value, onChange, error }: DayPickerProps) {
  const { t } = useTranslation('booking');
  const locale = useJobLocale();
  const days = useQuery({ ...availabilityQueries.days(providerId, minutes), meta: { silent: true } });
  const firstOpen = days.data?.find((day) => day.slots.length > 0)?.date;
  const chosenOpen = days.data?.some((day) => day.date === value && day.slots.length > 0) ?? true;
  useEffect(() => {
    if (firstOpen && !chosenOpen) onChange(firstOpen);
  }, [firstOpen, chosenOpen, onChange]);
  return (
    <fieldset className="choice-group booking-days" aria-describedby={error ? 'booking-date-error' : undefined}>
      <legend>{t('date')}</legend>
      {days.isPending && <p className="muted">{t('days_loading')}</p>}
      {days.isError && (
        <p className="field-error">
          {t('days_failed')}{' '}
          <Button variant="quiet" onClick={() => void days.refetch()}>
            {t('retry')}
          </Button>
        </p>
      )}
      {days.data && (
        <div className="booking-days__list" role="group" aria-label={t('days_label')}>
          {days.data.map((day) => {
            const open = day.slots.length > 0;
            return (
              <label key={day.date} className={`choice-pill booking-day${open ? '' : ' booking-day--closed'}`}>
                <input
                  type="radio"
                  name="booking-date"
                  value={day.date}
                  checked={value === day.date}
                  disabled={!open}
                  onChange={() => onChange(day.date)}
                />
                <span className="booking-day__date">{formatJobShortDate(noonOf(day.date), locale, day.timezone)}</span>{' '}
                <span className="booking-day__note">{dayNote(day, t)}</span>
              </label>
            );
          })}
        </div>
      )}
      {days.data && <SlotAlertOffer providerId={providerId} minutes={minutes} days={days.data} onChoose={onChange} />}
      {error ? <FieldError id="booking-date-error">{error}</FieldError> : null}
    </fieldset>
  );
}

interface SlotPickerProps {
  providerId: string;
  date: string;
  minutes: number;
  value: string;
  onChange: (start: string) => void;
  /** The chosen start is not among the freshly read slots any more. */
  onGone: () => void;
  error: string | null;
}

/** The free starts of the chosen day for the chosen duration, in the provider's time zone. */
export function SlotPicker({ providerId, date, minutes, value, onChange, onGone, error }: SlotPickerProps) {
  const { t } = useTranslation('booking');
  const locale = useJobLocale();
  const slots = useQuery({
    ...availabilityQueries.day(providerId, date, minutes),
    enabled: Boolean(date),
    meta: { silent: true },
  });
  const [everyStart, setEveryStart] = useState(false);
  const gone = Boolean(value) && slots.data !== undefined && !slots.isFetching && !slots.data.slots.some((slot) => slot.start === value);
  useEffect(() => {
    if (gone) onGone();
  }, [gone, onGone]);
  if (!date) return <p className="muted booking-slots__hint">{t('pick_date')}</p>;
  const legend = slots.data
    ? t('slots_for', { date: formatJobDate(noonOf(date), locale, slots.data.timezone), duration: formatJobDuration(minutes / 60, locale) })
    : t('slots');
  return (
    <fieldset className="choice-group booking-slots" aria-describedby={error ? 'booking-slot-error' : undefined}>
      <legend>{legend}</legend>
      {slots.isPending && <p className="muted">{t('slots_loading')}</p>}
      {slots.isError && (
        <p className="field-error">
          {t('slots_failed')}{' '}
          <Button variant="quiet" onClick={() => void slots.refetch()}>
            {t('retry')}
          </Button>
        </p>
      )}
      {slots.data && slots.data.slots.length === 0 && (
        <p className="muted" role="status">
          {t(`no_slots.${slots.data.reason ?? 'none'}`)}
        </p>
      )}
      {slots.data && <DayParts slots={slots.data.slots} timeZone={slots.data.timezone} everyStart={everyStart} value={value} onChange={onChange} />}
      {slots.data && everyHalfHour(slots.data.slots, slots.data.timezone).length < slots.data.slots.length && (
        <Button variant="quiet" className="booking-slots__more" aria-pressed={everyStart} onClick={() => setEveryStart(!everyStart)}>
          {t(everyStart ? 'slots_half_hours' : 'slots_every_start')}
        </Button>
      )}
      {error ? <FieldError id="booking-slot-error">{error}</FieldError> : null}
    </fieldset>
  );
}

interface DayPartsProps {
  slots: FreeSlot[];
  timeZone: string;
  /** Every free quarter-hour start, not only those on the hour and half hour. */
  everyStart: boolean;
  value: string;
  onChange: (start: string) => void;
}

/** A day's free starts in rows: morning, afternoon, evening (issue 27: a short list on a phone). */
function DayParts({ slots, timeZone, everyStart, value, onChange }: DayPartsProps) {
  const { t } = useTranslation('booking');
  const locale = useJobLocale();
  const shown = everyStart ? slots : everyHalfHour(slots, timeZone, value);
  return (
    <>
      {groupByDayPart(shown, timeZone).map(({ part, slots: partSlots }) => (
          <div key={part} className="booking-slots__part" role="group" aria-labelledby={`booking-part-${part}`}>
            <h3 id={`booking-part-${part}`} className="booking-slots__heading">
              {t(`day_parts.${part}`)}
            </h3>
            <ChoicePillOptions
              name="booking-slot"
              options={partSlots.map((slot) => slot.start)}
              value={value}
              onChange={onChange}
              label={(start) => formatJobTime(start, locale, timeZone)}
            />
          </div>
        ))}
    </>
  );
}
