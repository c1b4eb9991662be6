/**
 * The site's figures for the landing page (issue 13, decision record 0025): counted in one
 * statement and kept `websiteStatsCacheSeconds` in this process, by the app's clock, so the
 * landing page never counts the whole database per visitor. An admin may count again at once.
 */
import { websiteStatsCacheSeconds, type WebsiteStats } from '@resuelve/contract';
import type { AppContext } from '../../context.ts';
import { countWebsiteStats } from './repository.ts';

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
