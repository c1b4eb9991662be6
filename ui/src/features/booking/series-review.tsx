import { useTranslation } from 'react-i18next';
import { seriesEveryWeeks, seriesLimits, type SeriesPreview } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/button.tsx';
import { formatJobWhen, useJobLocale } from '../../entities/job/job-format.ts';
import { WholeNumberInput } from '../../components/whole-number-input.tsx';

/** Repeat: none, or every 1, 2 or 4 weeks for a number of visits (contract series.ts). */
export function SeriesFields({
  repeat,
  visits,
  onRepeat,
  onVisits,
  visitsError,
}: {
  repeat: string;
  visits: string;
  onRepeat: (value: string) => void;
  onVisits: (value: string) => void;
  visitsError: string | null;
}) {
  const { t } = useTranslation('series');
  return (
    <div className="booking-series">
      <FormField label={t('repeat')} className="booking-form__narrow">
        {(ids) => (
          <select {...ids} className="select" value={repeat} onChange={(e) => onRepeat(e.target.value)} name="repeat">
            <option value="">{t('repeat_none')}</option>
            {seriesEveryWeeks.map((every) => (
              <option key={every} value={String(every)}>
                {t(`every_${every}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {repeat ? (
        <FormField label={t('visits')} hint={t('visits_hint', { min: seriesLimits.minVisits, max: seriesLimits.maxVisits })} error={visitsError} className="booking-form__narrow">
          {(ids) => (
            <WholeNumberInput {...ids} name="visits" min={seriesLimits.minVisits} max={seriesLimits.maxVisits} value={visits} onChange={(e) => onVisits(e.target.value)} />
          )}
        </FormField>
      ) : null}
    </div>
  );
}

/** Every visit of the series with its conflict, then "Book N visits" for the free ones. */
export function SeriesReview({
  preview,
  timezone,
  notice,
  booking,
  onConfirm,
  onChange,
}: {
  preview: SeriesPreview;
  timezone: string;
  notice: string | null;
  booking: boolean;
  onConfirm: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation('series');
  const locale = useJobLocale();
  const conflicts = preview.visits.filter((visit) => visit.conflict !== null).length;
  const free = preview.visits.length - conflicts;
  return (
    <section className="booking-series-review" aria-labelledby="booking-series-review-title" aria-live="polite">
      <h2 id="booking-series-review-title" className="booking-series-review__title">
        {t('review_title')}
      </h2>
      <p className="muted">{t('review_intro')}</p>
      {notice ? (
        <p className="booking-series-review__notice" role="status">
          {notice}
        </p>
      ) : null}
      <ol className="booking-series-review__visits">
        {preview.visits.map((visit) => (
          <li key={visit.visit} className="booking-series-review__visit" data-conflict={visit.conflict ? 'true' : undefined}>
            <span className="booking-series-review__number">{t('visit_line', { number: visit.visit })}</span>
            <span className="booking-series-review__when">{formatJobWhen({ scheduled_start: visit.scheduled_start, scheduled_end: visit.scheduled_end, timezone }, locale)}</span>
            <span className="booking-series-review__state">{visit.conflict ? t(`conflict.${visit.conflict}`) : t('free')}</span>
          </li>
        ))}
      </ol>
      {conflicts > 0 && free > 0 ? <p className="muted">{t('conflicts_count', { count: conflicts })}</p> : null}
      {free === 0 ? <p role="alert">{t('nothing_free')}</p> : null}
      <div className="booking-series-review__actions">
        <Button type="button" variant="quiet" onClick={onChange}>
          {t('change')}
        </Button>
        {free > 0 ? (
          <Button type="button" variant="accent" onClick={onConfirm} disabled={booking}>
            {booking ? t('booking') : t('confirm', { count: free })}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
