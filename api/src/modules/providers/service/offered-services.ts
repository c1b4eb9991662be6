/** The service categories a provider offers: list, add (one or many, idempotent) and remove. */
import type { Knex } from 'knex';
import type { Locale } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { offerCategories, offeredCategories, offeredCategoryIds, withdrawCategory } from '../repository.ts';
import { lockProvider, requireCategories, requireProvider } from './providers.ts';

export async function listOwnServices(db: Knex, userId: string, locale?: Locale) {
  const provider = await requireProvider(db, userId);
  return { items: await offeredCategories(db, userId, locale ?? provider.language) };
}

/** Adds each category not offered yet; categories already offered are left as they are. */
export async function addOwnServices(knex: Knex, userId: string, categoryIds: number[], field: string, locale?: Locale) {
  const language = await knex.transaction(async (trx) => {
    const provider = await lockProvider(trx, userId);
    await requireCategories(trx, categoryIds, field);
    await offerCategories(trx, userId, categoryIds);
    return provider.language;
  });
  return { items: await offeredCategories(knex, userId, locale ?? language) };
}

/** An onboarded provider keeps at least one service (SPEC.md §5), so the last one stays. */
export async function removeOwnService(knex: Knex, userId: string, categoryId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    const provider = await lockProvider(trx, userId);
    const offered = await offeredCategoryIds(trx, userId);
    if (!offered.includes(categoryId)) throw new AppError('not_found', 'This service is not offered');
    if (provider.is_onboarded && offered.length === 1) {
      throw new AppError('conflict', 'A provider keeps at least one service');
    }
    await withdrawCategory(trx, userId, categoryId);
  });
}
