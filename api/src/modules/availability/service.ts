/**
 * Free time of a provider (DESIGN.md §6): that weekday's business hours in the provider's time
 * zone, minus blocked dates, minus held job times, minus the past, on quarter-hour starts. The
 * rule itself is the SQL function provider_free_slots (migration 0007), which search's "soonest"
 * and "available on" read too; this service adds the why of an empty day and the API's shape.
 * A booking is checked by the jobs' schedule check (modules/jobs/service/schedule-check.ts), which names
 * why a time is refused; `slotIsFree` answers the same rule as a plain yes or no.
 */
import type { Knex } from 'knex';
import { dateTimeFormat, weekdays, type DayAvailability, type UnavailableReason } from '@resuelve/contract';
import { forbidden, notFound } from '../../lib/errors.ts';
import { contractorTimeZone, dayRows, providerClock, type DayRow, type ProviderClock } from './repository.ts';

export { slotIsFree } from './repository.ts';

/** Default length of a slot asked for without a duration (SPEC.md §9). */
export const defaultSlotMinutes = 60;

/** How far ahead a single request may look (a 30-day calendar view plus margin). */
export const maxAvailabilityDays = 62;

/** The weekday name of a calendar day (YYYY-MM-DD); the day itself has no zone. */
export function weekdayOf(date: string): (typeof weekdays)[number] {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekdays[(sundayFirst + 6) % 7]!;
}

const offsets = new Map<string, number>();

/**
 * The zone's offset from UTC in minutes at an instant, looked up once per zone and UTC hour
 * (zones change offset on whole hours), so a month of slots is not a thousand Intl calls.
 */
function offsetMinutes(instant: Date, timeZone: string): number {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  const key = `${timeZone}|${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const name = dateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-11-23T08:00:00-04:00. */
/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function isoInZone(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** A public provider's time zone (to find "today" there); 404 when there is no such provider. */
export async function providerTimeZone(db: Knex, providerId: string): Promise<string> {
  const provider = await providerClock(db, providerId, true);
  if (!provider) throw notFound('Provider');
  return provider.timezone;
}

/** A public provider's today in their own time zone: the day a request without a date starts from. */
export async function providerToday(db: Knex, providerId: string, now: Date): Promise<string> {
  return todayIn(await providerTimeZone(db, providerId), now);
}

/** The signed-in provider's own today (also before onboarding is finished); 403 for an account that is not a provider. */
export async function ownProviderToday(db: Knex, userId: string, now: Date): Promise<string> {
  const timezone = await contractorTimeZone(db, userId);
  if (!timezone) throw forbidden();
  return todayIn(timezone, now);
}

/**
 * Free slots of `days` consecutive days from `firstDate` (provider's wall-clock days), in one
 * query: the calendar and the booking dialog ask for a month at a time.
 */
export async function availabilityOver(
  db: Knex,
  providerId: string,
  params: { firstDate: string; days: number; minutes: number; now: Date; onlyPublic?: boolean },
): Promise<DayAvailability[]> {
  const provider = await providerClock(db, providerId, params.onlyPublic ?? true);
  if (!provider) throw notFound('Provider');
  const lastDate = addDays(params.firstDate, params.days - 1);
  const rows = await dayRows(db, providerId, { timezone: provider.timezone, minutes: params.minutes, now: params.now, firstDate: params.firstDate, lastDate });
  return rows.map((row) => dayAvailability(row, provider, params.minutes));
}

function dayAvailability(row: DayRow, provider: ProviderClock, minutes: number): DayAvailability {
  const slots = row.starts.map((seconds) => ({
    start: isoInZone(new Date(seconds * 1000), provider.timezone),
    end: isoInZone(new Date(seconds * 1000 + minutes * 60_000), provider.timezone),
  }));
  return { date: row.date, duration: minutes, timezone: provider.timezone, slots, reason: reasonOf(row, provider, slots.length) };
}

/**
 * Why a day has no slot: closed that weekday, blocked, or taken by jobs. A day that is simply
 * over (or whose opening is shorter than the duration) has no reason: nothing the client can
 * wait out.
 */
function reasonOf(row: DayRow, provider: ProviderClock, slotCount: number): UnavailableReason | null {
  if (!provider.business_hours[weekdayOf(row.date)]?.open) return 'closed_weekday';
  if (row.blocked) return 'blocked_date';
  if (slotCount === 0 && row.booked) return 'fully_booked';
  return null;
}

export async function availabilityOn(
  db: Knex,
  providerId: string,
  params: { date: string; minutes: number; now: Date; onlyPublic?: boolean },
): Promise<DayAvailability> {
  const [day] = await availabilityOver(db, providerId, { firstDate: params.date, days: 1, minutes: params.minutes, now: params.now, onlyPublic: params.onlyPublic });
  return day!;
}

