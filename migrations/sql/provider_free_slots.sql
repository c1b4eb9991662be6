-- provider_free_slots: the start and end of every free slot of p_minutes in a provider's day
-- (DESIGN.md §5), from p_now on. The current definition, loaded by migration
-- 20261128_0033_free_slots_file; earlier ones are in migrations 0007, 0010 and 0012.
-- Written as PostgreSQL's pg_get_functiondef writes it (api/test/free-slots-sql.test.ts compares
-- them), so the file and the database can be compared line for line.
CREATE OR REPLACE FUNCTION provider_free_slots(p_provider uuid, p_day date, p_minutes integer, p_now timestamp with time zone)
 RETURNS TABLE(slot_start timestamp with time zone, slot_end timestamp with time zone)
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  -- The day's opening hours in the provider's zone, the first slot on a quarter hour; none on a
  -- blocked date or a closed weekday.
  WITH opening AS (
    SELECT (p_day + ceil(extract(epoch FROM (day->>'from')::time) / 900) * interval '15 minutes') AT TIME ZONE tz AS opens,
           (p_day + (day->>'to')::time) AT TIME ZONE tz AS closes
    FROM (SELECT pr.timezone AS tz,
                 pr.business_hours -> (ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow FROM p_day)::int] AS day
          FROM providers pr
          WHERE pr.id = p_provider
            AND NOT EXISTS (SELECT 1 FROM blocked_dates b WHERE b.provider_id = p_provider AND b.date = p_day)) AS hours
    WHERE (day->>'open')::boolean
  ),
  -- Time held by the provider's jobs (the held statuses of contract/src/jobs.ts), and a proposed
  -- alternative time until it is answered.
  busy AS (
    SELECT j.scheduled_start AS busy_start, j.scheduled_end AS busy_end FROM jobs j, opening o
    WHERE j.provider_id = p_provider
      AND j.status IN ('pending', 'upcoming', 'in_progress', 'modification_requested', 'schedule_change_pending', 'continuation_proposed')
      AND j.scheduled_start < o.closes AND j.scheduled_end > o.opens
    UNION ALL
    SELECT j.proposed_start, j.proposed_end FROM jobs j, opening o
    WHERE j.provider_id = p_provider AND j.proposed_start IS NOT NULL AND j.status = 'schedule_change_pending'
      AND j.proposed_start < o.closes AND j.proposed_end > o.opens
  )
  -- Every quarter-hour start from which p_minutes fit before closing, from p_now, touching nothing held.
  SELECT s, s + make_interval(mins => p_minutes)
  FROM opening, generate_series(opens, closes - make_interval(mins => p_minutes), interval '15 minutes') AS s
  WHERE s >= p_now
    AND NOT EXISTS (SELECT 1 FROM busy WHERE busy.busy_start < s + make_interval(mins => p_minutes) AND busy.busy_end > s)
  ORDER BY s
$function$
