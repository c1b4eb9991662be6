import type { Knex } from 'knex';

/**
 * "Next available" of migrations 0010 and 0012, same answers, read once instead of once a day: the
 * provider's hours, blocked dates and held times (jobs, and proposals awaiting an answer) of the
 * whole window are fetched in three indexed
 * queries (plpgsql keeps their plans), then the days are walked in memory, jumping past each held
 * job. 0010 planned the free-slot SQL function afresh for every day it looked at, which was most
 * of a search page's time (21 cards, up to 14 days each). api/test/next-available.test.ts holds the
 * two definitions to the same answers.
 */
const held = ['pending', 'upcoming', 'in_progress', 'modification_requested', 'schedule_change_pending', 'continuation_proposed']
  .map((s) => `'${s}'`)
  .join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION provider_next_available(p_provider uuid, p_now timestamptz, p_minutes int, p_days int)
    RETURNS timestamptz LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
    DECLARE
      weekdays constant text[] := ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'];
      quarter constant interval := interval '15 minutes';
      len constant interval := make_interval(mins => p_minutes);
      tz text;
      hours jsonb;
      today date;
      blocked date[];
      busy_start timestamptz[];
      busy_end timestamptz[];
      day date;
      d jsonb;
      opens timestamptz;
      closes timestamptz;
      s timestamptz;
      clash timestamptz;
    BEGIN
      SELECT timezone, business_hours INTO tz, hours FROM providers WHERE id = p_provider;
      IF tz IS NULL THEN RETURN NULL; END IF;
      today := (p_now AT TIME ZONE tz)::date;
      SELECT array_agg(b.date) INTO blocked FROM blocked_dates b
        WHERE b.provider_id = p_provider AND b.date BETWEEN today AND today + p_days - 1;
      -- Held job times, and alternative times proposed and not yet answered (migration 0012).
      SELECT array_agg(b.s ORDER BY b.s), array_agg(b.e ORDER BY b.s) INTO busy_start, busy_end
        FROM (SELECT j.scheduled_start AS s, j.scheduled_end AS e FROM jobs j
              WHERE j.provider_id = p_provider AND j.status IN (${held})
                AND j.scheduled_start < ((today + p_days + 1)::timestamp AT TIME ZONE tz) AND j.scheduled_end > p_now
              UNION ALL
              SELECT j.proposed_start, j.proposed_end FROM jobs j
              WHERE j.provider_id = p_provider AND j.status = 'schedule_change_pending' AND j.proposed_start IS NOT NULL
                AND j.proposed_start < ((today + p_days + 1)::timestamp AT TIME ZONE tz) AND j.proposed_end > p_now) AS b;
      FOR i IN 0 .. p_days - 1 LOOP
        day := today + i;
        CONTINUE WHEN blocked IS NOT NULL AND day = ANY (blocked);
        d := hours -> weekdays[extract(isodow FROM day)::int];
        CONTINUE WHEN d IS NULL OR NOT coalesce((d ->> 'open')::boolean, false);
        opens := (day + ceil(extract(epoch FROM (d ->> 'from')::time) / 900) * quarter) AT TIME ZONE tz;
        closes := (day + (d ->> 'to')::time) AT TIME ZONE tz;
        s := opens;
        IF s < p_now THEN s := opens + ceil(extract(epoch FROM (p_now - opens)) / 900) * quarter; END IF;
        WHILE s + len <= closes LOOP
          clash := NULL;
          FOR k IN 1 .. coalesce(array_length(busy_start, 1), 0) LOOP
            EXIT WHEN busy_start[k] >= s + len;
            IF busy_end[k] > s THEN clash := greatest(clash, busy_end[k]); END IF;
          END LOOP;
          IF clash IS NULL THEN RETURN s; END IF;
          -- The first quarter hour of the day's grid at or after the held time ends.
          s := opens + ceil(extract(epoch FROM (clash - opens)) / 900) * quarter;
        END LOOP;
      END LOOP;
      RETURN NULL;
    END $$`);
}

/** Back to 0010's definition (the same answers, slower; 0012 did not change it). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION provider_next_available(p_provider uuid, p_now timestamptz, p_minutes int, p_days int)
    RETURNS timestamptz LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
    DECLARE
      today date;
      found timestamptz;
    BEGIN
      SELECT (p_now AT TIME ZONE timezone)::date INTO today FROM providers WHERE id = p_provider;
      IF today IS NULL THEN RETURN NULL; END IF;
      FOR i IN 0 .. p_days - 1 LOOP
        SELECT f.slot_start INTO found FROM provider_free_slots(p_provider, today + i, p_minutes, p_now) f LIMIT 1;
        IF found IS NOT NULL THEN RETURN found; END IF;
      END LOOP;
      RETURN NULL;
    END $$`);
}
