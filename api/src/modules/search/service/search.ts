/**
 * Finding providers (DESIGN.md §7): resolves the names a person typed (category slug or id,
 * municipality slug or name, the search text as the index holds it), runs the one search
 * statement, and shapes the cards. Only onboarded providers are ever listed.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locale, ProviderCard, ProviderSort } from '@resuelve/contract';
import { AppError, notFound } from '../../../lib/errors.ts';
import { typoThreshold } from '../../categories/index.ts';
import { decodeCursor, encodeCursor, isUnreadableCursorValue, unreadableCursor } from '../../../lib/keyset.ts';
import { placeQuery, searchStatement, sortKeys, type Point, type ResolvedSearch } from '../repository/query.ts';
import type { MemoryCardRow, NextFreeRow, PlaceIndex } from '../repository/place-index/index.ts';
import { memoryCardJson, toCard, type PhotoAddresses, type Row } from './cards.ts';

export { snippet, type PhotoAddresses } from './cards.ts';

export interface SearchParams {
  q: string;
  category?: number | string;
  municipality?: string;
  lat?: number;
  lng?: number;
  radius_km?: number;
  min_rating?: number;
  insured?: boolean;
  verified?: boolean;
  available_on?: string;
  sort: ProviderSort;
  limit: number;
  cursor?: string;
  locale: Locale;
}

export type { ProviderCard };

const invalid = (field: string, code: string) => new AppError('validation_failed', `${field} is not usable here`, { details: { [field]: code } });

async function resolveCategory(db: Knex, category: number | string): Promise<number | null> {
  const row = await db('categories').where(typeof category === 'number' ? { id: category } : { slug: category }).first('id');
  return (row as { id: number } | undefined)?.id ?? null;
}

/**
 * The text as the indexes hold it (PostgreSQL's own f_unaccent) and the categories it names
 * (decision record 0054): the trades whose names contain it ("limpieza": Limpieza), else those
 * whose words do ("plomero": Plomería), else those it resembles (a typo; `trade` false). So
 * "limpieza" names cleaning alone, not pool maintenance, whose words say "limpieza" too.
 * One column, `text`, of a statement: a JSON object { term, ids, trade }.
 */
function textColumn(text: string): { sql: string; bindings: Knex.RawBinding[] } {
  return {
    sql: `(SELECT json_build_object('term', s.term, 'trade', cardinality(t.names) + cardinality(t.words) > 0,
         'ids', CASE WHEN cardinality(t.names) > 0 THEN t.names WHEN cardinality(t.words) > 0 THEN t.words ELSE t.near END)
       FROM (SELECT lower(f_unaccent(?)) AS term, '%' || lower(f_unaccent(?)) || '%' AS pattern) AS s,
       LATERAL (SELECT
         ARRAY(SELECT c.id FROM categories c WHERE lower(f_unaccent(c.name_es || ' ' || c.name_en || ' ' || replace(c.slug, '-', ' '))) LIKE s.pattern) AS names,
         ARRAY(SELECT c.id FROM categories c WHERE c.search_text LIKE s.pattern) AS words,
         ARRAY(SELECT c.id FROM categories c WHERE c.search_text LIKE s.pattern OR word_similarity(s.term, c.search_text) >= ?) AS near) AS t) AS text`,
    // unaccent and lower leave \\ % _ alone, so escaping them before is escaping them after.
    bindings: [text, text.replace(/[\\%_]/g, (c) => `\\${c}`), typoThreshold],
  };
}

interface TextNames {
  term: string | null;
  categoryIds: number[];
  /** Whether the text names a trade (by its name or its words), not only resembles one. */
  namesTrade: boolean;
}

/** The text as the indexes hold it and the categories it names (textColumn). */
export async function resolveText(db: Knex, q: string): Promise<TextNames> {
  const text = q.trim();
  if (!text) return { term: null, categoryIds: [], namesTrade: false };
  const column = textColumn(text);
  const { rows } = await db.raw<{ rows: { text: { term: string; ids: number[]; trade: boolean } }[] }>(`SELECT ${column.sql}`, column.bindings);
  const found = rows[0]!.text;
  return { term: found.term, categoryIds: found.ids, namesTrade: found.trade };
}

/**
 * The text, the category and the municipality resolved in one statement (one round trip instead of
 * up to three), each exactly as resolveText, resolveCategory and resolveMunicipality resolve it.
 */
async function resolveNames(
  db: Knex,
  params: Pick<SearchParams, 'q' | 'category' | 'municipality'>,
): Promise<TextNames & { categoryId: number | null; municipality: (Point & { slug: string }) | null }> {
  const text = params.q.trim();
  const columns: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (text) {
    const column = textColumn(text);
    columns.push(column.sql);
    bindings.push(...column.bindings);
  }
  if (params.category !== undefined) {
    columns.push(`(SELECT id FROM categories WHERE ${typeof params.category === 'number' ? 'id' : 'slug'} = ? LIMIT 1) AS category_id`);
    bindings.push(params.category);
  }
  if (params.municipality) {
    columns.push(`(SELECT json_build_object('slug', slug, 'lat', lat, 'lng', lng) FROM municipalities
       WHERE slug = ? OR search_name = lower(f_unaccent(?)) LIMIT 1) AS municipality`);
    bindings.push(params.municipality.toLowerCase(), params.municipality);
  }
  if (!columns.length) return { term: null, categoryIds: [], namesTrade: false, categoryId: null, municipality: null };
  const { rows } = await db.raw<{
    rows: { text?: { term: string; ids: number[]; trade: boolean }; category_id?: number | null; municipality?: (Point & { slug: string }) | null }[];
  }>(`SELECT ${columns.join(', ')}`, bindings);
  const row = rows[0]!;
  return {
    term: row.text?.term ?? null,
    categoryIds: row.text?.ids ?? [],
    namesTrade: row.text?.trade ?? false,
    categoryId: row.category_id ?? null,
    municipality: row.municipality ?? null,
  };
}

export interface SearchPage {
  items: ProviderCard[];
  next_cursor: string | null;
}

/** A page's rows before they are shaped into cards (as objects, or written as JSON). */
interface PageRows {
  rows: (Row | MemoryCardRow)[];
  next_cursor: string | null;
}

const empty: PageRows = { rows: [], next_cursor: null };

/**
 * A search's answer (SearchPage) written as JSON: the cards from memory are written from fragments
 * kept per card (decision record 0042), so the api does not build and serialize twenty objects per
 * search; cards read by the statement are shaped by toCard and serialized.
 */
export async function searchProvidersJson(
  db: Knex,
  params: SearchParams,
  now: Date,
  photos: PhotoAddresses,
  index?: SearchPlaceIndex,
): Promise<string> {
  const { rows, next_cursor } = await searchPage(db, params, now, index);
  const items = rows.map((row) => ('source' in row ? memoryCardJson(row, photos) : JSON.stringify(toCard(row, photos))));
  return `{"items":[${items.join(',')}],"next_cursor":${JSON.stringify(next_cursor)}}`;
}

async function searchPage(db: Knex, params: SearchParams, now: Date, index: SearchPlaceIndex | undefined): Promise<PageRows> {
  const point = params.lat !== undefined && params.lng !== undefined ? { lat: params.lat, lng: params.lng } : null;
  // Tests read their writes: the index first hears every change committed before the search.
  if (index?.sync) await index.places.sync();
  const names = { q: params.q.trim(), category: params.category, municipality: params.municipality };
  const { term, categoryIds: termCategoryIds, namesTrade, categoryId, municipality } = index
    ? await index.places.resolveNames(JSON.stringify([names.q, typeof names.category, names.category ?? null, names.municipality ?? null]), () => resolveNames(db, params))
    : await resolveNames(db, params);
  const cursor = params.cursor ? decodeCursor(params.cursor, params.sort, sortKeys(params.sort).length) : null;
  if (params.category !== undefined && categoryId === null) return empty;
  if (params.municipality && !municipality) return empty;

  const origin = point ?? (municipality ? { lat: municipality.lat, lng: municipality.lng } : null);
  if (params.radius_km !== undefined && !origin) throw invalid('radius_km', 'not_allowed');
  if (params.sort === 'distance' && !origin) throw invalid('sort', 'not_allowed');

  const search: ResolvedSearch = {
    term,
    termCategoryIds,
    namesTrade,
    categoryId,
    municipalitySlug: municipality?.slug ?? null,
    origin,
    radiusKm: params.radius_km ?? null,
    minRating: params.min_rating ?? null,
    insured: params.insured ?? null,
    verified: params.verified ?? null,
    availableOn: params.available_on ?? null,
    sort: params.sort,
    limit: params.limit,
    cursor,
    locale: params.locale,
    now,
  };
  const rows = await searchRows(db, search, index);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  const keyCount = sortKeys(params.sort).length;
  const next_cursor =
    rows.length > params.limit && last
      ? encodeCursor({ sort: params.sort, values: Array.from({ length: keyCount }, (_, i) => last[`sort_${i}`] ?? null), id: last.id })
      : null;
  return { rows: page, next_cursor };
}

/** The place index a search may pick its page from (decision record 0035), and whether to wait for it. */
export interface SearchPlaceIndex {
  places: PlaceIndex;
  /** Wait until every committed change is in the index before picking (tests: read your writes). */
  sync: boolean;
}

/**
 * The statement's rows: the page chosen in the place index when it can answer, the statement
 * checking those rows again; the full statement otherwise, or when the check dropped a row.
 */
async function searchRows(db: Knex, search: ResolvedSearch, index: SearchPlaceIndex | undefined): Promise<(Row | MemoryCardRow)[]> {
  const query = index ? placeQuery(search) : null;
  if (index && query) {
    const ids = index.places.pick(query);
    if (ids) index.places.counts.picked += 1;
    if (ids && ids.length === 0) return [];
    if (ids) {
      // The whole cards from memory (decision record 0039), as the statement below would read them.
      const cards = await index.places.cardRows(query, ids, search.locale, search.now, (text, values) => plainQuery<NextFreeRow>(db, text, values));
      if (cards) {
        index.places.counts.cards += 1;
        return cards;
      }
      const rows = await runStatement(db, { ...search, onlyIds: ids });
      if (rows.length === ids.length) return rows;
      index.places.counts.rechecked += 1;
    }
  }
  return runStatement(db, search);
}

async function runStatement(db: Knex, search: ResolvedSearch): Promise<Row[]> {
  const statement = searchStatement(search);
  try {
    if (search.onlyIds) return await prepared<Row>(db, statement.sql, statement.bindings);
    return (await db.raw<{ rows: Row[] }>(statement.sql, statement.bindings)).rows;
  } catch (error) {
    if (search.cursor && isUnreadableCursorValue(error)) throw unreadableCursor();
    throw error;
  }
}

interface PgConnection {
  query<R>(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/** A statement written with $1… on a pooled connection. */
async function plainQuery<R>(db: Knex, text: string, values: unknown[]): Promise<{ rows: R[] }> {
  const client = db.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(connection: PgConnection): Promise<void> };
  const connection = await client.acquireConnection();
  try {
    return await connection.query<R>({ text, values });
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * A statement run as a named prepared statement on the pooled connection: each connection parses
 * and plans a shape once, and after five runs PostgreSQL keeps a generic plan when it is as good.
 * Only for the statement that reads the place index's ids (primary-key lookups whatever the
 * values); the full search statement is planned for its values every time.
 */
async function prepared<R>(db: Knex, sql: string, bindings: readonly Knex.RawBinding[]): Promise<R[]> {
  const text = (db.client as { positionBindings(sql: string): string }).positionBindings(sql);
  const name = `search_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  const client = db.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(connection: PgConnection): Promise<void> };
  const connection = await client.acquireConnection();
  try {
    return (await connection.query<R>({ name, text, values: bindings as unknown[] })).rows;
  } finally {
    await client.releaseConnection(connection);
  }
}

/** Onboarded providers of one category, best rated first, by offset (GET /categories/{id}/providers). */
export async function listCategoryProviders(
  db: Knex,
  category: number | string,
  params: { limit: number; offset: number; locale: Locale },
  now: Date,
  photos: PhotoAddresses,
): Promise<{ items: ProviderCard[]; total: number }> {
  const categoryId = await resolveCategory(db, category);
  if (categoryId === null) throw notFound('Category');
  const statement = searchStatement({
    term: null, termCategoryIds: [], namesTrade: false, categoryId, municipalitySlug: null, origin: null, radiusKm: null, minRating: null, insured: null,
    verified: null, availableOn: null, sort: 'rating', limit: params.limit, offset: params.offset, cursor: null, locale: params.locale, now,
  });
  const [{ rows }, counted] = await Promise.all([
    db.raw<{ rows: Row[] }>(statement.sql, statement.bindings),
    db('provider_categories as pc')
      .join('profiles as p', 'p.id', 'pc.provider_id')
      .where({ 'pc.category_id': categoryId, 'p.is_onboarded': true, 'p.is_contractor': true })
      .count<{ count: string }[]>('* as count'),
  ]);
  return { items: rows.slice(0, params.limit).map((row) => toCard(row, photos)), total: Number(counted[0]?.count ?? 0) };
}
