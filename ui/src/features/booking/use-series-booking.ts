/**
 * The booking form's series (contract series.ts): how often and how many visits, the preview the
 * client checks, and the booking of its free visits. A series that changed meanwhile (409
 * series_conflicts) is previewed again and shown with a notice, never booked unseen.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesLimits, type NewBooking, type NewSeries, type SeriesBooked, type SeriesEvery, type SeriesPreview } from '@resuelve/contract';
import { bookSeries, previewSeries } from '../../entities/job/series-api.ts';
import { isApiError } from '../../lib/api-error.ts';

export function useSeriesBooking() {
  const { t } = useTranslation('series');
  const [repeat, setRepeatValue] = useState('');
  const [visits, setVisitsValue] = useState('4');
  /** The preview and the booking it was made for: a form changed since shows no stale list (`reviewFor`). */
  const [review, setReview] = useState<{ series: NewSeries; preview: SeriesPreview; of: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'booking' | null>(null);
  const count = Number(visits);
  const visitsError = repeat && !(Number.isInteger(count) && count >= seriesLimits.minVisits && count <= seriesLimits.maxVisits) ? 'out_of_range' : null;

  function clear() {
    setReview(null);
    setNotice(null);
  }

  /** Shows every visit of the series the booking starts, with its conflicts; errors are thrown to the form. */
  async function check(booking: NewBooking): Promise<void> {
    const series: NewSeries = { ...booking, every_weeks: Number(repeat) as SeriesEvery, visits: count };
    setBusy('checking');
    try {
      setReview({ series, preview: await previewSeries(series), of: JSON.stringify(booking) });
      setNotice(null);
    } finally {
      setBusy(null);
    }
  }

  /** Books the free visits; null when the list changed meanwhile (shown again with a notice). */
  async function confirm(): Promise<SeriesBooked | null> {
    if (!review) return null;
    const skip = review.preview.visits.filter((visit) => visit.conflict !== null).map((visit) => visit.visit);
    setBusy('booking');
    try {
      return await bookSeries({ ...review.series, skip }, crypto.randomUUID());
    } catch (error) {
      if (!isApiError(error) || error.code !== 'series_conflicts') throw error;
      setReview({ ...review, preview: await previewSeries(review.series) });
      setNotice(t('changed'));
      return null;
    } finally {
      setBusy(null);
    }
  }

  return {
    repeat,
    visits,
    visitsError,
    /** The preview, while the form still asks for what it was made for. */
    reviewFor: (booking: NewBooking) => (review && review.of === JSON.stringify(booking) ? review.preview : null),
    notice,
    busy,
    clear,
    check,
    confirm,
    setRepeat: (value: string) => {
      setRepeatValue(value);
      clear();
    },
    setVisits: (value: string) => {
      setVisitsValue(value);
      clear();
    },
  };
}
