/**
 * Recurring jobs (issue 30, decision record 0057): a client books a series of visits with one
 * provider, every 1, 2 or 4 weeks, for a number of visits or until a date. Each visit is its own
 * job; the series is what they share. Before confirming, the client sees every visit with the
 * reason it cannot be booked, if any, and books the rest; the provider accepts the whole series or
 * single visits; the client or the provider cancels one visit or it and all that follow.
 */
import type { ErrorCode } from './errors.ts';
import type { Job, NewBooking } from './jobs.ts';

/** How often a visit repeats, in weeks. */
export const seriesEveryWeeks = [1, 2, 4] as const;
export type SeriesEvery = (typeof seriesEveryWeeks)[number];

export const seriesLimits = {
  /** A series is at least two visits (one is a plain booking). */
  minVisits: 2,
  /** Half a year of weekly visits: a longer series is refused with series_too_long, never cut short. */
  maxVisits: 26,
} as const;

/**
 * What the client asks for: the first visit as a booking, how often it repeats, and either how
 * many visits (`visits`) or the last day a visit may fall on (`until`, YYYY-MM-DD in the
 * provider's zone). Exactly one of the two.
 */
export interface NewSeries extends NewBooking {
  every_weeks: SeriesEvery;
  visits?: number;
  until?: string;
}

/** `POST /jobs/series`: the series and the visit numbers the client agreed to leave out (the conflicts they were shown). */
export interface NewSeriesBooking extends NewSeries {
  skip: number[];
}

/** Why a visit cannot be booked: the booking error it would meet (slot_already_booked, provider_unavailable, …). */
export type SeriesConflict = Extract<
  ErrorCode,
  'slot_already_booked' | 'outside_business_hours' | 'provider_unavailable' | 'provider_closed_weekday' | 'time_not_available' | 'booking_too_far_ahead'
>;

export const seriesConflicts: readonly SeriesConflict[] = [
  'slot_already_booked',
  'outside_business_hours',
  'provider_unavailable',
  'provider_closed_weekday',
  'time_not_available',
  'booking_too_far_ahead',
];

/** One visit of a series as planned: its number (1 = the first), its start (ISO 8601 in the provider's zone) and its conflict, if any. */
export interface SeriesVisit {
  visit: number;
  scheduled_start: string;
  scheduled_end: string;
  conflict: SeriesConflict | null;
}

/** `POST /jobs/series/preview`: every visit the series would have, with its conflicts, nothing written. */
export interface SeriesPreview {
  every_weeks: SeriesEvery;
  visits: SeriesVisit[];
}

/** `POST /jobs/series`: 201 with the series and its jobs (the visits booked, in order). */
export interface SeriesBooked {
  series_id: string;
  jobs: Job[];
}

/** What a job of a series says about it (`Job.series`). */
export interface JobSeriesRef {
  id: string;
  /** This job's visit number, 1 for the first. */
  visit: number;
  /** How many visits the series was planned with (a visit left out for a conflict counts). */
  visits: number;
  every_weeks: SeriesEvery;
}

/** `POST /jobs/series/{id}/accept` body: the provider accepts every pending visit, each for this many hours (default: the hours asked). */
export interface SeriesAccept {
  estimated_hours?: number;
}

/** `POST /jobs/series/{id}/cancel` body: cancel this visit and every later one of the series the caller may still cancel. */
export interface SeriesCancel {
  from_job_id: string;
  reason?: string;
  /** The client's: the sum of the fees they were shown for these visits; another sum now refuses the cancel. */
  expected_fee_cents?: number;
}

/** `POST /jobs/series/{id}/accept` and `/cancel`: the jobs that changed, in visit order. */
export interface SeriesChanged {
  jobs: Job[];
}

/** Calendar days between two YYYY-MM-DD dates (UTC arithmetic on dates alone). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * How many visits a series has: `visits` when given, else every visit from the first day
 * (`firstDay`, YYYY-MM-DD in the provider's zone) to `until`, both included. 0 when `until` is
 * before the first day.
 */
export function seriesVisitCount(firstDay: string, everyWeeks: SeriesEvery, end: { visits?: number; until?: string }): number {
  if (end.visits !== undefined) return end.visits;
  const days = daysBetween(firstDay, end.until ?? firstDay);
  return days < 0 ? 0 : Math.floor(days / (7 * everyWeeks)) + 1;
}

/** The day of visit `visit` (1 = `firstDay`): `firstDay` plus (visit - 1) × every weeks, as YYYY-MM-DD. */
export function seriesVisitDay(firstDay: string, everyWeeks: SeriesEvery, visit: number): string {
  const at = new Date(Date.parse(`${firstDay}T00:00:00Z`) + (visit - 1) * everyWeeks * 7 * 86_400_000);
  return at.toISOString().slice(0, 10);
}
