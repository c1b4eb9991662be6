/**
 * GET /providers/me/stats (SPEC.md §2 provider dashboard and calendar): counts by status, today's
 * and this week's jobs in the provider's zone, rating, hours worked, and earnings: the sum of the
 * completed jobs' totals, each made from the rate the job kept when accepted (issue 27, one rate;
 * contract money.ts). One query; the totals are summed here by the one rounding rule, over the
 * completed jobs grouped by what their total depends on.
 */
import type { Knex } from 'knex';
import { awaitingProviderStatuses, sumCents, type ProviderStats, type RateUnit } from '@resuelve/contract';
import { forbidden } from '../../../lib/errors.ts';
import { totalAtRate } from '../repository.ts';

/** Completed jobs that cost the same: their rate snapshot, booked minutes and worked hours, and how many (of them this month). */
interface PricedGroup {
  rate_cents: number;
  rate_unit: RateUnit;
  booked_minutes: number;
  actual_hours: number | null;
  jobs: number;
  month_jobs: number;
}

/** The counts as the query answers them, with the groups the earnings are summed from. */
interface StatsRow extends Omit<ProviderStats, 'earnings_cents' | 'month_earnings_cents' | 'rate'> {
  rate_cents: number | null;
  rate_unit: RateUnit | null;
  rate_from: boolean;
  priced: PricedGroup[] | null;
}

/** The statuses awaiting the provider, as an SQL list (contract constants, no user input). */
const awaitingSql = awaitingProviderStatuses.map((status) => `'${status}'`).join(', ');

export async function providerStats(db: Knex, providerId: string, now: Date): Promise<ProviderStats> {
  const { rows } = await db.raw<{ rows: StatsRow[] }>(
    `WITH me AS (
       SELECT pr.id, pr.timezone AS tz, pr.rating_average, pr.review_count, pr.rate_cents, pr.rate_unit, pr.rate_from,
              (:now::timestamptz AT TIME ZONE pr.timezone)::date AS today
       FROM providers pr JOIN profiles p ON p.id = pr.id AND p.is_contractor
       WHERE pr.id = :id)
     SELECT
       count(*) FILTER (WHERE j.status IN (${awaitingSql})) AS pending,
       count(*) FILTER (WHERE j.status = 'upcoming') AS upcoming,
       count(*) FILTER (WHERE j.status = 'in_progress') AS in_progress,
       count(*) FILTER (WHERE j.status = 'completed') AS completed,
       count(*) FILTER (WHERE j.status NOT IN ('cancelled', 'cancelled_by_client', 'expired')
                          AND (j.scheduled_start AT TIME ZONE me.tz)::date = me.today) AS today,
       count(*) FILTER (WHERE j.status NOT IN ('cancelled', 'cancelled_by_client', 'expired')
                          AND date_trunc('week', j.scheduled_start AT TIME ZONE me.tz) = date_trunc('week', me.today::timestamp)) AS this_week,
       me.rating_average::float8 AS rating_average,
       me.review_count,
       coalesce(sum(coalesce(j.actual_hours, extract(epoch FROM j.scheduled_end - j.scheduled_start) / 3600)) FILTER (WHERE j.status = 'completed'), 0)::float8 AS completed_hours,
       me.rate_cents, me.rate_unit, me.rate_from,
       (SELECT json_agg(g) FROM (
          SELECT c.rate_cents_snapshot AS rate_cents, c.rate_unit_snapshot AS rate_unit,
                 round(extract(epoch FROM c.scheduled_end - c.scheduled_start) / 60)::int AS booked_minutes,
                 c.actual_hours::float8 AS actual_hours, count(*)::int AS jobs,
                 count(*) FILTER (WHERE date_trunc('month', coalesce(c.ended_at, c.scheduled_end) AT TIME ZONE me.tz)
                                        = date_trunc('month', me.today::timestamp))::int AS month_jobs
          FROM jobs c
          WHERE c.provider_id = me.id AND c.status = 'completed' AND c.rate_cents_snapshot IS NOT NULL
          GROUP BY 1, 2, 3, 4) g) AS priced
     FROM me LEFT JOIN jobs j ON j.provider_id = me.id
     GROUP BY me.id, me.tz, me.today, me.rating_average, me.review_count, me.rate_cents, me.rate_unit, me.rate_from`,
    { id: providerId, now },
  );
  const row = rows[0];
  if (!row) throw forbidden();
  const priced = (row.priced ?? []).map((group) => ({
    ...group,
    total: totalAtRate({ amount_cents: group.rate_cents, unit: group.rate_unit }, group.booked_minutes, group.actual_hours),
  }));
  return {
    pending: row.pending,
    upcoming: row.upcoming,
    in_progress: row.in_progress,
    completed: row.completed,
    today: row.today,
    this_week: row.this_week,
    rating_average: row.rating_average,
    review_count: row.review_count,
    completed_hours: row.completed_hours,
    earnings_cents: sumCents(priced.map((group) => group.total * group.jobs)),
    month_earnings_cents: sumCents(priced.map((group) => group.total * group.month_jobs)),
    rate: row.rate_cents !== null && row.rate_unit !== null ? { amount_cents: row.rate_cents, unit: row.rate_unit, from: row.rate_from } : null,
  };
}
