/**
 * A provider's weekly business hours and blocked full days. Days are wall-clock days in the
 * provider's time zone (DESIGN.md §5): "today" for a provider in San Juan is San Juan's today.
 */
import type { Knex } from 'knex';
import { profileLimits, type BusinessHours } from '@resuelve/contract';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
import { todayIn } from '../../availability/index.ts';
import { findProvider } from '../repository.ts';
import { lockProvider, requireProvider } from './providers.ts';

/**
 * Hours of a provider for a signed-in person (visitors must sign in, SPEC.md §6). A provider who
 * has not finished onboarding is not public yet, so only they can see their hours.
 */
export async function businessHoursOf(db: Knex, providerId: string, viewerId: string) {
  const provider = await findProvider(db, providerId);
  if (!provider || (!provider.is_onboarded && provider.id !== viewerId)) throw notFound('Provider');
  return { business_hours: provider.business_hours, timezone: provider.timezone };
}

/** Only the provider changes their own hours; anybody else is refused before anything is read. */
export async function setBusinessHours(knex: Knex, providerId: string, callerId: string, hours: BusinessHours, now: Date) {
  if (providerId !== callerId) throw forbidden();
  return knex.transaction(async (trx) => {
    const provider = await lockProvider(trx, callerId);
    await trx('providers')
      .where({ id: callerId })
      .update({ business_hours: JSON.stringify(hours), updated_at: now });
    return { business_hours: hours, timezone: provider.timezone };
  });
}

interface BlockedDate {
  date: string;
  reason: string | null;
}

function blockedDatesQuery(db: Knex, providerId: string) {
  // A date column as text: node-pg would make a local-midnight Date of it.
  return db('blocked_dates')
    .where({ provider_id: providerId })
    .select<BlockedDate[]>(db.raw(`to_char(date, 'YYYY-MM-DD') AS date`), 'reason');
}

/** Blocked days from today on (in the provider's time zone), soonest first. */
export async function listBlockedDates(db: Knex, userId: string, now: Date): Promise<{ items: BlockedDate[] }> {
  const provider = await requireProvider(db, userId);
  const items = await blockedDatesQuery(db, userId).where('date', '>=', todayIn(provider.timezone, now)).orderBy('blocked_dates.date');
  return { items };
}

export async function blockDate(knex: Knex, userId: string, date: string, reason: string | null, now: Date): Promise<BlockedDate> {
  return knex.transaction(async (trx) => {
    const provider = await lockProvider(trx, userId);
    const today = todayIn(provider.timezone, now);
    if (date < today) {
      throw new AppError('validation_failed', 'A past day cannot be blocked', { details: { date: 'out_of_range' } });
    }
    const [upcoming] = await trx('blocked_dates')
      .where({ provider_id: userId })
      .where('date', '>=', today)
      .count<{ count: number }[]>('* as count');
    if ((upcoming?.count ?? 0) >= profileLimits.blockedDatesMax) {
      throw new AppError('conflict', `At most ${profileLimits.blockedDatesMax} upcoming days can be blocked`);
    }
    const inserted = await trx('blocked_dates')
      .insert({ provider_id: userId, date, reason, created_at: now })
      .onConflict(['provider_id', 'date'])
      .ignore()
      .returning('id');
    if (inserted.length === 0) throw new AppError('date_already_blocked', 'This day is already blocked');
    return { date, reason };
  });
}

export async function unblockDate(knex: Knex, userId: string, date: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await lockProvider(trx, userId);
    const removed = await trx('blocked_dates').where({ provider_id: userId, date }).delete();
    if (removed === 0) throw new AppError('slot_not_found', 'This day is not blocked');
  });
}
