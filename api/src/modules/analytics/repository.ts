/** The landing page's figures, counted in the database: one statement for the totals, one for the top categories. */
import type { Knex } from 'knex';
import type { WebsiteStats } from '@resuelve/contract';

export async function countWebsiteStats(db: Knex, now: Date): Promise<WebsiteStats> {
  const { rows } = await db.raw<{ rows: Omit<WebsiteStats, 'computed_at' | 'top_categories'>[] }>(`
    SELECT
      (SELECT count(*) FROM providers WHERE listed)::int AS providers,
      (SELECT count(*) FROM profiles WHERE NOT is_contractor AND is_onboarded AND NOT is_admin)::int AS clients,
      (SELECT count(*) FROM jobs WHERE status = 'completed')::int AS completed_jobs,
      (SELECT coalesce(round(avg(r.rating), 2), 0) FROM reviews r JOIN providers p ON p.id = r.provider_id WHERE p.listed)::float8 AS average_rating,
      (SELECT count(DISTINCT municipality_slug) FROM providers WHERE listed AND municipality_slug IS NOT NULL)::int AS municipalities_served`);
  const top = (await db('provider_categories as pc')
    .join('providers as p', 'p.id', 'pc.provider_id')
    .join('categories as c', 'c.id', 'pc.category_id')
    .where('p.listed', true)
    .groupBy('c.slug')
    .orderBy([{ column: 'providers', order: 'desc' }, { column: 'c.slug' }])
    .limit(6)
    .select('c.slug', db.raw('count(*)::int AS providers'))) as { slug: string; providers: number }[];
  return { ...rows[0]!, top_categories: top, computed_at: now.toISOString() };
}
