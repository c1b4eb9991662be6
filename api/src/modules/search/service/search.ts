/**
 * Finding providers (DESIGN.md §7): resolves the names a person typed (category slug or id,
 * municipality slug or name, the search text as the index holds it), runs the one search
 * statement, and shapes the cards. Only onboarded providers are ever listed.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locale, ProviderCard, ProviderSort } from '@resuelve/contract';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Storage } from '../../../lib/storage.ts';
import { rateOf, type RateColumns } from '../../providers/index.ts';
import { toCoverPhoto, type CoverPhotoColumn } from '../repository/cover-photo.ts';
import { isoInZone } from '../../availability/index.ts';
import { typoThreshold } from '../../categories/index.ts';
import { decodeCursor, encodeCursor, isUnreadableCursorValue, unreadableCursor } from '../../../lib/keyset.ts';
import { placeQuery, searchStatement, sortKeys, type Point, type ResolvedSearch } from '../repository/query.ts';
import type { CardColumns, CardRow, MemoryCardRow, NextFreeRow, PlaceIndex } from '../repository/place-index/index.ts';

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

/** A card's row: the search statement's columns, or the same built from the search index (repository/place-index/). */
interface Row extends RateColumns, Omit<CardRow, keyof RateColumns | 'cover_photo'> {
  cover_photo: CoverPhotoColumn | null;
}

const snippetLength = 160;
const invalid = (field: string, code: string) => new AppError('validation_failed', `${field} is not usable here`, { details: { [field]: code } });

/** A description cut at a word near 160 characters, for a card. */
export function snippet(text: string | null): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= snippetLength) return flat;
  const cut = flat.slice(0, snippetLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > snippetLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

async function resolveCategory(db: Knex, category: number | string): Promise<number | null> {
  const row = await db('categories').where(typeof category === 'number' ? { id: category } : { slug: category }).first('id');
  return (row as { id: number } | undefined)?.id ?? null;
}

/** The text as the indexes hold it (PostgreSQL's own f_unaccent) and the categories it names. */
export async function resolveText(db: Knex, q: string): Promise<{ term: string | null; categoryIds: number[] }> {
  const text = q.trim();
  if (!text) return { term: null, categoryIds: [] };
  const { rows } = await db.raw<{ rows: { term: string; ids: number[] }[] }>(
    `SELECT s.term, ARRAY(
       SELECT c.id FROM categories c
       WHERE c.search_text LIKE '%' || lower(f_unaccent(?)) || '%'
          OR word_similarity(s.term, c.search_text) >= ?) AS ids
     FROM (SELECT lower(f_unaccent(?)) AS term) AS s`,
    // unaccent and lower leave \\ % _ alone, so escaping them before is escaping them after.
    [text.replace(/[\\%_]/g, (c) => `\\${c}`), typoThreshold, text],
  );
  return { term: rows[0]!.term, categoryIds: rows[0]!.ids };
}

/**
 * The text, the category and the municipality resolved in one statement (one round trip instead of
 * up to three), each exactly as resolveText, resolveCategory and resolveMunicipality resolve it.
 */
async function resolveNames(
  db: Knex,
  params: Pick<SearchParams, 'q' | 'category' | 'municipality'>,
): Promise<{ term: string | null; categoryIds: number[]; categoryId: number | null; municipality: (Point & { slug: string }) | null }> {
  const text = params.q.trim();
  const columns: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (text) {
    columns.push(`(SELECT lower(f_unaccent(?))) AS term`, `ARRAY(
       SELECT c.id FROM categories c
       WHERE c.search_text LIKE '%' || lower(f_unaccent(?)) || '%'
          OR word_similarity(lower(f_unaccent(?)), c.search_text) >= ?) AS ids`);
    bindings.push(text, text.replace(/[\\%_]/g, (c) => `\\${c}`), text, typoThreshold);
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
  if (!columns.length) return { term: null, categoryIds: [], categoryId: null, municipality: null };
  const { rows } = await db.raw<{ rows: { term?: string; ids?: number[]; category_id?: number | null; municipality?: (Point & { slug: string }) | null }[] }>(
    `SELECT ${columns.join(', ')}`,
    bindings,
  );
  const row = rows[0]!;
  return { term: row.term ?? null, categoryIds: row.ids ?? [], categoryId: row.category_id ?? null, municipality: row.municipality ?? null };
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

/** Where stored photos are served from: cards name their cover photo by address. */
export type PhotoAddresses = Pick<Storage, 'url'>;

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
  const { term, categoryIds: termCategoryIds, categoryId, municipality } = index
    ? await index.places.resolveNames(JSON.stringify([names.q, typeof names.category, names.category ?? null, names.municipality ?? null]), () => resolveNames(db, params))
    : await resolveNames(db, params);
  const cursor = params.cursor ? decodeCursor(params.cursor, params.sort, sortKeys(params.sort, term !== null).length) : null;
  if (params.category !== undefined && categoryId === null) return empty;
  if (params.municipality && !municipality) return empty;

  const origin = point ?? (municipality ? { lat: municipality.lat, lng: municipality.lng } : null);
  if (params.radius_km !== undefined && !origin) throw invalid('radius_km', 'not_allowed');
  if (params.sort === 'distance' && !origin) throw invalid('sort', 'not_allowed');

  const search: ResolvedSearch = {
    term,
    termCategoryIds,
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
  const keyCount = sortKeys(params.sort, term !== null).length;
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
    let ids = index.places.pick(query);
    // Ranked by a text: a candidate's score not known yet is computed first, then the page picked again.
    if (!ids && query.sort === 'score') {
      await index.places.prepareScores(query, (text, values) => plainQuery<{ id: string; score: string }>(db, text, values));
      ids = index.places.pick(query);
    }
    if (ids) index.places.counts.picked += 1;
    if (ids && ids.length === 0) return [];
    if (ids) {
      // The whole cards from memory (decision record 0039), as the statement below would read them.
      const cards = await index.places.cardRows(query, ids, search.locale, search.now, (text, values) => plainQuery<NextFreeRow>(db, text, values));
      if (cards) {
        index.places.counts.cards += 1;
        return cards;
      }
      // The statement by ids has no score: ranked by a text, the full statement answers.
      if (query.sort === 'score') return runStatement(db, search);
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
    term: null, termCategoryIds: [], categoryId, municipalitySlug: null, origin: null, radiusKm: null, minRating: null, insured: null,
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

/** What a card shows that depends only on the provider's own columns: shaped once per card of the index and address book. */
type OwnFields = Pick<
  ProviderCard,
  'id' | 'company_name' | 'completed_jobs' | 'insured' | 'verified' | 'municipality' | 'location' | 'profile_picture_url' | 'description' | 'rate' | 'cover_photo'
>;
/** photos -> the index's card (replaced, never changed, when the provider changes) -> its own fields. */
const ownFieldsKept = new WeakMap<PhotoAddresses, WeakMap<CardColumns, OwnFields>>();

function ownFields(card: CardColumns, photos: PhotoAddresses): OwnFields {
  let byCard = ownFieldsKept.get(photos);
  if (!byCard) ownFieldsKept.set(photos, (byCard = new WeakMap()));
  let own = byCard.get(card);
  if (!own) {
    own = {
      id: card.id,
      company_name: card.company_name,
      completed_jobs: card.completed_jobs,
      insured: card.insured,
      verified: card.verified_at !== null,
      municipality: card.municipality_slug && card.municipality_name ? { slug: card.municipality_slug, name: card.municipality_name } : null,
      location: card.lat !== null && card.lng !== null ? { lat: card.lat, lng: card.lng } : null,
      profile_picture_url: card.profile_picture_url,
      description: snippet(card.company_description),
      // The same columns the statement reads (rate_unit is checked by the table's constraint).
      rate: rateOf(card as unknown as RateColumns),
      cover_photo: toCoverPhoto(photos, card.cover_photo),
    };
    byCard.set(card, own);
  }
  return own;
}

/**
 * A card's JSON in four fragments around what changes per search, written once per card of the
 * index (and address book): the text of toCard's card, key for key, without building it.
 */
interface CardJson {
  /** `{"id":…,"company_name":…,"categories":` */
  start: string;
  /** `,"completed_jobs":…` */
  jobs: string;
  /** `,"insured":…,"verified":…` */
  badges: string;
  /** `,"municipality":…,"cover_photo":…}` */
  end: string;
}
const cardJsonKept = new WeakMap<OwnFields, CardJson>();
/** A provider's categories in one language (the index's array, never changed) -> their JSON. */
const categoriesJsonKept = new WeakMap<object, string>();

function cardJson(own: OwnFields): CardJson {
  let json = cardJsonKept.get(own);
  if (!json) {
    const { municipality, location, profile_picture_url, description, rate, cover_photo } = own;
    json = {
      start: `{"id":${JSON.stringify(own.id)},"company_name":${JSON.stringify(own.company_name)},"categories":`,
      jobs: `,"completed_jobs":${JSON.stringify(own.completed_jobs)}`,
      badges: `,"insured":${JSON.stringify(own.insured)},"verified":${JSON.stringify(own.verified)}`,
      end: `,${JSON.stringify({ municipality, location, profile_picture_url, description, rate, cover_photo }).slice(1)}`,
    };
    cardJsonKept.set(own, json);
  }
  return json;
}

/** A card from memory (decision records 0039, 0041) as JSON.stringify writes toCard's card: the same keys, in the same order. */
function memoryCardJson(row: MemoryCardRow, photos: PhotoAddresses): string {
  const json = cardJson(ownFields(row.source, photos));
  let categories = categoriesJsonKept.get(row.categories);
  if (categories === undefined) categoriesJsonKept.set(row.categories, (categories = JSON.stringify(row.categories)));
  return (
    `${json.start}${categories},"rating_average":${JSON.stringify(row.rating)},"review_count":${JSON.stringify(row.review_count)}` +
    `${json.jobs},"years_experience":${JSON.stringify(row.years_experience)}${json.badges}` +
    `,"distance_km":${JSON.stringify(Math.round(row.km * 10) / 10)},"next_available_at":${JSON.stringify(row.next_available_at)}${json.end}`
  );
}

function toCard(row: Row, photos: PhotoAddresses): ProviderCard {
  return {
    id: row.id,
    company_name: row.company_name,
    categories: row.categories,
    rating_average: Number(row.rating_average),
    review_count: row.review_count,
    completed_jobs: row.completed_jobs,
    years_experience: row.years_experience,
    insured: row.insured,
    verified: row.verified_at !== null,
    distance_km: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 10) / 10,
    next_available_at: row.next_available ? isoInZone(row.next_available, row.timezone) : null,
    municipality: row.municipality_slug && row.municipality_name ? { slug: row.municipality_slug, name: row.municipality_name } : null,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    profile_picture_url: row.profile_picture_url,
    description: snippet(row.company_description),
    rate: rateOf(row),
    cover_photo: toCoverPhoto(photos, row.cover_photo),
  };
}
