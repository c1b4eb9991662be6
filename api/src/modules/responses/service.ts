/**
 * Response times (issue 30, decision 0053): each provider's median time to first answer, in their
 * business hours over the last 90 days (contract response-times.ts for the arithmetic), kept on
 * their row so cards, the profile and the ranking read it without counting again. A provider's
 * figures are counted again whenever they answer (the module's event handlers) and every hour for
 * everyone (the background recount), so old cases leave the window. A request that has waited two
 * business hours reminds its provider once (notices.ts).
 */
import type { Knex } from 'knex';
import {
  businessMinutesBetween,
  medianOf,
  responseBucketOf,
  responseTimes,
  shownMedian,
  type ResponseTimeSummary,
  type WorkingSchedule,
} from '@resuelve/contract';
import { forbidden } from '../../lib/errors.ts';
import {
  answeredCases,
  keptFigures,
  providersWithFigures,
  saveFigures,
  schedules,
  waitingRequests,
  type ScheduleRow,
} from './repository.ts';

const DAY = 86_400_000;

/** Where the 90 days start. */
export function windowStart(now: Date): Date {
  return new Date(now.getTime() - responseTimes.windowDays * DAY);
}

/** The first calendar day a blocked date can matter on (a day before the window, for zones west of UTC). */
function firstDay(since: Date): string {
  return new Date(since.getTime() - DAY).toISOString().slice(0, 10);
}

export function workingSchedule(row: ScheduleRow): WorkingSchedule {
  return { hours: row.business_hours, timeZone: row.timezone, blockedDates: new Set(row.blocked_dates) };
}

/**
 * Counts the figures of these providers (everyone with a case or a kept figure when null) and
 * writes those that changed; answers how many rows changed.
 */
export async function recountResponseTimes(knex: Knex, providerIds: string[] | null, now: Date): Promise<number> {
  const since = windowStart(now);
  const cases = await answeredCases(knex, providerIds, since, now);
  const ids = new Set(providerIds ?? [...cases.map((row) => row.provider_id), ...(await providersWithFigures(knex))]);
  const rows = await schedules(knex, [...ids], firstDay(since));
  const minutesByProvider = new Map<string, number[]>(rows.map((row) => [row.id, []]));
  const scheduleOf = new Map(rows.map((row) => [row.id, workingSchedule(row)]));
  for (const row of cases) {
    const schedule = scheduleOf.get(row.provider_id);
    if (!schedule) continue;
    minutesByProvider.get(row.provider_id)!.push(businessMinutesBetween(new Date(row.started_at), new Date(row.answered_at), schedule));
  }
  const figures = [...minutesByProvider].map(([providerId, minutes]) => ({
    providerId,
    median: shownMedian(medianOf(minutes), minutes.length),
    cases: minutes.length,
  }));
  return saveFigures(knex, figures);
}

/** The signed-in provider's figure and the requests waiting for them; 403 for an account that is not a provider. */
export async function responseTimeOf(knex: Knex, userId: string, now: Date): Promise<ResponseTimeSummary> {
  const kept = await keptFigures(knex, userId);
  if (!kept) throw forbidden();
  const waiting = await waitingRequests(knex, userId);
  const oldest = waiting[0];
  let oldestWaiting: ResponseTimeSummary['oldest_waiting'] = null;
  if (oldest) {
    const [schedule] = await schedules(knex, [userId], firstDay(new Date(oldest.created_at)));
    oldestWaiting = {
      job_id: oldest.id,
      since: new Date(oldest.created_at).toISOString(),
      business_minutes: schedule ? businessMinutesBetween(new Date(oldest.created_at), now, workingSchedule(schedule)) : 0,
    };
  }
  const median = shownMedian(kept.response_median_minutes, kept.response_cases);
  return {
    median_minutes: median,
    bucket: responseBucketOf(median),
    cases: kept.response_cases,
    minimum_cases: responseTimes.minimumCases,
    window_days: responseTimes.windowDays,
    waiting: waiting.length,
    oldest_waiting: oldestWaiting,
  };
}
