/**
 * Whether a provider may be booked for [start, start + hours): the rule of DESIGN.md §6 that
 * provider_free_slots (migrations 0007, 0010, 0012) lists slots by — the weekday's hours in the
 * provider's zone with the opening rounded up to a quarter hour, no blocked day, not the past,
 * quarter-hour starts — read for one time with the specific error of SPEC.md §8. Overlaps are
 * left to the exclusion constraint, which the caller turns into 409 slot_already_booked.
 */
import type { Knex } from 'knex';
import { jobLimits, latestBookableStart } from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { isDeadlock, isExclusionViolation } from '../../../lib/pg-errors.ts';

interface ProviderDay {
  timezone: string;
  listed: boolean;
  open: boolean | null;
  blocked: boolean;
  offers: boolean;
  opens: Date | null;
  closes: Date | null;
}

const quarterHourMs = 15 * 60_000;

/**
 * Writes that hold a provider's time take this transaction lock on the provider first. The
 * exclusion constraint alone already refuses every overlap, but two overlapping inserts can each
 * wait for the other (a deadlock PostgreSQL breaks only after a second); queued per provider,
 * the later one simply meets the committed row and fails at once.
 */
const providerTimeLock = 5_120_012;

export async function lockProviderTime(trx: Knex.Transaction, providerId: string): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtextextended(?::text, ${providerTimeLock}))`, [providerId]);
}

export interface ScheduleCheck {
  providerId: string;
  start: Date;
  hours: number;
  now: Date;
  /** The service asked for; null skips the check (a continuation keeps its original's). */
  categoryId: number | null;
  /** A client booking for themself: checked to be an onboarded client account in the same statement. */
  bookerId?: string;
}

export function endOf(start: Date, hours: number): Date {
  return new Date(start.getTime() + Math.round(hours * 60) * 60_000);
}

/** Takes the provider's time lock, then throws the booking error that applies; answers the provider's time zone when none does. */
export async function checkSchedule(db: Knex, check: ScheduleCheck): Promise<string> {
  if (check.start.getTime() > latestBookableStart(check.now).getTime()) {
    throw new AppError('booking_too_far_ahead', `Jobs are scheduled at most ${jobLimits.maxMonthsAhead} months ahead`, {
      details: { scheduled_start: 'out_of_range' },
    });
  }
  const { rows } = await db.raw<{ rows: (ProviderDay & { booker_contractor: boolean | null; booker_onboarded: boolean | null })[] }>(
    `SELECT b.is_contractor AS booker_contractor, b.is_onboarded AS booker_onboarded, s.*
     FROM (SELECT 1) AS one
     LEFT JOIN profiles b ON b.id = :booker::uuid
     LEFT JOIN LATERAL (
       SELECT pg_advisory_xact_lock(hashtextextended(pr.id::text, ${providerTimeLock})) AS locked,
              pr.timezone, pr.listed, (h.day->>'open')::boolean AS open,
              EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.provider_id = pr.id AND bd.date = d.local_day) AS blocked,
              (:category::int IS NULL OR EXISTS (
                SELECT 1 FROM provider_categories pc WHERE pc.provider_id = pr.id AND pc.category_id = :category::int)) AS offers,
              (d.local_day + ceil(extract(epoch FROM (h.day->>'from')::time) / 900) * interval '15 minutes') AT TIME ZONE pr.timezone AS opens,
              (d.local_day + (h.day->>'to')::time) AT TIME ZONE pr.timezone AS closes
       FROM providers pr
       CROSS JOIN LATERAL (SELECT (:start::timestamptz AT TIME ZONE pr.timezone)::date AS local_day) d
       CROSS JOIN LATERAL (SELECT pr.business_hours -> (ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow FROM d.local_day)::int] AS day) h
       WHERE pr.id = :id) s ON true`,
    { id: check.providerId, start: check.start, category: check.categoryId, booker: check.bookerId ?? null },
  );
  const row = rows[0]!;
  if (check.bookerId) {
    // Only an onboarded client books (a provider account books nothing).
    if (row.booker_contractor !== false) throw forbidden();
    if (!row.booker_onboarded) throw new AppError('onboarding_incomplete', 'Finish signing up before booking');
  }
  const day = row.timezone ? row : null;
  if (!day || !day.listed) throw new AppError('provider_not_found', 'Provider not found');
  if (!day.offers) {
    throw new AppError('validation_failed', 'The provider does not offer this service', { details: { category_id: 'not_allowed' } });
  }
  const end = endOf(check.start, check.hours);
  if (check.start.getTime() % quarterHourMs !== 0 || check.start.getTime() < check.now.getTime()) {
    throw new AppError('time_not_available', 'Times start on a quarter hour and not in the past');
  }
  if (!day.open) throw new AppError('provider_closed_weekday', 'The provider does not work that weekday');
  if (day.blocked) throw new AppError('provider_unavailable', 'The provider blocked that day');
  if (!day.opens || !day.closes || check.start < day.opens || end > day.closes) {
    throw new AppError('outside_business_hours', 'The time is outside the business hours');
  }
  return day.timezone;
}

/** The exclusion constraint on jobs that makes two held times of one provider impossible. */
const heldTimeConstraint = 'jobs_no_overlapping_held_time';

/** PostgreSQL refused an overlap of held times (the exclusion constraint) or two such writes deadlocked. */
function isOverlapRefusal(error: unknown): boolean {
  return isExclusionViolation(error, heldTimeConstraint) || isDeadlock(error);
}

export const slotAlreadyBooked = () => new AppError('slot_already_booked', 'That time was taken meanwhile');

/** Runs a write that holds time; an overlap becomes 409 slot_already_booked. */
export async function holdingTime<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isOverlapRefusal(error)) throw slotAlreadyBooked();
    throw error;
  }
}
