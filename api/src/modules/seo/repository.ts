/**
 * What the sitemap lists (decision record 0036): listed providers in pages cut by id (keyset: each
 * page a range of the `providers_sitemap` index), the categories and municipalities that have
 * listed providers and their pairs, and the fixed public pages.
 */
import type { Knex } from 'knex';

/** The most providers one child sitemap holds: two addresses each (es, en) make 50,000 URLs. */
export const providersPerFileMax = 25_000;

/** One page of providers: ids from `from` (inclusive) up to `before` (exclusive, none on the last). */
export interface ProviderPageBounds {
  from: string | null;
  before: string | null;
  lastmod: Date;
}

/**
 * The pages of the provider sitemap: one pass over the listed ids in order, cutting every
 * `perPage`. The first page starts at the lowest id and the last has no end, so the ranges cover
 * every id: a provider listed after this answer still lands in exactly one page.
 */
export async function providerPages(knex: Knex, perPage: number): Promise<ProviderPageBounds[]> {
  // uuid has no min() before PostgreSQL 16; its text in the C collation sorts the same way.
  const { rows } = (await knex.raw(
    `SELECT min(id::text COLLATE "C") AS id, max(updated_at) AS lastmod
       FROM (SELECT id, updated_at, (row_number() OVER (ORDER BY id) - 1) / :perPage AS page FROM providers WHERE listed) ordered
      GROUP BY page
      ORDER BY page`,
    { perPage },
  )) as { rows: { id: string; lastmod: Date }[] };
  return rows.map((row, index) => ({ from: index === 0 ? null : row.id, before: rows[index + 1]?.id ?? null, lastmod: row.lastmod }));
}

export interface SitemapProvider {
  id: string;
  updated_at: Date;
}

/** The listed providers of one page, in id order, at most `providersPerFileMax`. */
export async function providersBetween(knex: Knex, bounds: { from: string | null; before: string | null }): Promise<SitemapProvider[]> {
  // `listed` as written in the partial index's predicate, so the planner always matches it.
  const query = knex('providers').whereRaw('listed').select('id', 'updated_at').orderBy('id').limit(providersPerFileMax);
  if (bounds.from) query.where('id', '>=', bounds.from);
  if (bounds.before) query.where('id', '<', bounds.before);
  return query;
}

/** A search the sitemap lists: a category, a municipality, or both, with providers in it. */
export interface SitemapPlace {
  category: string | null;
  municipality: string | null;
}

/** Every category, municipality and pair of them that has at least one listed provider. */
export async function placesWithProviders(knex: Knex): Promise<SitemapPlace[]> {
  const { rows } = (await knex.raw(
    `SELECT c.slug AS category, p.municipality_slug AS municipality, GROUPING(c.slug, p.municipality_slug) AS grouped
       FROM providers p
       LEFT JOIN LATERAL unnest(p.category_ids) AS offered(category_id) ON true
       LEFT JOIN categories c ON c.id = offered.category_id
      WHERE p.listed
      GROUP BY GROUPING SETS ((c.slug), (p.municipality_slug), (c.slug, p.municipality_slug))
      ORDER BY grouped DESC, category, municipality`,
  )) as { rows: { category: string | null; municipality: string | null; grouped: number }[] };
  // GROUPING: 1 = by category alone, 2 = by municipality alone, 0 = the pair; a missing side is no place.
  return rows
    .filter((row) => (row.grouped === 1 ? row.category : row.grouped === 2 ? row.municipality : row.category && row.municipality))
    .map((row) => ({
      category: row.grouped === 2 ? null : row.category,
      municipality: row.grouped === 1 ? null : row.municipality,
    }));
}

/** The fixed public pages by their Spanish path (ADDRESSES.md); the plain search is indexable. */
export const staticPaths = ['/', '/providers', '/terms', '/privacy', '/ranking'] as const;
