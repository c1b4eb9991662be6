/**
 * GET /providers/me/stats (SPEC.md §2 provider dashboard and calendar): counts by status, today's
 * and this week's jobs in the provider's zone, rating, hours worked and earnings (completed hours
 * times the hourly rate, decision record 0013). One query.
 */
import type { Knex } from 'knex';
import { awaitingProviderStatuses, type ProviderStats } from '@resuelve/contract';
import { forbidden } from '../../../lib/errors.ts';

/** The counts as the query answers them: hours of this month instead of the earnings they make. */
interface StatsRow extends Omit<ProviderStats, 'earnings_cents' | 'month_earnings_cents'> {
  month_hours: number;
}

/** The statuses awaiting the provider, as an SQL list (contract constants, no user input). */
const awaitingSql = awaitingProviderStatuses.map((status) => `'${status}'`).join(', ');

export async function providerStats(db: Knex, providerId: string, now: Date): Promise<ProviderStats> {
  const { rows } = await db.raw<{ rows: StatsRow[] }>(
    `WITH me AS (
       SELECT pr.id, pr.timezone AS tz, pr.rating_average, pr.review_count, pr.hourly_rate_cents,
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
       coalesce(sum(coalesce(j.actual_hours, j.estimated_hours, j.duration_hours)) FILTER (WHERE j.status = 'completed'), 0)::float8 AS completed_hours,
       coalesce(sum(coalesce(j.actual_hours, j.estimated_hours, j.duration_hours)) FILTER (
         WHERE j.status = 'completed'
           AND date_trunc('month', coalesce(j.ended_at, j.scheduled_end) AT TIME ZONE me.tz) = date_trunc('month', me.today::timestamp)), 0)::float8 AS month_hours,
       me.hourly_rate_cents
     FROM me LEFT JOIN jobs j ON j.provider_id = me.id
     GROUP BY me.id, me.rating_average, me.review_count, me.hourly_rate_cents`,
    { id: providerId, now },
  );
  const row = rows[0];
  if (!row) throw forbidden();
  const rate = row.hourly_rate_cents;
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
    earnings_cents: rate === null ? null : Math.round(row.completed_hours * rate),
    month_earnings_cents: rate === null ? null : Math.round(row.month_hours * rate),
    hourly_rate_cents: rate,
  };
}
