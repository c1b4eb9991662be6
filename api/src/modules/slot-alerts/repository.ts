/** The SQL of earlier-slot alerts (migration 0046) and the row → contract mapper. */
import type { Knex } from 'knex';
import type { SlotAlert } from '@resuelve/contract';

export interface SlotAlertRow {
  id: string;
  client_id: string;
  provider_id: string;
  provider_name: string;
  date: string;
  duration_minutes: number;
  created_at: Date;
  notified_at: Date | null;
}

export function toSlotAlert(row: SlotAlertRow): SlotAlert {
  return {
    id: row.id,
    provider_id: row.provider_id,
    provider_name: row.provider_name,
    date: row.date,
    duration_minutes: row.duration_minutes,
    status: row.notified_at ? 'freed' : 'waiting',
    created_at: row.created_at.toISOString(),
    notified_at: row.notified_at ? row.notified_at.toISOString() : null,
  };
}

/** The alert's columns with the provider's name; `a` is slot_alerts, `pr` providers. */
const alertColumns = `a.id, a.client_id, a.provider_id, pr.company_name AS provider_name, to_char(a.date, 'YYYY-MM-DD') AS date,
                      a.duration_minutes, a.created_at, a.notified_at`;

/** Alerts whose day has not passed in the provider's zone. */
const notPassed = `a.date >= (CAST(:now AS timestamptz) AT TIME ZONE pr.timezone)::date`;

/** A client's alerts on days not yet passed, soonest first; of one provider when `providerId` is given. */
export async function alertsOf(db: Knex, clientId: string, now: Date, providerId: string | null): Promise<SlotAlertRow[]> {
  const { rows } = await db.raw<{ rows: SlotAlertRow[] }>(
    `SELECT ${alertColumns} FROM slot_alerts a JOIN providers pr ON pr.id = a.provider_id
      WHERE a.client_id = :clientId AND ${notPassed} AND (CAST(:providerId AS uuid) IS NULL OR a.provider_id = CAST(:providerId AS uuid))
      ORDER BY a.date, pr.company_name, a.id`,
    { clientId, now, providerId },
  );
  return rows;
}

/** How many alerts a client waits on (days not passed). */
export async function activeCount(db: Knex, clientId: string, now: Date): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `SELECT count(*)::int AS count FROM slot_alerts a JOIN providers pr ON pr.id = a.provider_id WHERE a.client_id = :clientId AND ${notPassed}`,
    { clientId, now },
  );
  return rows[0]!.count;
}

/** One alert per client, provider and day: asking again keeps it, with the new length, waiting. */
export async function upsertAlert(db: Knex, alert: { clientId: string; providerId: string; date: string; minutes: number; now: Date }): Promise<SlotAlertRow> {
  const { rows } = await db.raw<{ rows: SlotAlertRow[] }>(
    `WITH saved AS (
       INSERT INTO slot_alerts (client_id, provider_id, date, duration_minutes, created_at)
       VALUES (:clientId, :providerId, :date, :minutes, :now)
       ON CONFLICT ON CONSTRAINT slot_alerts_one_per_day DO UPDATE SET duration_minutes = EXCLUDED.duration_minutes, notified_at = NULL
       RETURNING *)
     SELECT ${alertColumns} FROM saved a JOIN providers pr ON pr.id = a.provider_id`,
    alert,
  );
  return rows[0]!;
}

/** Deletes a client's own alert; answers whether there was one. */
export async function deleteAlert(db: Knex, clientId: string, id: string): Promise<boolean> {
  return (await db('slot_alerts').where({ id, client_id: clientId }).delete()) > 0;
}

/**
 * Claims the waiting alerts of a provider whose day now has a free time of their length: marks
 * them told and answers them. The update is the claim: with several api processes hearing the same
 * event, a row's lock makes the second update find it told already.
 */
export async function claimFreed(db: Knex, providerId: string, now: Date): Promise<SlotAlertRow[]> {
  const { rows } = await db.raw<{ rows: SlotAlertRow[] }>(
    `WITH freed AS (
       UPDATE slot_alerts a SET notified_at = :now
         FROM providers pr
        WHERE a.provider_id = :providerId AND pr.id = a.provider_id AND a.notified_at IS NULL AND ${notPassed}
          AND EXISTS (SELECT 1 FROM provider_free_slots(a.provider_id, a.date, a.duration_minutes, :now))
       RETURNING a.*)
     SELECT ${alertColumns} FROM freed a JOIN providers pr ON pr.id = a.provider_id`,
    { providerId, now },
  );
  return rows;
}

/** The told alerts of a provider's day that has no free time of their length any more: they wait again. */
export async function rearmFilled(db: Knex, providerId: string, date: string, now: Date): Promise<SlotAlertRow[]> {
  const { rows } = await db.raw<{ rows: SlotAlertRow[] }>(
    `WITH filled AS (
       UPDATE slot_alerts a SET notified_at = NULL
        WHERE a.provider_id = :providerId AND a.date = CAST(:date AS date) AND a.notified_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM provider_free_slots(a.provider_id, a.date, a.duration_minutes, :now))
       RETURNING a.*)
     SELECT ${alertColumns} FROM filled a JOIN providers pr ON pr.id = a.provider_id`,
    { providerId, date, now },
  );
  return rows;
}

/** A client booked the provider on the day they waited on: that wait is over. */
export async function endWaitOfBooker(db: Knex, clientId: string, providerId: string, date: string): Promise<void> {
  await db('slot_alerts').where({ client_id: clientId, provider_id: providerId, date }).delete();
}

/** What a job change needs: its provider, client, day in the provider's zone. */
export async function jobDay(db: Knex, jobId: string): Promise<{ provider_id: string; client_id: string; date: string } | undefined> {
  const { rows } = await db.raw<{ rows: { provider_id: string; client_id: string; date: string }[] }>(
    `SELECT j.provider_id, j.client_id, to_char((j.scheduled_start AT TIME ZONE pr.timezone)::date, 'YYYY-MM-DD') AS date
       FROM jobs j JOIN providers pr ON pr.id = j.provider_id WHERE j.id = :jobId`,
    { jobId },
  );
  return rows[0];
}
