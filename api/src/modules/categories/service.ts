/** Localized categories and their accent-insensitive, typo-tolerant search. */
import type { Knex } from 'knex';
import type { Locale } from '@resuelve/contract';
import { notFound } from '../../lib/errors.ts';

export interface Category {
  id: number;
  slug: string;
  name: string;
  group: string;
  is_trending: boolean;
  is_interest: boolean;
}

export interface CategoryRow {
  id: number;
  slug: string;
  group_slug: string;
  name_es: string;
  name_en: string;
  is_trending: boolean;
  is_interest: boolean;
}

/** The columns toCategory reads; other modules joining categories select these. */
export const categoryColumns = ['id', 'slug', 'group_slug', 'name_es', 'name_en', 'is_trending', 'is_interest'] as const;
const columns = [...categoryColumns];

export function toCategory(row: CategoryRow, locale: Locale): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: locale === 'en' ? row.name_en : row.name_es,
    group: row.group_slug,
    is_trending: row.is_trending,
    is_interest: row.is_interest,
  };
}

export async function listCategories(knex: Knex, locale: Locale): Promise<{ items: Category[]; total: number }> {
  const rows: CategoryRow[] = await knex('categories').select(columns).orderBy('sort_order');
  return { items: rows.map((row) => toCategory(row, locale)), total: rows.length };
}

export async function getCategory(knex: Knex, idOrSlug: number | string, locale: Locale): Promise<Category> {
  const row: CategoryRow | undefined = await knex('categories')
    .select(columns)
    .where(typeof idOrSlug === 'number' ? { id: idOrSlug } : { slug: idOrSlug })
    .first();
  if (!row) throw notFound('Category');
  return toCategory(row, locale);
}

/** Words at least this alike count as a match ("electrisista" finds "electricista"). */
export const typoThreshold = 0.45;

function matching(knex: Knex, q: string) {
  return knex('categories')
    .crossJoin(knex.raw('(SELECT lower(f_unaccent(?)) AS term) AS search', [q]))
    .where((where) =>
      where
        .whereRaw(`search_text LIKE '%' || search.term || '%'`)
        .orWhereRaw('word_similarity(search.term, search_text) >= ?', [typoThreshold]),
    );
}

export async function searchCategories(
  knex: Knex,
  params: { q: string; limit: number; offset: number; locale: Locale },
): Promise<{ items: Category[]; total: number }> {
  if (!params.q) return listCategories(knex, params.locale).then(({ items, total }) => ({ items: items.slice(params.offset, params.offset + params.limit), total }));
  const [counted] = await matching(knex, params.q).count<{ count: number }[]>('* as count');
  const rows: CategoryRow[] = await matching(knex, params.q)
    .select(columns.map((c) => `categories.${c}`))
    // Names starting with the text first, then the closest matches, then the usual order.
    .orderByRaw(
      `(lower(f_unaccent(CASE WHEN ? = 'en' THEN name_en ELSE name_es END)) LIKE search.term || '%') DESC,
       word_similarity(search.term, search_text) DESC, sort_order`,
      [params.locale],
    )
    .limit(params.limit)
    .offset(params.offset);
  return { items: rows.map((row) => toCategory(row, params.locale)), total: counted?.count ?? 0 };
}

/** A typo is only guessed at from this many characters: "fot" is too short to be a misspelt "food". */
export const typoMinChars = 4;

/**
 * Suggestions for the category selector: only for 2 or more characters (SPEC.md §5), and only
 * categories with a word starting with what was typed (accent-insensitive, either language's names
 * and keywords), named in the visitor's language first: "fot" suggests Fotografía (Photography),
 * never Catering. Names starting with the text come before names with a later word starting with
 * it, then the other language's name, then keywords. Only when nothing starts so, and the text is
 * long enough, are close spellings offered ("electrisista").
 */
export async function suggestCategories(knex: Knex, params: { q: string; limit: number; locale: Locale }): Promise<Category[]> {
  const q = params.q.trim();
  if (q.length < 2) return [];
  const [own, other] = params.locale === 'en' ? ['name_en', 'name_es'] : ['name_es', 'name_en'];
  // A word starts with the term: at the start of the text or after a space (search_text is one line of words).
  const startsWord = (column: string) => `(' ' || lower(f_unaccent(${column}))) LIKE '% ' || search.term || '%'`;
  const rows: CategoryRow[] = await knex('categories')
    // % and _ typed are letters here, not LIKE's wildcards.
    .crossJoin(knex.raw('(SELECT lower(f_unaccent(?)) AS term) AS search', [q.replace(/[\\%_]/g, '\\$&')]))
    .select(columns.map((c) => `categories.${c}`))
    .whereRaw(`(' ' || search_text) LIKE '% ' || search.term || '%'`)
    .orderByRaw(
      `CASE WHEN lower(f_unaccent(${own})) LIKE search.term || '%' THEN 0
            WHEN ${startsWord(own)} THEN 1
            WHEN ${startsWord(other)} THEN 2
            ELSE 3 END, sort_order`,
    )
    .limit(params.limit);
  if (rows.length > 0 || q.length < typoMinChars) return rows.map((row) => toCategory(row, params.locale));
  const { items } = await searchCategories(knex, { ...params, q, offset: 0 });
  return items;
}

/**
 * Trending categories (DESIGN.md §7): the most booked in the last days, by jobs created in the
 * window; while few or no bookings exist, the categories flagged is_trending fill the list.
 */
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
