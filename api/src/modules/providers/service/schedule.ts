/**
 * A provider's weekly business hours and blocked full days. Days are wall-clock days in the
 * provider's time zone (DESIGN.md §5): "today" for a provider in San Juan is San Juan's today.
 */
import type { Knex } from 'knex';
import { profileLimits, type BusinessHours } from '@resuelve/contract';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
import { todayIn } from '../../availability/index.ts';
import {
  blockedDatesFrom,
  countBlockedDatesFrom,
  deleteBlockedDate,
  findProvider,
  insertBlockedDate,
  saveBusinessHours,
  type BlockedDate,
} from '../repository.ts';
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
    await saveBusinessHours(trx, callerId, hours, now);
    return { business_hours: hours, timezone: provider.timezone };
  });
}

/** Blocked days from today on (in the provider's time zone), soonest first. */
export async function listBlockedDates(db: Knex, userId: string, now: Date): Promise<{ items: BlockedDate[] }> {
  const provider = await requireProvider(db, userId);
  return { items: await blockedDatesFrom(db, userId, todayIn(provider.timezone, now)) };
}

export async function blockDate(knex: Knex, userId: string, date: string, reason: string | null, now: Date): Promise<BlockedDate> {
  return knex.transaction(async (trx) => {
    const provider = await lockProvider(trx, userId);
    const today = todayIn(provider.timezone, now);
    if (date < today) {
      throw new AppError('validation_failed', 'A past day cannot be blocked', { details: { date: 'out_of_range' } });
    }
    if ((await countBlockedDatesFrom(trx, userId, today)) >= profileLimits.blockedDatesMax) {
      throw new AppError('conflict', `At most ${profileLimits.blockedDatesMax} upcoming days can be blocked`);
    }
    if (!(await insertBlockedDate(trx, userId, { date, reason }, now))) throw new AppError('date_already_blocked', 'This day is already blocked');
    return { date, reason };
  });
}

export async function unblockDate(knex: Knex, userId: string, date: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await lockProvider(trx, userId);
    if (!(await deleteBlockedDate(trx, userId, date))) throw new AppError('slot_not_found', 'This day is not blocked');
  });
}
