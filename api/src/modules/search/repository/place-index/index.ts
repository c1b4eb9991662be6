/**
 * The search's page choice for "a category near a point" held in memory (decision record 0035).
 *
 * provider_places (migration 0015) is copied into this process at start and kept by LISTEN: every
 * change to a provider's rows is announced at commit (migration 0026) and that provider's rows are
 * read again (load.ts). A search of one category within a radius, sorted by rating, reviews,
 * experience or distance (the bulk of what visitors ask), picks its page's provider ids here in
 * well under a millisecond (pages.ts) instead of PostgreSQL reading every candidate's row
 * (2,000–4,000 heap pages for a 40 km circle on 100,000 providers). The statement then reads only
 * those ids and checks every condition again (../query.ts), so what a card shows, its distance,
 * the order on the page and the cursor are PostgreSQL's own; if the check drops a row (a change
 * not heard yet) the full statement runs instead. Until the copy is loaded, or while the listening
 * connection is down, every search takes the full statement.
 *
 * The arithmetic is earthdistance's (geometry.ts); relevance is contract ranking.ts's, each
 * provider's quality computed by PostgreSQL as the statement computes it (copy.ts).
 */
import { PlaceCopy } from './copy.ts';
import { PlaceFeed, type PlaceIndexOptions, type PlaceStores } from './load.ts';
import { NextFreeTimes, type RunNextFree } from './next-free.ts';
import { pageCardRows, pickPage, type MemoryCardRow, type PlaceQuery } from './pages.ts';

export type { CardColumns } from './copy.ts';
export { placesChannel, type PlaceIndexOptions } from './load.ts';
export { earthPoint, roundedKm } from './geometry.ts';
export { nextAvailableSlotMinutes, type NextFreeRow } from './next-free.ts';
export type { CardRow, MemoryCardRow, PlaceQuery, PlaceSort } from './pages.ts';

/** Names resolved (text, category, municipality) kept at most, until the categories or municipalities change. */
const maxNames = 5000;

export class PlaceIndex {
  private readonly stores: PlaceStores;
  private readonly feed: PlaceFeed;

  constructor(options: PlaceIndexOptions) {
    const copy = new PlaceCopy();
    this.stores = { copy, nextFree: new NextFreeTimes(copy) };
    this.feed = new PlaceFeed(options, this.stores);
  }

  /** Searches whose page was chosen here, and those whose check dropped a row (then run in full). */
  get counts() {
    return this.stores.copy.counts;
  }

  /** Whether searches may pick their page here. */
  get ready(): boolean {
    return this.feed.loaded;
  }

  get size(): number {
    return this.stores.copy.size;
  }

  /** Connects, listens, then loads every row; resolves once loaded (or failed, retrying behind). */
  start(): Promise<void> {
    return this.feed.start();
  }

  stop(): Promise<void> {
    return this.feed.stop();
  }

  /** Waits until every change committed before this call is in the index (see PlaceFeed.sync). */
  sync(): Promise<void> {
    return this.feed.sync();
  }

  /** The ids of the next `count` places of the query, in its order; undefined if PostgreSQL must answer. */
  pick(query: PlaceQuery): string[] | undefined {
    if (!this.feed.loaded) return undefined;
    return pickPage(this.stores.copy, query);
  }

  /**
   * The names of a search (text, category, municipality) as `resolve` resolves them in PostgreSQL,
   * resolved once while the index listens: they read only the categories and municipalities, and
   * any change to those tables empties this (migration 20261126_0031).
   */
  resolveNames<T>(key: string, resolve: () => Promise<T>): Promise<T> {
    if (!this.feed.loaded) return resolve();
    const kept = this.stores.copy.names;
    let names = kept.get(key) as Promise<T> | undefined;
    if (!names) {
      if (kept.size >= maxNames) kept.clear();
      names = resolve();
      kept.set(key, names);
      names.catch(() => kept.delete(key));
    }
    return names;
  }

  /** The rows of the cards `ids` (as pick() chose them) from memory; undefined when PostgreSQL answers (pages.ts). */
  async cardRows(query: PlaceQuery, ids: string[], locale: 'es' | 'en', now: Date, run: RunNextFree): Promise<MemoryCardRow[] | undefined> {
    if (!this.feed.loaded) return undefined;
    return pageCardRows(this.stores, query, ids, locale, now, run);
  }

  /** Rolls the next free times ahead now rather than at the next tick (tests); `rolling` is the roll under way. */
  roll(): void {
    this.feed.roll();
  }

  get rolling(): Promise<void> | null {
    return this.feed.rolling;
  }

  /** Resolves once the next free times about to end have the ones that follow computed (the bench waits for it). */
  async rolledAhead(): Promise<void> {
    await this.feed.started();
    await this.feed.rolledAhead();
  }
}
