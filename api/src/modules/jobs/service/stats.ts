/**
 * GET /providers/me/stats (SPEC.md §2 provider dashboard and calendar): counts by status, today's
 * and this week's jobs in the provider's zone, rating, hours worked, and earnings (issue 28): each
 * completed job's bill total (confirmed or draft), else its total at the rate it kept when accepted
 * (issue 27, contract money.ts), plus the fees clients owe; pending, the accepted jobs still to do
 * at their accepted quote's total, else their estimate; this month's by category; and the payments
 * read back (issue 29): paid and refunded this month, still open on a phone. One query; the
 * amounts are summed here by the one rounding rule, over groups of jobs that cost the same.
 */
import type { Knex } from 'knex';
import { awaitingProviderStatuses, priceAtRate, sumCents, type CategoryEarnings, type ProviderStats, type RateUnit } from '@resuelve/contract';
import { forbidden } from '../../../lib/errors.ts';
import { totalAtRate } from '../repository.ts';

/** Completed jobs without a bill that cost the same: their rate snapshot, booked minutes and worked hours, and how many (of them this month). */
interface PricedGroup {
  category_id: number | null;
  rate_cents: number;
  rate_unit: RateUnit;
  booked_minutes: number;
  actual_hours: number | null;
  jobs: number;
  month_jobs: number;
}

/** Amounts already in cents (bill totals, fees) of one category: in all, and this month. */
interface CentsGroup {
  category_id: number | null;
  total: number;
  jobs: number;
  month_total: number;
  month_jobs: number;
}

/** Accepted jobs to come that cost the same: their accepted quote's total, else their rate and booked minutes. */
interface PendingGroup {
  quoted: number | null;
  rate_cents: number | null;
  rate_unit: RateUnit | null;
  booked_minutes: number;
  jobs: number;
}

/** The counts as the query answers them, with the groups the earnings are summed from. */
interface StatsRow extends Omit<ProviderStats, 'earnings_cents' | 'month_earnings_cents' | 'pending_earnings_cents' | 'month_by_category' | 'rate' | 'month_paid_cents' | 'month_refunded_cents' | 'payments_pending_cents'> {
  /** bigint sums, as PostgreSQL's text. */
  month_paid: string;
  month_refunded: string;
  payments_open: string;
  rate_cents: number | null;
  rate_unit: RateUnit | null;
  rate_from: boolean;
  priced: PricedGroup[] | null;
  billed: CentsGroup[] | null;
  fees: CentsGroup[] | null;
  upcoming_groups: PendingGroup[] | null;
}

/** The statuses awaiting the provider, as an SQL list (contract constants, no user input). */
const awaitingSql = awaitingProviderStatuses.map((status) => `'${status}'`).join(', ');

/** Whether an instant falls in the provider's month of today (the CTE `me`). */
const thisMonth = (instant: string) => `date_trunc('month', ${instant} AT TIME ZONE me.tz) = date_trunc('month', me.today::timestamp)`;

/** This month's earnings by category, largest first. */
function byCategory(parts: { category_id: number | null; cents: number; jobs: number }[]): CategoryEarnings[] {
  const totals = new Map<number | null, CategoryEarnings>();
  for (const part of parts) {
    if (part.jobs === 0) continue;
    const entry = totals.get(part.category_id) ?? { category_id: part.category_id, jobs: 0, total_cents: 0 };
    entry.jobs += part.jobs;
    entry.total_cents = sumCents([entry.total_cents, part.cents]);
    totals.set(part.category_id, entry);
  }
  return [...totals.values()].sort((a, b) => b.total_cents - a.total_cents || b.jobs - a.jobs);
}

export async function providerStats(db: Knex, providerId: string, now: Date): Promise<ProviderStats> {
  const { rows } = await db.raw<{ rows: StatsRow[] }>(
    `WITH me AS (
       SELECT pr.id, pr.timezone AS tz, pr.rating_average, pr.review_count, pr.rate_cents, pr.rate_unit, pr.rate_from,
              (:now::timestamptz AT TIME ZONE pr.timezone)::date AS today
       FROM providers pr JOIN profiles p ON p.id = pr.id AND p.is_contractor
       WHERE pr.id = :id)
     SELECT
       count(*) FILTER (WHERE j.status IN (${awaitingSql}) AND j.deposit_hold_until IS NULL) AS pending,
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
          SELECT c.category_id, c.rate_cents_snapshot AS rate_cents, c.rate_unit_snapshot AS rate_unit,
                 round(extract(epoch FROM c.scheduled_end - c.scheduled_start) / 60)::int AS booked_minutes,
                 c.actual_hours::float8 AS actual_hours, count(*)::int AS jobs,
                 count(*) FILTER (WHERE ${thisMonth('coalesce(c.ended_at, c.scheduled_end)')})::int AS month_jobs
          FROM jobs c
          WHERE c.provider_id = me.id AND c.status = 'completed' AND c.rate_cents_snapshot IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM job_bills b WHERE b.job_id = c.id)
          GROUP BY 1, 2, 3, 4, 5) g) AS priced,
       (SELECT json_agg(g) FROM (
          SELECT c.category_id, sum(b.total_cents)::bigint AS total, count(*)::int AS jobs,
                 coalesce(sum(b.total_cents) FILTER (WHERE ${thisMonth('coalesce(c.ended_at, c.scheduled_end)')}), 0)::bigint AS month_total,
                 count(*) FILTER (WHERE ${thisMonth('coalesce(c.ended_at, c.scheduled_end)')})::int AS month_jobs
          FROM jobs c JOIN job_bills b ON b.job_id = c.id
          WHERE c.provider_id = me.id
          GROUP BY 1) g) AS billed,
       (SELECT json_agg(g) FROM (
          SELECT c.category_id, sum(c.fee_cents)::bigint AS total, count(*)::int AS jobs,
                 coalesce(sum(c.fee_cents) FILTER (WHERE ${thisMonth('c.scheduled_start')}), 0)::bigint AS month_total,
                 count(*) FILTER (WHERE ${thisMonth('c.scheduled_start')})::int AS month_jobs
          FROM jobs c
          WHERE c.provider_id = me.id AND c.fee_cents IS NOT NULL
          GROUP BY 1) g) AS fees,
       (SELECT json_agg(g) FROM (
          SELECT v.total_cents AS quoted, c.rate_cents_snapshot AS rate_cents, c.rate_unit_snapshot AS rate_unit,
                 round(extract(epoch FROM c.scheduled_end - c.scheduled_start) / 60)::int AS booked_minutes, count(*)::int AS jobs
          FROM jobs c
          LEFT JOIN quotes q ON q.job_id = c.id AND q.status = 'accepted'
          LEFT JOIN quote_versions v ON v.quote_id = q.id AND v.number = q.accepted_version
          WHERE c.provider_id = me.id AND c.status IN ('upcoming', 'in_progress')
          GROUP BY 1, 2, 3, 4) g) AS upcoming_groups,
       (SELECT coalesce(sum(p.amount_cents), 0)::bigint FROM payments p
          WHERE p.provider_id = me.id AND p.status = 'paid' AND ${thisMonth('p.paid_at')}) AS month_paid,
       (SELECT coalesce(sum(r.amount_cents), 0)::bigint FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
          WHERE p.provider_id = me.id AND ${thisMonth('r.created_at')}) AS month_refunded,
       (SELECT coalesce(sum(p.amount_cents), 0)::bigint FROM payments p WHERE p.provider_id = me.id AND p.status = 'open') AS payments_open
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
  const inCents = [...(row.billed ?? []), ...(row.fees ?? [])];
  const pendingEach = (group: PendingGroup) =>
    group.quoted ?? (group.rate_cents !== null && group.rate_unit !== null ? priceAtRate({ amount_cents: group.rate_cents, unit: group.rate_unit }, group.booked_minutes) : 0);
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
    earnings_cents: sumCents([...priced.map((group) => group.total * group.jobs), ...inCents.map((group) => group.total)]),
    month_earnings_cents: sumCents([...priced.map((group) => group.total * group.month_jobs), ...inCents.map((group) => group.month_total)]),
    pending_earnings_cents: sumCents((row.upcoming_groups ?? []).map((group) => pendingEach(group) * group.jobs)),
    month_paid_cents: Number(row.month_paid),
    month_refunded_cents: Number(row.month_refunded),
    payments_pending_cents: Number(row.payments_open),
    month_by_category: byCategory([
      ...priced.map((group) => ({ category_id: group.category_id, cents: group.total * group.month_jobs, jobs: group.month_jobs })),
      ...inCents.map((group) => ({ category_id: group.category_id, cents: group.month_total, jobs: group.month_jobs })),
    ]),
    rate: row.rate_cents !== null && row.rate_unit !== null ? { amount_cents: row.rate_cents, unit: row.rate_unit, from: row.rate_from } : null,
  };
}
