/**
 * The site's figures for the landing page (issue 13, decision record 0025): counted in one
 * statement and kept `websiteStatsCacheSeconds` in this process, by the app's clock, so the
 * landing page never counts the whole database per visitor. An admin may count again at once.
 */
import type { Knex } from 'knex';
import { websiteStatsCacheSeconds, type WebsiteStats } from '@resuelve/contract';
import type { AppContext } from '../../context.ts';

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

/** One process's copy of the figures, fresh for 5 minutes of the given clock. */
export class WebsiteStatsCache {
  private kept: { stats: WebsiteStats; until: number } | null = null;
  private counting: Promise<WebsiteStats> | null = null;

  /** The context's clock is read at each call, so a test may move it. */
  constructor(private readonly context: Pick<AppContext, 'knex' | 'clock'>) {}

  /** The kept figures while fresh, else new ones (one count at a time however many ask); `refresh` counts now. */
  async get(refresh = false): Promise<WebsiteStats> {
    const now = this.context.clock.now();
    if (!refresh && this.kept && now.getTime() < this.kept.until) return this.kept.stats;
    this.counting ??= countWebsiteStats(this.context.knex, now)
      .then((stats) => {
        this.kept = { stats, until: now.getTime() + websiteStatsCacheSeconds * 1000 };
        return stats;
      })
      .finally(() => {
        this.counting = null;
      });
    return this.counting;
  }
}
