/**
 * The admin overview's figures: per day (Puerto Rico's calendar) the sign-ups, the bookings and
 * the clients active (a job booked or taking place that day), and where providers stand now.
 */
import type { Knex } from 'knex';
import type { AdminOverview, AdminOverviewDay } from '@resuelve/contract';

const islandDay = (column: string) => `(${column} AT TIME ZONE 'America/Puerto_Rico')::date`;

export async function adminOverview(knex: Knex, now: Date, dayCount: number): Promise<AdminOverview> {
  const window = { now, back: dayCount - 1 };
  const { rows: days } = await knex.raw<{ rows: AdminOverviewDay[] }>(
    `WITH span AS (
       SELECT generate_series(${islandDay(':now::timestamptz')} - :back::int, ${islandDay(':now::timestamptz')}, interval '1 day')::date AS day
     ),
     signups AS (
       SELECT ${islandDay('u.created_at')} AS day, count(*)::int AS n FROM users u
        WHERE u.created_at >= (SELECT min(day) FROM span)::timestamp AT TIME ZONE 'America/Puerto_Rico' - interval '1 day'
        GROUP BY 1
     ),
     bookings AS (
       SELECT ${islandDay('j.created_at')} AS day, count(*)::int AS n FROM jobs j
        WHERE j.created_at >= (SELECT min(day) FROM span)::timestamp AT TIME ZONE 'America/Puerto_Rico' - interval '1 day'
        GROUP BY 1
     ),
     activity AS (
       SELECT ${islandDay('j.created_at')} AS day, j.client_id FROM jobs j
        WHERE j.created_at >= (SELECT min(day) FROM span)::timestamp AT TIME ZONE 'America/Puerto_Rico' - interval '1 day'
       UNION
       SELECT ${islandDay('j.scheduled_start')}, j.client_id FROM jobs j
        WHERE j.scheduled_start >= (SELECT min(day) FROM span)::timestamp AT TIME ZONE 'America/Puerto_Rico' - interval '1 day'
          AND j.scheduled_start < :now::timestamptz + interval '1 day'
     ),
     active AS (SELECT day, count(DISTINCT client_id)::int AS n FROM activity GROUP BY 1)
     SELECT to_char(span.day, 'YYYY-MM-DD') AS date, coalesce(s.n, 0) AS signups, coalesce(b.n, 0) AS bookings, coalesce(a.n, 0) AS active_clients
       FROM span LEFT JOIN signups s ON s.day = span.day LEFT JOIN bookings b ON b.day = span.day LEFT JOIN active a ON a.day = span.day
      ORDER BY span.day`,
    window,
  );
  const { rows: standing } = await knex.raw<{
    rows: { listed: number; verified: number; insured: number; active_clients: number; pending_verifications: number; suspended_accounts: number }[];
  }>(
    `SELECT (SELECT count(*) FROM providers WHERE listed)::int AS listed,
            (SELECT count(*) FROM providers WHERE listed AND verified_at IS NOT NULL)::int AS verified,
            (SELECT count(*) FROM providers WHERE listed AND insured)::int AS insured,
            (SELECT count(DISTINCT client_id) FROM jobs
              WHERE created_at >= :now::timestamptz - make_interval(days => :count)
                 OR (scheduled_start >= :now::timestamptz - make_interval(days => :count) AND scheduled_start < :now::timestamptz + interval '1 day'))::int AS active_clients,
            (SELECT count(*) FROM verification_requests WHERE status = 'pending')::int AS pending_verifications,
            (SELECT count(*) FROM profiles WHERE suspended_at IS NOT NULL)::int AS suspended_accounts`,
    { now, count: dayCount },
  );
  const figures = standing[0]!;
  return {
    days,
    providers: { listed: figures.listed, verified: figures.verified, insured: figures.insured },
    active_clients: figures.active_clients,
    pending_verifications: figures.pending_verifications,
    suspended_accounts: figures.suspended_accounts,
  };
}
