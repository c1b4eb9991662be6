/**
 * Response times (issue 30, decision 0053): how soon a provider first answers a booking request
 * (the request's creation → their first accept, decline, proposal, quote or message in its
 * conversation) or a new conversation (the client's first message → the provider's first reply),
 * counted in the provider's own business hours: their weekly hours in their time zone, minus the
 * days they blocked. A request sent on Saturday night and answered on Monday at opening took no
 * business time. The median of the last 90 days shows once there are enough cases to mean
 * something; below that, nothing is shown (null), never a guess.
 */
import { dateTimeFormat } from './intl.ts';
import { minutesOf, weekdays, type BusinessHours, type Weekday } from './profiles.ts';

export const responseTimes = {
  /** Cases (answered requests and conversations) before a median is shown. */
  minimumCases: 3,
  /** Only cases that started within these last days count. */
  windowDays: 90,
  /** A request waiting this many business minutes without an answer reminds the provider, once. */
  reminderAfterMinutes: 120,
} as const;

/**
 * What a badge says, by the median in business minutes: within an hour, within a few hours (up to
 * four: Thumbtack's bar for its top pros), within a business day (nine hours, a typical day's
 * hours), or in a few days.
 */
export const responseBuckets = ['within_hour', 'within_hours', 'within_day', 'within_days'] as const;
export type ResponseBucket = (typeof responseBuckets)[number];

const bucketLimits: [ResponseBucket, number][] = [
  ['within_hour', 60],
  ['within_hours', 240],
  ['within_day', 540],
];

/** The badge's bucket of a median; null (no badge) while there is no median. */
export function responseBucketOf(medianMinutes: number | null | undefined): ResponseBucket | null {
  if (medianMinutes === null || medianMinutes === undefined || !Number.isFinite(medianMinutes) || medianMinutes < 0) return null;
  for (const [bucket, limit] of bucketLimits) if (medianMinutes <= limit) return bucket;
  return 'within_days';
}

/** The middle value (the mean of the two middle ones for an even count, rounded); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** What is shown of a provider's response time: the median once there are enough cases. */
export function shownMedian(medianMinutes: number | null, cases: number): number | null {
  return cases >= responseTimes.minimumCases ? medianMinutes : null;
}

/** A provider's working week as the arithmetic reads it. */
export interface WorkingSchedule {
  hours: BusinessHours;
  /** IANA zone the hours and blocked days are wall-clock in. */
  timeZone: string;
  /** Blocked full days, `YYYY-MM-DD` in that zone. */
  blockedDates: ReadonlySet<string>;
}

/** The signed-in provider's figure on their dashboard (`GET /providers/me/response-time`). */
export interface ResponseTimeSummary {
  /** The median in business minutes, null below `minimum_cases`. */
  median_minutes: number | null;
  bucket: ResponseBucket | null;
  cases: number;
  minimum_cases: number;
  window_days: number;
  /** Booking requests still waiting for the provider's first answer. */
  waiting: number;
  /** The oldest of them: when it came and how many business minutes it has waited. */
  oldest_waiting: { job_id: string; since: string; business_minutes: number } | null;
}

const MINUTE = 60_000;
/** A bound on the days walked, so no input makes the walk long (cases are at most 90 days). */
const maxDaysWalked = 400;

const offsets = new Map<string, number>();

/** The zone's offset from UTC in minutes at an instant (cached per zone and UTC hour). */
function offsetMinutes(instant: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant / 3_600_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts = dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'));
    offset = Math.round((wall - Math.floor(instant / MINUTE) * MINUTE) / MINUTE);
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall-clock day (`YYYY-MM-DD`) an instant falls on in a zone. */
function localDay(instant: number, timeZone: string): string {
  return new Date(instant + offsetMinutes(instant, timeZone) * MINUTE).toISOString().slice(0, 10);
}

/** The instant a wall-clock time of a day is in a zone (the offset checked at the answer, for a change of offset). */
function instantOf(day: string, minutes: number, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE;
  const first = wall - offsetMinutes(wall, timeZone) * MINUTE;
  const offset = offsetMinutes(first, timeZone);
  return wall - offset * MINUTE;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function weekdayOfDay(day: string): Weekday {
  return weekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/**
 * Business minutes between two instants: the part of [from, to) that falls inside the provider's
 * open hours, day by day in their zone, skipping closed weekdays and blocked days. Zero when `to`
 * is not after `from`; whole minutes, rounded down.
 */
export function businessMinutesBetween(from: Date, to: Date, schedule: WorkingSchedule): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  let day = localDay(start, schedule.timeZone);
  const lastDay = localDay(end, schedule.timeZone);
  let total = 0;
  for (let walked = 0; day <= lastDay && walked < maxDaysWalked; walked += 1, day = nextDay(day)) {
    const hours = schedule.hours[weekdayOfDay(day)];
    if (!hours?.open || schedule.blockedDates.has(day)) continue;
    const opens = instantOf(day, minutesOf(hours.from), schedule.timeZone);
    const closes = instantOf(day, minutesOf(hours.to), schedule.timeZone);
    const overlap = Math.min(closes, end) - Math.max(opens, start);
    if (overlap > 0) total += overlap;
  }
  return Math.floor(total / MINUTE);
}
