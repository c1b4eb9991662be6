/**
 * The SQL of GET /providers (DESIGN.md §7), built as one statement: the filters narrow the
 * providers through their indexes (text: GIN trigram and tsvector; category: provider_categories
 * by category; distance: GiST earth box), the sort keys are computed for what is left, the
 * cursor continues the order, and only the page's rows get their categories, municipality and
 * next free time.
 */
import type { Knex } from 'knex';
import type { Locale, ProviderSort } from '@resuelve/contract';
import { searchLimits } from '@resuelve/contract';
import { coverPhotoSql } from './cover-photo.ts';
import { afterCursor, likePattern, orderBy, type Cursor, type SortKey } from '../../../lib/keyset.ts';
import { nextAvailableSlotMinutes, type PlaceQuery } from './place-index/index.ts';
import { providerRankColumns, rankKeySql, staticQualitySql } from './rank.ts';

export interface Point {
  lat: number;
  lng: number;
}

/** A search whose names (category, municipality) and text are already resolved. */
export interface ResolvedSearch {
  /** The text lowered and unaccented by PostgreSQL's own f_unaccent, as the index holds it. */
  term: string | null;
  /**
   * The trades the text names (by their names, else their words), or when it names none the
   * categories it resembles (service/search.ts's textColumn).
   */
  termCategoryIds: number[];
  /** Whether the text names a trade: relevance then keeps the results to it (decision record 0054). */
  namesTrade: boolean;
  categoryId: number | null;
  municipalitySlug: string | null;
  /** Where distances are measured from: the given point, else the municipality's centre. */
  origin: Point | null;
  radiusKm: number | null;
  minRating: number | null;
  insured: boolean | null;
  verified: boolean | null;
  availableOn: string | null;
  sort: ProviderSort;
  limit: number;
  cursor: Cursor | null;
  /** Only for the offset-paged category listing; search itself pages by cursor. */
  offset?: number;
  locale: Locale;
  now: Date;
  /**
   * The candidates' ids when the in-memory place index chose the page (decision record 0035):
   * the statement reads only these and checks every condition on them again.
   */
  onlyIds?: string[];
}

const slotMinutes = nextAvailableSlotMinutes;

/**
 * The order of each sort. Relevance is one whole number (contract ranking.ts, decision record
 * 0054): the provider's group for the text (the trade it names first) and its quality.
 */
export function sortKeys(sort: ProviderSort): SortKey[] {
  const rating: SortKey[] = [
    { sql: 'c.rating_average', type: 'numeric', descending: true, nullable: false },
    { sql: 'c.review_count', type: 'integer', descending: true, nullable: false },
  ];
  switch (sort) {
    case 'relevance':
      return [{ sql: 'c.rank', type: 'integer', descending: true, nullable: false }];
    case 'rating':
      return rating;
    case 'distance':
      return [{ sql: 'c.distance_km', type: 'numeric', descending: false, nullable: true }];
    case 'reviews':
      return [{ sql: 'c.review_count', type: 'integer', descending: true, nullable: false }];
    case 'experience':
      return [{ sql: 'c.years_experience', type: 'integer', descending: true, nullable: true }];
    case 'soonest':
      return [{ sql: 'c.next_available_at', type: 'timestamptz', descending: false, nullable: true }];
  }
}

class Sql {
  readonly parts: string[] = [];
  readonly bindings: Knex.RawBinding[] = [];
  add(sql: string, ...bindings: Knex.RawBinding[]): this {
    this.parts.push(sql);
    this.bindings.push(...bindings);
    return this;
  }
}

/**
 * The candidates: ids and the sort keys only (the page's providers are read after the sort).
 * A category near a point is chosen in provider_places alone (migration 0015), unless the text
 * ranks or filters by the provider's own words.
 */
function candidates(search: ResolvedSearch): Sql {
  const inner = unranked(search);
  if (search.sort !== 'relevance') return inner;
  // The relevance key from the group and quality the candidates carry, and their distance.
  const sql = new Sql();
  sql.add(`SELECT r.*, ${rankKeySql('r.rank_group', 'r.rank_quality', 'r.distance_km')} AS rank FROM (${inner.parts.join('\n')}) AS r OFFSET 0`);
  sql.bindings.push(...inner.bindings);
  return sql;
}

function unranked(search: ResolvedSearch): Sql {
  if (search.onlyIds) {
    const query = placeQuery(search);
    if (!query) throw new Error('Only a category near a point is read by ids');
    return placeCandidates(search, query.categoryId, { origin: query.origin, meters: query.meters });
  }
  // A text naming the very category filtered on ("plomero" in plumbing) is met by every provider
  // of that category, and all of them are of the trade it names: it needs no index of its own.
  const textImpliedByCategory = search.categoryId !== null && search.termCategoryIds.includes(search.categoryId);
  // Relevance to a text that only resembles a trade (a typo, a name) ranks by the text's score.
  const textRanks = search.term !== null && search.sort === 'relevance' && !(search.namesTrade && textImpliedByCategory);
  const near = search.origin && search.radiusKm !== null ? { origin: search.origin, meters: search.radiusKm * 1000 } : null;
  if (search.categoryId !== null && near && (search.term === null || textImpliedByCategory) && !textRanks) {
    return placeCandidates(search, search.categoryId, near);
  }
  return providerCandidates(search, textImpliedByCategory, near);
}

interface Near {
  origin: Point;
  meters: number;
}

function placeCandidates(search: ResolvedSearch, categoryId: number, near: Near): Sql {
  const { lat, lng } = near.origin;
  const sql = new Sql();
  sql.add(`SELECT pp.provider_id AS id, pp.rating_average, pp.review_count, pp.years_experience,
                  round((earth_distance(ll_to_earth(?, ?), pp.earth) / 1000)::numeric, 3) AS distance_km`, lat, lng);
  if (search.sort === 'soonest') {
    sql.add(', provider_next_available(pp.provider_id, ?, ?, ?) AS next_available_at', search.now, slotMinutes, searchLimits.nextAvailableDays);
  }
  // Every provider here is of the category: of the trade a text names, if it names one.
  const ranked = search.sort === 'relevance';
  if (ranked) sql.add(`, 1::float8 AS rank_group, ${staticQualitySql(providerRankColumns('p'))} AS rank_quality`);
  const from = ranked ? 'FROM provider_places pp JOIN providers p ON p.id = pp.provider_id' : 'FROM provider_places pp';
  if (search.onlyIds) {
    // The ids the place index chose, through the primary key (category, provider); the box only
    // serves the GiST index and the exact distance implies it.
    sql.add(`${from}
             WHERE pp.category_id = ? AND pp.provider_id = ANY(?::uuid[])
               AND earth_distance(ll_to_earth(?, ?), pp.earth) <= ?`, categoryId, uuidArray(search.onlyIds), lat, lng, near.meters);
  } else {
    sql.add(`${from}
             WHERE pp.category_id = ? AND earth_box(ll_to_earth(?, ?), ?) @> pp.earth AND earth_distance(ll_to_earth(?, ?), pp.earth) <= ?`,
      categoryId, lat, lng, near.meters, lat, lng, near.meters);
  }
  if (search.minRating !== null) sql.add('AND pp.rating_average >= ?', search.minRating);
  if (search.insured !== null) sql.add('AND pp.insured = ?', search.insured);
  if (search.verified !== null) sql.add('AND pp.verified = ?', search.verified);
  if (search.availableOn) {
    sql.add('AND EXISTS (SELECT 1 FROM provider_free_slots(pp.provider_id, ?::date, ?, ?))', search.availableOn, slotMinutes, search.now);
  }
  sql.add('OFFSET 0');
  return sql;
}

function providerCandidates(search: ResolvedSearch, textImpliedByCategory: boolean, near: Near | null): Sql {
  const sql = new Sql();
  const distance = search.origin
    ? 'round((earth_distance(ll_to_earth(?, ?), ll_to_earth(p.lat, p.lng)) / 1000)::numeric, 3)'
    : 'NULL::numeric';
  const originBindings = search.origin ? [search.origin.lat, search.origin.lng] : [];
  sql.add(`SELECT p.id, p.rating_average, p.review_count, p.years_experience, ${distance} AS distance_km`, ...originBindings);
  if (search.sort === 'relevance') {
    // The group (contract ranking.ts): 1 for the trade the text names (or any provider without a
    // text), 0 for a provider only its own words found. A text that names no trade (a typo, a
    // company's name) groups by how well it matches: twice the text's score, 0 to 2.
    if (search.term === null) sql.add(', 1::float8 AS rank_group');
    else if (search.namesTrade) sql.add(', CASE WHEN p.category_ids && ?::int[] THEN 1::float8 ELSE 0::float8 END AS rank_group', intArray(search.termCategoryIds));
    else {
      sql.add(`, 2::float8 * round((
          0.5 * coalesce((SELECT max(CASE WHEN c.search_text LIKE ? THEN 1 ELSE word_similarity(?, c.search_text) END)
                          FROM categories c WHERE c.id = ANY(p.category_ids) AND c.id = ANY(?::int[])), 0)
          + 0.4 * word_similarity(?, p.search_text)
          + 0.1 * least(ts_rank(p.search_vector, plainto_tsquery('simple', ?)), 1))::numeric, 6)::float8 AS rank_group`,
        likePattern(search.term), search.term, intArray(search.termCategoryIds), search.term, search.term);
    }
    sql.add(`, ${staticQualitySql(providerRankColumns('p'))} AS rank_quality`);
  }
  if (search.sort === 'soonest') {
    sql.add(', provider_next_available(p.id, ?, ?, ?) AS next_available_at', search.now, slotMinutes, searchLimits.nextAvailableDays);
  }
  // listed: an onboarded contractor (migration 0011 keeps it from profiles).
  sql.add(' FROM providers p WHERE p.listed');
  if (search.term && !textImpliedByCategory && search.namesTrade) {
    // A text that names a trade keeps to it: others only when their own words hold the text.
    sql.add(`AND (p.category_ids && ?::int[] OR p.search_vector @@ plainto_tsquery('simple', ?))`, intArray(search.termCategoryIds), search.term);
  } else if (search.term && !textImpliedByCategory) {
    // One OR of three index conditions on providers: a bitmap, no join.
    sql.add(`AND (p.category_ids && ?::int[] OR p.search_vector @@ plainto_tsquery('simple', ?) OR ? <% p.search_text)`,
      intArray(search.termCategoryIds), search.term, search.term);
  }
  if (search.categoryId !== null && near) {
    sql.add(
      'AND p.id IN (SELECT pp.provider_id FROM provider_places pp WHERE pp.category_id = ? AND earth_box(ll_to_earth(?, ?), ?) @> pp.earth)',
      search.categoryId, near.origin.lat, near.origin.lng, near.meters,
    );
  } else if (search.categoryId !== null) {
    sql.add('AND p.category_ids @> ?::int[]', intArray([search.categoryId]));
  } else if (near) {
    sql.add('AND earth_box(ll_to_earth(?, ?), ?) @> ll_to_earth(p.lat, p.lng)', near.origin.lat, near.origin.lng, near.meters);
  }
  if (near) {
    // The box holds the circle; the exact distance keeps what is inside it.
    sql.add('AND earth_distance(ll_to_earth(?, ?), ll_to_earth(p.lat, p.lng)) <= ?', near.origin.lat, near.origin.lng, near.meters);
  } else if (search.municipalitySlug) {
    sql.add('AND p.municipality_slug = ?', search.municipalitySlug);
  }
  if (search.minRating !== null) sql.add('AND p.rating_average >= ?', search.minRating);
  if (search.insured !== null) sql.add('AND p.insured = ?', search.insured);
  if (search.verified !== null) sql.add(search.verified ? 'AND p.verified_at IS NOT NULL' : 'AND p.verified_at IS NULL');
  if (search.availableOn) {
    sql.add('AND EXISTS (SELECT 1 FROM provider_free_slots(p.id, ?::date, ?, ?))', search.availableOn, slotMinutes, search.now);
  }
  // OFFSET 0 keeps the computed keys (score, next free time) computed once per row.
  sql.add('OFFSET 0');
  return sql;
}

/**
 * What the place index answers for this search, or null when only the full statement can: a
 * category near a point without a free day or a next-free-time order, and a text (if any) that
 * names the category itself and does not rank (the cases candidates() reads from provider_places).
 */
export function placeQuery(search: ResolvedSearch): PlaceQuery | null {
  const { categoryId, origin, radiusKm } = search;
  if (categoryId === null || !origin || radiusKm === null) return null;
  if (search.offset !== undefined || search.availableOn || search.sort === 'soonest') return null;
  if (search.term !== null && !search.termCategoryIds.includes(categoryId)) return null;
  // Relevance to a text that only resembles the category (a typo, a name) ranks by the text's score: the statement.
  if (search.term !== null && search.sort === 'relevance' && !search.namesTrade) return null;
  return {
    categoryId,
    origin,
    meters: radiusKm * 1000,
    minRating: search.minRating,
    insured: search.insured,
    verified: search.verified,
    // Every candidate is of the trade (group 1): relevance is their quality (contract ranking.ts).
    sort: search.sort === 'relevance' ? 'rank' : search.sort,
    cursor: search.cursor,
    count: search.limit + 1,
  };
}

/** A uuid[] literal (one binding: knex would spread a JS array) of ids the index read from PostgreSQL. */
function uuidArray(ids: string[]): string {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  return `{${ids.map((id) => {
    if (!uuid.test(id)) throw new Error('Not a provider id');
    return id;
  }).join(',')}}`;
}

/** An int[] literal: knex would spread a JS array into a list of bindings. */
function intArray(ids: number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/** The whole statement: one more row than the page, to know whether another page follows. */
export function searchStatement(search: ResolvedSearch): { sql: string; bindings: Knex.RawBinding[] } {
  const keys = sortKeys(search.sort);
  const order = orderBy(keys, 'c.id');
  const inner = candidates(search);
  const sql = new Sql();
  sql.add(`SELECT page.*, p.company_name, p.company_description, p.completed_jobs, p.insured, p.verified_at, p.response_median_minutes, p.municipality_slug,
      p.profile_picture_url, p.timezone, p.lat, p.lng, m.name AS municipality_name,
      p.rate_cents, p.rate_unit, p.rate_from, ${coverPhotoSql('page.id')} AS cover_photo,
      ${search.sort === 'soonest' ? 'page.next_available_at' : 'provider_next_available(page.id, ?, ?, ?)'} AS next_available,
      (SELECT coalesce(json_agg(json_build_object('slug', cat.slug, 'name', CASE WHEN ? = 'en' THEN cat.name_en ELSE cat.name_es END)
                                ORDER BY cat.sort_order), '[]'::json)
         FROM provider_categories pc JOIN categories cat ON cat.id = pc.category_id WHERE pc.provider_id = page.id) AS categories
    FROM (SELECT c.*, ${keys.map((key, i) => `(${key.sql})::text AS sort_${i}`).join(', ')}
          FROM (${inner.parts.join('\n')}) AS c`,
    ...(search.sort === 'soonest' ? [] : [search.now, slotMinutes, searchLimits.nextAvailableDays]),
    search.locale,
  );
  sql.bindings.push(...inner.bindings);
  if (search.cursor) {
    const after = afterCursor(keys, search.cursor, 'c.id');
    sql.add(`WHERE ${after.sql}`, ...(after.bindings as Knex.RawBinding[]));
  }
  // Only the page's rows read their provider: card columns, municipality, next free time.
  sql.add(`ORDER BY ${order} LIMIT ? OFFSET ?) AS page
    JOIN providers p ON p.id = page.id
    LEFT JOIN municipalities m ON m.slug = p.municipality_slug
    ORDER BY ${order.replace(/\bc\./g, 'page.')}`, search.limit + 1, search.offset ?? 0);
  return { sql: sql.parts.join('\n'), bindings: sql.bindings };
}
