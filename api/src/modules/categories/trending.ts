/**
 * Trending categories (DESIGN.md §7): the most booked in the last days, by jobs created in the
 * window; while few or no bookings exist, the categories flagged is_trending fill the list.
 */
import type { Knex } from 'knex';
import type { Locale } from '@resuelve/contract';
import { categoryColumns, toCategory, type Category, type CategoryRow } from './service.ts';

export interface TrendingCategory extends Category {
  bookings: number;
}

export async function trendingCategories(
  db: Knex,
  params: { days: number; limit: number; locale: Locale },
  now: Date,
): Promise<{ items: TrendingCategory[] }> {
  const since = new Date(now.getTime() - params.days * 24 * 60 * 60 * 1000);
  const booked: (CategoryRow & { bookings: string })[] = await db('jobs as j')
    .join('categories as c', 'c.id', 'j.category_id')
    .where('j.created_at', '>=', since)
    .andWhere('j.created_at', '<=', now)
    .groupBy('c.id')
    .select([...categoryColumns.map((column) => `c.${column}`), db.raw('count(*) AS bookings')])
    .orderByRaw('count(*) DESC, c.sort_order')
    .limit(params.limit);
  const items: TrendingCategory[] = booked.map((row) => ({ ...toCategory(row, params.locale), bookings: Number(row.bookings) }));
  if (items.length < params.limit) {
    const flagged: CategoryRow[] = await db('categories')
      .where('is_trending', true)
      .whereNotIn('id', items.map((item) => item.id))
      .orderBy('sort_order')
      .limit(params.limit - items.length)
      .select([...categoryColumns]);
    items.push(...flagged.map((row) => ({ ...toCategory(row, params.locale), bookings: 0 })));
  }
  return { items };
}
