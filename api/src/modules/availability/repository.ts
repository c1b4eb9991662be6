/** The SQL of availability: the provider's clock, and each day's blocks, held jobs and free starts (provider_free_slots, migration 0007). */
import type { Knex } from 'knex';
import { heldJobStatuses, type BusinessHours } from '@resuelve/contract';

export interface ProviderClock {
  timezone: string;
  business_hours: BusinessHours;
}

export interface DayRow {
  date: string;
  blocked: boolean;
  booked: boolean;
  starts: number[];
}

/** The provider's zone and hours, or null when there is no such public (onboarded) provider. */
export async function providerClock(db: Knex, providerId: string, onlyPublic: boolean): Promise<ProviderClock | null> {
  const query = db('providers as pr').join('profiles as p', 'p.id', 'pr.id').where('pr.id', providerId).first('pr.timezone', 'pr.business_hours');
  if (onlyPublic) query.where('p.is_onboarded', true);
  return ((await query) as ProviderClock | undefined) ?? null;
}

/** The time zone of the account's provider profile, if the account is a provider. */
export async function contractorTimeZone(db: Knex, userId: string): Promise<string | null> {
  const provider = await db('providers as pr')
    .join('profiles as p', 'p.id', 'pr.id')
    .where({ 'pr.id': userId, 'p.is_contractor': true })
    .first<{ timezone: string } | undefined>('pr.timezone');
  return provider?.timezone ?? null;
}

/** Each day from `firstDate` to `lastDate` (the provider's wall-clock days): blocked, booked, and its free starts (epoch seconds). */
export async function dayRows(
  db: Knex,
  providerId: string,
  day: { timezone: string; minutes: number; now: Date; firstDate: string; lastDate: string },
): Promise<DayRow[]> {
  // Constant words of this file, not input.
  const held = heldJobStatuses.map((s) => `'${s}'`).join(', ');
  const { rows } = await db.raw<{ rows: DayRow[] }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS date,
            EXISTS (SELECT 1 FROM blocked_dates b WHERE b.provider_id = :id AND b.date = d::date) AS blocked,
            EXISTS (
              SELECT 1 FROM jobs j
              WHERE j.provider_id = :id AND j.status IN (${held})
                -- plain comparisons: jobs (provider_id, scheduled_start) answers them; a range && picks the slower GiST
                AND j.scheduled_start < (d::date + 1)::timestamp AT TIME ZONE :tz
                AND j.scheduled_end > d::date::timestamp AT TIME ZONE :tz
            ) AS booked,
            ARRAY(SELECT extract(epoch FROM f.slot_start)::float8 FROM provider_free_slots(:id, d::date, :minutes, :now) f) AS starts
     FROM generate_series(:first::date, :last::date, interval '1 day') AS d
     ORDER BY d`,
    { id: providerId, tz: day.timezone, minutes: day.minutes, now: day.now, first: day.firstDate, last: day.lastDate },
  );
  return rows;
}

/** Whether a booking may take [start, start + minutes): the same rule as the listed slots. */
export async function slotIsFree(db: Knex, providerId: string, start: Date, minutes: number, now: Date): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { free: boolean }[] }>(
    `SELECT EXISTS (
       SELECT 1 FROM providers pr,
         provider_free_slots(pr.id, (:start::timestamptz AT TIME ZONE pr.timezone)::date, :minutes, :now) f
       WHERE pr.id = :id AND f.slot_start = :start::timestamptz
     ) AS free`,
    { id: providerId, start, minutes, now },
  );
  return rows[0]?.free ?? false;
}
