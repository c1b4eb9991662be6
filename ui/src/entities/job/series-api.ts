/**
 * Recurring jobs as the ui reads and changes them (contract series.ts): the preview and booking of
 * a series, its visits, the provider's accept of all of it and a cancel from one visit on. The
 * series' key sits under `jobKeys.all`, so every live job event refreshes it with the job lists.
 */
import { queryOptions } from '@tanstack/react-query';
import type { NewSeries, NewSeriesBooking, SeriesBooked, SeriesCancel, SeriesChanged, SeriesPreview } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { jobKeys } from './api.ts';

export type { NewSeries, NewSeriesBooking, SeriesBooked, SeriesPreview };

const byId = (id: string) => encodeURIComponent(id);

export const seriesQueries = {
  /** Every booked visit of a series, in order. */
  of: (id: string) =>
    queryOptions({ queryKey: [...jobKeys.all, 'series', id] as const, queryFn: ({ signal }) => apiFetch<SeriesChanged>(`/jobs/series/${byId(id)}`, { signal }) }),
};

export function previewSeries(series: NewSeries): Promise<SeriesPreview> {
  return apiFetch<SeriesPreview>('/jobs/series/preview', { method: 'POST', body: series });
}

/** One Idempotency-Key per attempt, as a single booking. */
export function bookSeries(series: NewSeriesBooking, idempotencyKey: string): Promise<SeriesBooked> {
  return apiFetch<SeriesBooked>('/jobs/series', { method: 'POST', body: series, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function acceptSeries(id: string): Promise<SeriesChanged> {
  return apiFetch<SeriesChanged>(`/jobs/series/${byId(id)}/accept`, { method: 'POST', body: {} });
}

export function cancelSeries(id: string, cancel: SeriesCancel): Promise<SeriesChanged> {
  return apiFetch<SeriesChanged>(`/jobs/series/${byId(id)}/cancel`, { method: 'POST', body: cancel });
}
