/**
 * The search's page choice for "a category near a point" held in memory (decision record 0035).
 *
 * provider_places (migration 0015) is copied into this process at start and kept by LISTEN: every
 * change to a provider's rows is announced at commit (migration 0026) and that provider's rows are
 * read again. A search of one category within a radius, sorted by rating, reviews, experience or
 * distance (the bulk of what visitors ask), picks its page's provider ids here in well under a
 * millisecond instead of PostgreSQL reading every candidate's row (2,000–4,000 heap pages for a
 * 40 km circle on 100,000 providers). The statement then reads only those ids and checks every
 * condition again (api/src/modules/search/query.ts), so what a card shows, its distance, the
 * order on the page and the cursor are PostgreSQL's own; if the check drops a row (a change not
 * heard yet) the full statement runs instead. Until the copy is loaded, or while the listening
 * connection is down, every search takes the full statement.
 *
 * The arithmetic is earthdistance's: ll_to_earth, earth_box and earth_distance on a sphere of
 * earth() metres, the distance rounded to metres as `round((d / 1000)::numeric, 3)` rounds it.
 */
import pg from 'pg';
import { searchLimits } from '@resuelve/contract';
import type { Cursor } from './cursor.ts';
import { coverPhotoSql, type CoverPhotoColumn } from './cover-photo.ts';
import { typoThreshold } from '../categories/service.ts';
import { isoInZone } from '../availability/service.ts';

export const placesChannel = 'resuelve_search_places';
/** earth() of the earthdistance extension, in metres. */
const earthRadius = 6378168;
/** PostgreSQL's RADIANS_PER_DEGREE (0.0174532925199432957692), the same double as pi / 180: radians() multiplies by it. */
const radiansPerDegree = Math.PI / 180;

/** `score`: relevance to a text that names the category itself (query.ts's score, computed in PostgreSQL once per provider and text). */
export type PlaceSort = 'rating' | 'reviews' | 'experience' | 'distance' | 'score';

export interface PlaceQuery {
  categoryId: number;
  origin: { lat: number; lng: number };
  meters: number;
  minRating: number | null;
  insured: boolean | null;
  verified: boolean | null;
  sort: PlaceSort;
  cursor: Cursor | null;
  /** How many ids to pick: the page and one more. */
  count: number;
  /** For `score`: the text as the index holds it, and the categories it names. */
  term?: string;
  termCategoryIds?: number[];
}

/**
 * A text's relevance scores, one number per provider in one array at the provider's slot (given
 * by the index, shared by every text), NaN where not computed yet: the hundreds of thousands of
 * scores of the categories' own words are a few objects for the garbage collector, not two each.
 * A score is numeric(…, 6) in the statement, so its text is the number with six decimals.
 */
class TermScores {
  private values = new Float64Array(0);

  constructor(private readonly slots: Map<string, number>) {}

  /** The score, or NaN when not known. */
  get(id: string): number {
    const slot = this.slots.get(id);
    return slot === undefined || slot >= this.values.length ? Number.NaN : this.values[slot]!;
  }

  has(id: string): boolean {
    return !Number.isNaN(this.get(id));
  }

  set(id: string, value: number): void {
    let slot = this.slots.get(id);
    if (slot === undefined) this.slots.set(id, (slot = this.slots.size));
    if (slot >= this.values.length) {
      const grown = new Float64Array(Math.max(slot + 1, this.values.length * 2, 1024)).fill(Number.NaN);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[slot] = value;
  }

  delete(id: string): void {
    const slot = this.slots.get(id);
    if (slot !== undefined && slot < this.values.length) this.values[slot] = Number.NaN;
  }
}

/** A score as the statement writes it (numeric(…, 6)::text), for the cursor. */
const scoreText = (score: number) => score.toFixed(6);

interface Place {
  id: string;
  x: number;
  y: number;
  z: number;
  /** rating_average as PostgreSQL writes it (numeric(3,2)): the card's and the cursor's text. */
  ratingText: string;
  rating: number;
  reviews: number;
  years: number | null;
  insured: boolean;
  verified: boolean;
}

interface Row {
  category_id: number;
  provider_id: string;
  x: number;
  y: number;
  z: number;
  rating_average: string;
  review_count: number;
  years_experience: number | null;
  insured: boolean;
  verified: boolean;
}

/** What a card shows of a provider besides the place's keys, its distance and its next free time (the search statement's columns). */
export interface CardColumns {
  id: string;
  company_name: string;
  company_description: string | null;
  completed_jobs: number;
  insured: boolean;
  verified_at: Date | null;
  municipality_slug: string | null;
  municipality_name: string | null;
  profile_picture_url: string | null;
  lat: number | null;
  lng: number | null;
  timezone: string;
  rate_cents: number | null;
  rate_unit: string | null;
  rate_from: boolean;
  cover_photo: CoverPhotoColumn | null;
  /** The provider's categories in sort order, with both languages' names. */
  categories: { slug: string; es: string; en: string }[];
}

/** One card's row as the search statement returns it (service.ts shapes both alike). */
export interface CardRow extends Omit<CardColumns, 'categories'> {
  rating_average: string;
  review_count: number;
  years_experience: number | null;
  distance_km: string | null;
  next_available: Date | null;
  categories: { slug: string; name: string }[];
  [sortValue: `sort_${number}`]: string | null;
}

/**
 * One card's row built from memory (cardRows): what changes per search beside the provider's own
 * columns (`source`, shared by every answer and never changed). service.ts shapes it into the very
 * card toCard shapes from a CardRow.
 */
export interface MemoryCardRow {
  id: string;
  source: CardColumns;
  categories: { slug: string; name: string }[];
  rating: number;
  review_count: number;
  years_experience: number | null;
  /** The distance in km as round(…, 3) writes it, as a number. */
  km: number;
  /** next_available_at as the card shows it (ISO in the provider's zone), or null. */
  next_available_at: string | null;
  [sortValue: `sort_${number}`]: string | null;
}

/** The slot length and window of a card's next free time (query.ts uses the same). */
export const nextAvailableSlotMinutes = 60;

/**
 * A provider's next free time as provider_next_available (migration 0016) answered it for a
 * moment `at`, and until when that answer holds with nothing changed: a free slot S stays the
 * first one until S itself (the walk finds the first free quarter-hour start at or after now, and
 * none was free between), no free slot in the window until the provider's next local midnight
 * (when a new day enters the window). `following` is the answer for just after `until`, computed
 * ahead so that time passing needs no statement.
 */
interface NextFree {
  at: number;
  /** The last millisecond the answer holds (inclusive). */
  until: number;
  value: Date | null;
  following?: NextFree;
  /** `value` in ISO with the offset of `isoZone`, as the card shows it (kept after the first card). */
  iso?: string;
  isoZone?: string;
}

export interface NextFreeRow {
  id: string;
  at: Date;
  value: Date | null;
  midnight: Date | null;
}

/** What provider_next_available answers for each (provider, moment), and the next local midnight when nothing is free. */
const nextFreeSql = `SELECT u.id, u.at, provider_next_available(u.id, u.at, ${nextAvailableSlotMinutes}, ${searchLimits.nextAvailableDays}) AS value,
    (((u.at AT TIME ZONE p.timezone)::date + 1)::timestamp AT TIME ZONE p.timezone) AS midnight
  FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at) JOIN providers p ON p.id = u.id`;

const cardsSql = `SELECT p.id, p.company_name, p.company_description, p.completed_jobs, p.insured, p.verified_at, p.municipality_slug,
    m.name AS municipality_name, p.profile_picture_url, p.lat, p.lng, p.timezone, p.rate_cents, p.rate_unit, p.rate_from,
    ${coverPhotoSql('p.id')} AS cover_photo,
    (SELECT coalesce(json_agg(json_build_object('slug', cat.slug, 'es', cat.name_es, 'en', cat.name_en) ORDER BY cat.sort_order), '[]'::json)
       FROM provider_categories pc JOIN categories cat ON cat.id = pc.category_id WHERE pc.provider_id = p.id) AS categories
  FROM providers p LEFT JOIN municipalities m ON m.slug = p.municipality_slug
  WHERE p.listed`;

/** query.ts's relevance score of providers to a text ($2 its LIKE pattern, $3 the text, $4 the categories it names). */
const scoreSql = `SELECT p.id, round((
    0.5 * coalesce((SELECT max(CASE WHEN c.search_text LIKE $2 THEN 1 ELSE word_similarity($3, c.search_text) END)
                    FROM categories c WHERE c.id = ANY(p.category_ids) AND c.id = ANY($4::int[])), 0)
    + 0.4 * word_similarity($3, p.search_text)
    + 0.1 * least(ts_rank(p.search_vector, plainto_tsquery('simple', $3)), 1))::numeric, 6)::text AS score
  FROM providers p WHERE p.id = ANY($1::uuid[])`;
/** Texts whose scores are kept at most. */
const maxTerms = 200;

/**
 * Each category's own word (the first word of its name in either language), as service.ts's
 * resolveNames resolves a text: the term as the index holds it and the categories it names.
 */
const ownWordsSql = `SELECT DISTINCT w.word, lower(f_unaccent(w.word)) AS term, ARRAY(
       SELECT c.id FROM categories c
       WHERE c.search_text LIKE '%' || lower(f_unaccent(replace(replace(replace(w.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_'))) || '%'
          OR word_similarity(lower(f_unaccent(w.word)), c.search_text) >= $1) AS ids
  FROM (SELECT lower(split_part(btrim(n.name), ' ', 1)) AS word
          FROM categories, LATERAL (VALUES (name_es), (name_en)) AS n(name)) AS w
  WHERE w.word <> ''`;

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Providers' next free times computed per statement when loading or rolling. */
const nextFreeChunk = 4000;
/**
 * How often time's passing is looked at, and how far ahead answers are computed: at most one
 * statement's worth each time, soonest first, so the many answers that end at the same quarter hour
 * are spread over the minutes before it instead of landing on PostgreSQL at once.
 */
const rollMs = 10_000;
const rollAheadMs = 300_000;
/** Names resolved (text, category, municipality) kept at most, until the categories or municipalities change. */
const maxNames = 5000;

const rowsSql = `SELECT category_id, provider_id, cube_ll_coord(earth, 1) AS x, cube_ll_coord(earth, 2) AS y, cube_ll_coord(earth, 3) AS z,
  rating_average::text AS rating_average, review_count, years_experience, insured, verified FROM provider_places`;

/** A category's places and their points, x y z of each in turn (PlaceIndex.inCircle). */
interface CategoryPoints {
  places: Place[];
  xyz: Float64Array;
}

/** NULLS LAST then id ascending, as orderBy() in cursor.ts writes it. */
function descendingNullsLast(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type OrderedSort = Exclude<PlaceSort, 'distance' | 'score'>;

const comparators: Record<OrderedSort, (a: Place, b: Place) => number> = {
  rating: (a, b) => b.rating - a.rating || b.reviews - a.reviews || byId(a.id, b.id),
  reviews: (a, b) => b.reviews - a.reviews || byId(a.id, b.id),
  experience: (a, b) => descendingNullsLast(a.years, b.years) || byId(a.id, b.id),
};

/** Cursor values in the forms this search writes them; anything else goes to PostgreSQL to judge. */
const numericText = /^-?\d{1,9}(\.\d{1,9})?$/;
const integerText = /^-?\d{1,9}$/;

/** The cursor as a place to compare with, or undefined when PostgreSQL should read it. */
function cursorPlace(sort: PlaceSort, cursor: Cursor): { place: Place; distance: number } | undefined {
  const [first, second] = cursor.values;
  const place: Place = { id: cursor.id, x: 0, y: 0, z: 0, ratingText: '', rating: 0, reviews: 0, years: null, insured: false, verified: false };
  const readable = (value: string | null | undefined, pattern: RegExp, nullable: boolean) =>
    value === null ? nullable : value !== undefined && pattern.test(value);
  switch (sort) {
    case 'rating':
      // Neither key can be null; a null cursor value matches no row, as in SQL.
      if (!readable(first, numericText, false) || !readable(second, integerText, false)) return undefined;
      place.rating = Number(first);
      place.reviews = Number(second);
      return { place, distance: 0 };
    case 'reviews':
      if (!readable(first, integerText, false)) return undefined;
      place.reviews = Number(first);
      return { place, distance: 0 };
    case 'experience':
      if (!readable(first, integerText, true)) return undefined;
      place.years = first === null ? null : Number(first);
      return { place, distance: 0 };
    case 'distance':
    case 'score':
      // The key compared (distance, or score) travels as `distance`.
      if (!readable(first, numericText, false)) return undefined;
      return { place, distance: Number(first) };
  }
}

/** ll_to_earth(lat, lng) as earthdistance computes it. */
export function earthPoint(lat: number, lng: number): { x: number; y: number; z: number } {
  const la = lat * radiansPerDegree;
  const lo = lng * radiansPerDegree;
  return { x: earthRadius * Math.cos(la) * Math.cos(lo), y: earthRadius * Math.cos(la) * Math.sin(lo), z: earthRadius * Math.sin(la) };
}

/** gc_to_sec: the chord of a great-circle distance. */
function chordOf(meters: number): number {
  if (meters < 0) return 0;
  if (meters / earthRadius > Math.PI) return 2 * earthRadius;
  return 2 * earthRadius * Math.sin(meters / (2 * earthRadius));
}

/** earth_box(origin, metres): the cube's bounds as earthdistance computes them (compared as cube containment compares them). */
function earthBox(origin: { x: number; y: number; z: number }, meters: number) {
  const half = chordOf(meters);
  return { minX: origin.x - half, maxX: origin.x + half, minY: origin.y - half, maxY: origin.y + half, minZ: origin.z - half, maxZ: origin.z + half };
}

/** sec_to_gc: the great-circle distance of a chord. */
function greatCircle(chord: number): number {
  if (chord < 0) return 0;
  if (chord / (2 * earthRadius) > 1) return Math.PI * earthRadius;
  return 2 * earthRadius * Math.asin(chord / (2 * earthRadius));
}

/**
 * round((metres / 1000)::numeric, 3) as a number: float8 becomes numeric through its 15
 * significant digits, then rounds half away from zero.
 */
export function roundedKm(meters: number): number {
  const km = meters / 1000;
  const milli = km * 1000;
  const fraction = milli - Math.floor(milli);
  // Only a value next to a half-metre needs the exact decimal rule.
  if (Math.abs(fraction - 0.5) > 1e-6) return Math.round(milli) / 1000;
  const text = km.toPrecision(15);
  if (text.includes('e')) return Math.round(milli) / 1000;
  const [whole, decimals = ''] = text.split('.');
  const digits = decimals.padEnd(4, '0');
  let result = Number(whole) * 1000 + Number(digits.slice(0, 3));
  if (digits[3]! >= '5') result += 1;
  return result / 1000;
}

/** The cursor's values of a card (sort_0, sort_1), as the statement writes its keys with ::text. */
function sortValues(sort: PlaceSort, row: MemoryCardRow, place: Place, km: number, score: string | undefined): void {
  switch (sort) {
    case 'rating':
      row.sort_0 = place.ratingText;
      row.sort_1 = String(place.reviews);
      return;
    case 'reviews':
      row.sort_0 = String(place.reviews);
      return;
    case 'experience':
      row.sort_0 = place.years === null ? null : String(place.years);
      return;
    case 'distance':
      row.sort_0 = km.toFixed(3);
      return;
    case 'score':
      row.sort_0 = score ?? null;
  }
}

/** A next free time as a card shows it, kept with the answer for the zone it was written in. */
function isoOf(next: NextFree, timeZone: string): string | null {
  if (!next.value) return null;
  if (next.iso === undefined || next.isoZone !== timeZone) {
    next.iso = isoInZone(next.value, timeZone);
    next.isoZone = timeZone;
  }
  return next.iso;
}

export interface PlaceIndexOptions {
  databaseUrl: string;
  /** The api's clock: next free times are computed for its moment (tests move it). */
  now?: () => Date;
  onError?: (error: unknown, where: string) => void;
  /** First wait before reconnecting after the connection broke; doubles up to 10 s. */
  reconnectMs?: number;
}

export class PlaceIndex {
  /** category id -> provider id -> place */
  private readonly categories = new Map<number, Map<string, Place>>();
  /** provider id -> the categories it is in */
  private readonly providers = new Map<string, number[]>();
  /** category id -> sort -> its places in that order (dropped when the category changes) */
  private readonly orders = new Map<number, Map<OrderedSort, Place[]>>();
  /** category id -> its places and their points side by side in one array (inCircle()), dropped when the category changes */
  private readonly points = new Map<number, CategoryPoints>();
  /** text's scores -> category id -> the scores in the category's points order (scoreColumn()) */
  private readonly scoreColumns = new WeakMap<TermScores, Map<number, { points: CategoryPoints; version: number; values: Float64Array }>>();
  /** Counts every change to a text's scores (a score computed, a provider's dropped): kept score columns are made again. */
  private scoresVersion = 0;
  /** provider id -> what its card shows (listed providers) */
  private readonly cards = new Map<string, CardColumns>();
  /** provider id -> its categories as a card shows them, per language (shared by every answer, never changed) */
  private readonly categoryNames = new Map<string, Record<'es' | 'en', { slug: string; name: string }[]>>();
  /** The categories of a card (their slugs and both names, as JSON) -> those lists: one pair for all providers of the same categories. */
  private readonly namesOfCategories = new Map<string, Record<'es' | 'en', { slug: string; name: string }[]>>();
  /** provider id -> its next free time and how long that holds */
  private readonly nextFree = new Map<string, NextFree>();
  /** provider id -> changes heard: a next free time computed before the last change is not kept */
  private readonly versions = new Map<string, number>();
  /** names a search resolved (text, category, municipality), until the categories or municipalities change */
  private readonly names = new Map<string, Promise<unknown>>();
  /** text -> provider id -> relevance score (numeric text and its value), computed in PostgreSQL when first needed */
  private readonly termScores = new Map<string, TermScores>();
  /** provider id -> its place in every text's scores (TermScores) */
  private readonly scoreSlots = new Map<string, number>();
  private namesChanged = false;
  /** The own words' scores being computed (warmScores). */
  private warming: Promise<void> | null = null;
  private rollTimer: NodeJS.Timeout | null = null;
  private rolling: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private running = false;
  private loaded = false;
  private readonly pendingIds = new Set<string>();
  private pendingBarriers: string[] = [];
  private readonly barrierWaiters = new Map<string, () => void>();
  private draining: Promise<void> | null = null;
  private barriers = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs: number;
  private starting: Promise<void> | null = null;
  /** Searches whose page was chosen here, and those whose check dropped a row (then run in full). */
  readonly counts = { picked: 0, rechecked: 0, cards: 0, nextFreeComputed: 0, scoresComputed: 0 };

  constructor(private readonly options: PlaceIndexOptions) {
    this.retryMs = options.reconnectMs ?? 500;
  }

  /** Whether searches may pick their page here. */
  get ready(): boolean {
    return this.loaded;
  }

  get size(): number {
    let rows = 0;
    for (const places of this.categories.values()) rows += places.size;
    return rows;
  }

  /** Connects, listens, then loads every row; resolves once loaded (or failed, retrying behind). */
  start(): Promise<void> {
    this.running = true;
    this.starting = this.connect();
    return this.starting;
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.rollTimer) clearInterval(this.rollTimer);
    this.rollTimer = null;
    this.names.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.loaded = false;
    const client = this.client;
    this.client = null;
    for (const resolve of this.barrierWaiters.values()) resolve();
    this.barrierWaiters.clear();
    await client?.end().catch(() => undefined);
    // Nothing held after stopping: a process that starts another server does not carry this one's copy.
    this.forgetCopy();
    this.versions.clear();
    this.scoreSlots.clear();
  }

  /** Drops the copy of the tables (places, cards, next free times, scores) before a load or after a stop. */
  private forgetCopy(): void {
    this.categories.clear();
    this.providers.clear();
    this.orders.clear();
    this.points.clear();
    this.cards.clear();
    this.categoryNames.clear();
    this.namesOfCategories.clear();
    this.nextFree.clear();
    this.termScores.clear();
  }

  /**
   * Waits until every change committed before this call is in the index (a notice sent now comes
   * back after every notice of earlier commits). Tests call it through SEARCH_INDEX_SYNC so that
   * a search right after a write sees it; when the index is down it returns at once.
   */
  async sync(): Promise<void> {
    await this.starting;
    const client = this.client;
    if (!client || !this.loaded) return;
    const token = `barrier:${++this.barriers}`;
    const heard = new Promise<void>((resolve) => this.barrierWaiters.set(token, resolve));
    try {
      await client.query('SELECT pg_notify($1, $2)', [placesChannel, token]);
    } catch {
      this.barrierWaiters.delete(token);
      return;
    }
    await heard;
  }

  /** The ids of the next `count` places of the query, in its order; undefined if PostgreSQL must answer. */
  pick(query: PlaceQuery): string[] | undefined {
    if (!this.loaded) return undefined;
    const after = query.cursor ? cursorPlace(query.sort, query.cursor) : null;
    if (after === undefined) return undefined;
    const places = this.categories.get(query.categoryId);
    if (!places) return [];
    const origin = earthPoint(query.origin.lat, query.origin.lng);
    const { minX, maxX, minY, maxY, minZ, maxZ } = earthBox(origin, query.meters);
    const distanceOf = (p: Place): number | null => {
      // earth_box(origin, metres) @> earth, then earth_distance(origin, earth) <= metres.
      if (p.x < minX || p.x > maxX || p.y < minY || p.y > maxY || p.z < minZ || p.z > maxZ) return null;
      const dx = origin.x - p.x;
      const dy = origin.y - p.y;
      const dz = origin.z - p.z;
      const meters = greatCircle(Math.sqrt(dx * dx + dy * dy + dz * dz));
      return meters <= query.meters ? meters : null;
    };
    const passes = (p: Place) =>
      (query.minRating === null || p.rating >= query.minRating) &&
      (query.insured === null || p.insured === query.insured) &&
      (query.verified === null || p.verified === query.verified);

    if (query.sort === 'score') {
      // Relevance to the text, then id: every candidate's score is known (prepareScores).
      const scores = query.term !== undefined ? this.termScores.get(query.term) : undefined;
      if (!scores) return undefined;
      // The first `count` by (score descending, id) after the cursor, kept in a small sorted list.
      const best: { id: string; score: number }[] = [];
      const before = (score: number, id: string, b: { id: string; score: number }) => score > b.score || (score === b.score && id < b.id);
      const points = this.pointsOf(query.categoryId, places);
      const column = this.scoreColumn(points, query.categoryId, scores);
      const filtered = query.minRating !== null || query.insured !== null || query.verified !== null;
      for (const i of this.inCircle(points, origin, query.meters).at) {
        const score = column[i]!;
        // Not known yet: prepareScores computes it, then the page is picked again.
        if (Number.isNaN(score)) {
          if (!filtered || passes(points.places[i]!)) return undefined;
          continue;
        }
        // Lower than the last kept (or equal with a later id): not on this page, whatever its filters.
        if (best.length === query.count && score < best[best.length - 1]!.score) continue;
        const p = points.places[i]!;
        if (filtered && !passes(p)) continue;
        if (after && (score > after.distance || (score === after.distance && p.id <= after.place.id))) continue;
        if (best.length === query.count && !before(score, p.id, best[best.length - 1]!)) continue;
        let k = best.length;
        while (k > 0 && before(score, p.id, best[k - 1]!)) k -= 1;
        best.splice(k, 0, { id: p.id, score });
        if (best.length > query.count) best.pop();
      }
      return best.map((entry) => entry.id);
    }

    if (query.sort === 'distance') {
      // The nearest `count` after the cursor, by (rounded distance, id): a small sorted list.
      const best: { id: string; km: number }[] = [];
      const before = (a: { id: string; km: number }, b: { id: string; km: number }) => a.km < b.km || (a.km === b.km && a.id < b.id);
      const start = after ? { id: after.place.id, km: after.distance } : null;
      const points = this.pointsOf(query.categoryId, places);
      const near = this.inCircle(points, origin, query.meters);
      for (let n = 0; n < near.at.length; n += 1) {
        const meters = near.meters[n]!;
        // Farther than the farthest kept by more than rounding can bridge: not on this page.
        if (best.length === query.count && meters / 1000 > best[best.length - 1]!.km + 0.001) continue;
        const p = points.places[near.at[n]!]!;
        if (!passes(p)) continue;
        const entry = { id: p.id, km: roundedKm(meters) };
        if (start && !before(start, entry)) continue;
        if (best.length === query.count && !before(entry, best[best.length - 1]!)) continue;
        let i = best.length;
        while (i > 0 && before(entry, best[i - 1]!)) i -= 1;
        best.splice(i, 0, entry);
        if (best.length > query.count) best.pop();
      }
      return best.map((entry) => entry.id);
    }

    const compare = comparators[query.sort as OrderedSort];
    const ordered = this.ordered(query.categoryId, query.sort as OrderedSort, places, compare);
    // The first place after the cursor: the order is the cursor's, so a binary search finds it.
    let lo = 0;
    if (after) {
      let hi = ordered.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(ordered[mid]!, after.place) <= 0) lo = mid + 1;
        else hi = mid;
      }
    }
    const ids: string[] = [];
    for (let i = lo; i < ordered.length && ids.length < query.count; i += 1) {
      const p = ordered[i]!;
      if (passes(p) && distanceOf(p) !== null) ids.push(p.id);
    }
    return ids;
  }

  /**
   * The names of a search (text, category, municipality) as `resolve` resolves them in PostgreSQL,
   * resolved once while the index listens: they read only the categories and municipalities, and
   * any change to those tables empties this (migration 20261126_0031).
   */
  resolveNames<T>(key: string, resolve: () => Promise<T>): Promise<T> {
    if (!this.loaded) return resolve();
    let names = this.names.get(key) as Promise<T> | undefined;
    if (!names) {
      if (this.names.size >= maxNames) this.names.clear();
      names = resolve();
      this.names.set(key, names);
      names.catch(() => this.names.delete(key));
    }
    return names;
  }

  /**
   * The rows of the cards `ids` (as pick() chose them for `query`) as the search statement would
   * return them, from memory; undefined when a card is not here (PostgreSQL answers then). Next
   * free times that do not hold at `now` (the clock moved past them) are computed with `run`.
   */
  async cardRows(
    query: PlaceQuery,
    ids: string[],
    locale: 'es' | 'en',
    now: Date,
    run: (text: string, values: unknown[]) => Promise<{ rows: NextFreeRow[] }>,
  ): Promise<MemoryCardRow[] | undefined> {
    if (!this.loaded) return undefined;
    const places = this.categories.get(query.categoryId);
    const origin = earthPoint(query.origin.lat, query.origin.lng);
    const at = now.getTime();
    const rows: MemoryCardRow[] = [];
    let missing: string[] | undefined;
    const scores = query.sort === 'score' && query.term !== undefined ? this.termScores.get(query.term) : undefined;
    for (const id of ids) {
      const place = places?.get(id);
      const card = this.cards.get(id);
      if (!place || !card) return undefined;
      const dx = origin.x - place.x;
      const dy = origin.y - place.y;
      const dz = origin.z - place.z;
      const km = roundedKm(greatCircle(Math.sqrt(dx * dx + dy * dy + dz * dz)));
      const next = this.nextFreeAt(id, at);
      if (!next) (missing ??= []).push(id);
      const row: MemoryCardRow = {
        id,
        source: card,
        categories: this.categoryNames.get(id)![locale],
        rating: place.rating,
        review_count: place.reviews,
        years_experience: place.years,
        km,
        next_available_at: next ? isoOf(next, card.timezone) : null,
      };
      const score = scores?.get(id);
      sortValues(query.sort, row, place, km, score === undefined || Number.isNaN(score) ? undefined : scoreText(score));
      rows.push(row);
    }
    if (missing) {
      await this.computeNextFree(missing.map((id) => ({ id, at })), run);
      for (const row of rows) {
        if (!missing.includes(row.id)) continue;
        const next = this.nextFreeAt(row.id, at);
        if (!next) return undefined;
        row.next_available_at = isoOf(next, row.source.timezone);
      }
    }
    return rows;
  }

  /**
   * Before pick() orders by `score`: the relevance of every candidate of the query (in the circle,
   * through the filters) to its text that is not known yet, computed in PostgreSQL with the search
   * statement's own expression (query.ts). A provider's scores are dropped when it changes, all of
   * them when the categories change (the text's categories and their words are in the score).
   */
  async prepareScores(query: PlaceQuery, run: (text: string, values: unknown[]) => Promise<{ rows: { id: string; score: string }[] }>): Promise<void> {
    if (!this.loaded || query.sort !== 'score' || query.term === undefined) return;
    const term = query.term;
    let scores = this.termScores.get(term);
    if (!scores) {
      if (this.termScores.size >= maxTerms) this.termScores.delete(this.termScores.keys().next().value!);
      this.termScores.set(term, (scores = new TermScores(this.scoreSlots)));
    }
    const places = this.categories.get(query.categoryId);
    if (!places) return;
    const origin = earthPoint(query.origin.lat, query.origin.lng);
    const half = chordOf(query.meters);
    const missing: string[] = [];
    for (const p of places.values()) {
      if (Math.abs(p.x - origin.x) > half || Math.abs(p.y - origin.y) > half || Math.abs(p.z - origin.z) > half) continue;
      if (!scores.has(p.id)) missing.push(p.id);
    }
    await this.computeScores(term, scores, missing, query.termCategoryIds ?? [], run);
  }

  /** The scores of `ids` to `term` (naming `termCategoryIds`), kept unless the provider or the categories changed meanwhile. */
  private async computeScores(
    term: string,
    scores: TermScores,
    ids: string[],
    termCategoryIds: number[],
    run: (text: string, values: unknown[]) => Promise<{ rows: { id: string; score: string }[] }>,
  ): Promise<void> {
    for (let start = 0; start < ids.length; start += nextFreeChunk) {
      const chunk = ids.slice(start, start + nextFreeChunk);
      const versions = chunk.map((id) => this.versions.get(id) ?? 0);
      const { rows } = await run(scoreSql, [chunk, likePattern(term), term, `{${termCategoryIds.map((id) => Math.trunc(id)).join(',')}}`]);
      this.counts.scoresComputed += rows.length;
      const byId = new Map(rows.map((row) => [row.id, row.score]));
      chunk.forEach((id, i) => {
        const score = byId.get(id);
        if (score !== undefined && (this.versions.get(id) ?? 0) === versions[i] && this.termScores.get(term) === scores) {
          scores.set(id, Number(score));
          this.scoresVersion += 1;
        }
      });
    }
  }

  /**
   * Resolves once every category's own word has its providers' relevance scores (computed in the
   * background after the load, and again after the categories change); searches ranked by such a
   * word then run no statement. Other texts still have their scores computed on first use.
   */
  async scoresReady(): Promise<void> {
    await this.starting;
    while (this.warming) await this.warming;
  }

  /** Computes the scores of each category's own word for the providers of the categories it names. */
  private warmScores(client: pg.Client): void {
    if (this.warming) return;
    const run = async () => {
      const { rows: words } = await client.query<{ term: string; ids: number[] }>(ownWordsSql, [typoThreshold]);
      const seen = new Set<string>();
      for (const { term, ids: categoryIds } of words) {
        if (seen.has(term) || !categoryIds.length || client !== this.client || !this.loaded) continue;
        seen.add(term);
        let scores = this.termScores.get(term);
        if (!scores) {
          if (this.termScores.size >= maxTerms) continue;
          this.termScores.set(term, (scores = new TermScores(this.scoreSlots)));
        }
        const missing = new Set<string>();
        for (const categoryId of categoryIds) for (const id of this.categories.get(categoryId)?.keys() ?? []) if (!scores.has(id)) missing.add(id);
        await this.computeScores(term, scores, [...missing], categoryIds, (text, values) => client.query(text, values));
      }
    };
    this.warming = run()
      .catch((error) => this.options.onError?.(error, 'scores'))
      .finally(() => {
        this.warming = null;
      });
  }

  /** The next free time that holds at `at`, moving on to the one computed ahead once time passed. */
  private nextFreeAt(id: string, at: number): NextFree | undefined {
    const first = this.nextFree.get(id);
    let entry = first;
    while (entry && at > entry.until && entry.following) entry = entry.following;
    if (!entry || at < entry.at || at > entry.until) return undefined;
    if (entry !== first) this.nextFree.set(id, entry);
    return entry;
  }

  /**
   * provider_next_available for each (provider, moment), kept for the moment's provider unless a
   * change to that provider was heard meanwhile. A moment just after a kept answer's end becomes
   * that answer's `following`; any other replaces what is kept.
   */
  private async computeNextFree(
    pairs: { id: string; at: number }[],
    run: (text: string, values: unknown[]) => Promise<{ rows: NextFreeRow[] }>,
  ): Promise<void> {
    for (let start = 0; start < pairs.length; start += nextFreeChunk) {
      const chunk = pairs.slice(start, start + nextFreeChunk);
      const versions = chunk.map(({ id }) => this.versions.get(id) ?? 0);
      const { rows } = await run(nextFreeSql, [chunk.map((p) => p.id), chunk.map((p) => new Date(p.at).toISOString())]);
      this.counts.nextFreeComputed += rows.length;
      const byId = new Map(rows.map((row) => [row.id, row]));
      chunk.forEach(({ id, at }, i) => {
        const row = byId.get(id);
        if (!row || (this.versions.get(id) ?? 0) !== versions[i] || !this.cards.has(id)) return;
        const value = row.value;
        const until = value ? value.getTime() : row.midnight ? row.midnight.getTime() - 1 : at;
        const answer: NextFree = { at, until, value };
        const kept = this.nextFree.get(id);
        let last = kept;
        while (last?.following) last = last.following;
        if (last && last.until + 1 === at) last.following = answer;
        else this.nextFree.set(id, answer);
      });
    }
  }

  /** Computes ahead the next free times that will stop holding soon (time passing needs no statement at search time). */
  private roll(): void {
    const client = this.client;
    if (!this.loaded || !client || this.rolling) return;
    const pairs = this.dueToRoll();
    if (!pairs.length) return;
    pairs.sort((a, b) => a.at - b.at);
    // More due than one statement computes (after a start, or a quarter hour that most providers'
    // answers end at): the next statement follows at once rather than at the next tick.
    const more = pairs.length > nextFreeChunk;
    pairs.length = Math.min(pairs.length, nextFreeChunk);
    this.rolling = this.computeNextFree(pairs, (text, values) => client.query<NextFreeRow>(text, values))
      .catch((error) => this.options.onError?.(error, 'roll'))
      .finally(() => {
        this.rolling = null;
        if (more) setImmediate(() => this.roll());
      });
  }

  /** The next free times that stop holding within rollAheadMs with nothing computed to follow them (moving on to those that follow first). */
  private dueToRoll(): { id: string; at: number }[] {
    const now = this.now().getTime();
    const pairs: { id: string; at: number }[] = [];
    for (const [id, first] of this.nextFree) {
      let entry = first;
      while (entry.following && now > entry.until) entry = entry.following;
      if (entry !== first) this.nextFree.set(id, entry);
      if (!entry.following && entry.until < now + rollAheadMs) pairs.push({ id, at: entry.until + 1 });
    }
    return pairs;
  }

  /**
   * Resolves once every next free time that ends within the roll's look-ahead has the one that
   * follows computed (as in a server that has been running): the bench waits for it before it
   * measures, as it waits for the load and the scores.
   */
  async rolledAhead(): Promise<void> {
    await this.scoresReady();
    const giveUpAt = Date.now() + 5 * 60_000;
    while (this.loaded && this.running && Date.now() < giveUpAt) {
      if (!this.rolling && this.dueToRoll().length === 0) return;
      this.roll();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private setCard(card: CardColumns): void {
    this.cards.set(card.id, card);
    // Providers of the same categories share one pair of lists (never changed; new names make new lists).
    const key = JSON.stringify(card.categories);
    let names = this.namesOfCategories.get(key);
    if (!names) {
      names = {
        es: card.categories.map((c) => ({ slug: c.slug, name: c.es })),
        en: card.categories.map((c) => ({ slug: c.slug, name: c.en })),
      };
      this.namesOfCategories.set(key, names);
    }
    this.categoryNames.set(card.id, names);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The category's places and their points side by side (inCircle()), made on first use after a change. */
  private pointsOf(categoryId: number, places: Map<string, Place>): CategoryPoints {
    let points = this.points.get(categoryId);
    if (!points) {
      const list = [...places.values()];
      const xyz = new Float64Array(list.length * 3);
      list.forEach((place, i) => {
        xyz[i * 3] = place.x;
        xyz[i * 3 + 1] = place.y;
        xyz[i * 3 + 2] = place.z;
      });
      this.points.set(categoryId, (points = { places: list, xyz }));
    }
    return points;
  }

  /**
   * Which of the category's places (their positions in `points`) are within `meters` of `origin`
   * (earth_box, then earth_distance), with their distances. The points are read from one array of
   * numbers rather than from each place's object spread over the heap: a category's thousands of
   * points are checked in a few microseconds.
   */
  private inCircle(points: CategoryPoints, origin: { x: number; y: number; z: number }, meters: number): { at: number[]; meters: number[] } {
    const { minX, maxX, minY, maxY, minZ, maxZ } = earthBox(origin, meters);
    const found: { at: number[]; meters: number[] } = { at: [], meters: [] };
    const { xyz } = points;
    for (let i = 0, j = 0; j < xyz.length; i += 1, j += 3) {
      const x = xyz[j]!;
      const y = xyz[j + 1]!;
      const z = xyz[j + 2]!;
      if (x < minX || x > maxX || y < minY || y > maxY || z < minZ || z > maxZ) continue;
      const dx = origin.x - x;
      const dy = origin.y - y;
      const dz = origin.z - z;
      const distance = greatCircle(Math.sqrt(dx * dx + dy * dy + dz * dz));
      if (distance > meters) continue;
      found.at.push(i);
      found.meters.push(distance);
    }
    return found;
  }

  /** The scores of the category's places (in `points` order; NaN where not known yet) to a text, kept until its scores change. */
  private scoreColumn(points: CategoryPoints, categoryId: number, scores: TermScores): Float64Array {
    let byCategory = this.scoreColumns.get(scores);
    if (!byCategory) this.scoreColumns.set(scores, (byCategory = new Map()));
    const kept = byCategory.get(categoryId);
    if (kept && kept.points === points && kept.version === this.scoresVersion) return kept.values;
    const values = new Float64Array(points.places.length);
    points.places.forEach((place, i) => {
      values[i] = scores.get(place.id);
    });
    byCategory.set(categoryId, { points, version: this.scoresVersion, values });
    return values;
  }

  private ordered(categoryId: number, sort: OrderedSort, places: Map<string, Place>, compare: (a: Place, b: Place) => number): Place[] {
    let bySort = this.orders.get(categoryId);
    if (!bySort) this.orders.set(categoryId, (bySort = new Map()));
    let list = bySort.get(sort);
    if (!list) bySort.set(sort, (list = [...places.values()].sort(compare)));
    return list;
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'resuelve-search-index' });
    client.on('error', (error) => this.broken(client, error, 'connection'));
    client.on('end', () => this.broken(client, new Error('the connection ended'), 'connection'));
    client.on('notification', (message) => {
      if (client !== this.client || !message.payload) return;
      if (message.payload.startsWith('barrier:')) this.pendingBarriers.push(message.payload);
      else if (message.payload === 'names') {
        this.names.clear();
        this.termScores.clear();
        this.namesChanged = true;
      }
      else this.pendingIds.add(message.payload);
      if (this.loaded) void this.drain();
    });
    try {
      await client.connect();
      // Stopped while connecting: nothing may keep this connection open.
      if (!this.running) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      await client.query(`LISTEN ${placesChannel}`);
      // Listening first: a change committed during the load is heard and read again after it.
      const { rows } = await client.query<Row>(rowsSql);
      const { rows: cards } = await client.query<CardColumns>(cardsSql);
      if (client !== this.client || !this.running) return;
      this.forgetCopy();
      this.namesChanged = false;
      for (const row of rows) this.add(row);
      for (const card of cards) this.setCard(card);
      const at = this.now().getTime();
      await this.computeNextFree([...this.cards.keys()].map((id) => ({ id, at })), (text, values) => client.query<NextFreeRow>(text, values));
      if (client !== this.client || !this.running) return;
      this.loaded = true;
      if (!this.rollTimer) {
        this.rollTimer = setInterval(() => this.roll(), rollMs);
        this.rollTimer.unref();
      }
      this.retryMs = this.options.reconnectMs ?? 500;
      this.warmScores(client);
      await this.drain();
    } catch (error) {
      this.broken(client, error, 'load');
    }
  }

  private broken(client: pg.Client, error: unknown, where: string): void {
    if (client !== this.client && this.client !== null) return;
    if (this.client === client) this.client = null;
    this.loaded = false;
    this.names.clear();
    this.termScores.clear();
    for (const resolve of this.barrierWaiters.values()) resolve();
    this.barrierWaiters.clear();
    this.pendingBarriers = [];
    if (!this.running) return;
    this.options.onError?.(error, where);
    void client.end().catch(() => undefined);
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.starting = this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
  }

  /** Reads again the providers heard of, then releases the barriers heard after them. */
  private drain(): Promise<void> {
    if (this.draining) return this.draining;
    const run = async () => {
      // Never synchronously: `draining` is set before the loop may end.
      await Promise.resolve();
      try {
        while (this.client && (this.pendingIds.size || this.pendingBarriers.length || this.namesChanged)) {
          const client = this.client;
          const ids = [...this.pendingIds];
          const barriers = this.pendingBarriers;
          const namesChanged = this.namesChanged;
          this.pendingIds.clear();
          this.pendingBarriers = [];
          this.namesChanged = false;
          if (namesChanged) {
            this.termScores.clear();
            this.namesOfCategories.clear();
            // Every card shows category and municipality names: read them all again.
            const { rows: cards } = await client.query<CardColumns>(cardsSql);
            for (const card of cards) if (this.cards.has(card.id)) this.setCard(card);
            if (this.warming) void this.warming.then(() => this.client === client && this.warmScores(client));
            else this.warmScores(client);
          }
          if (ids.length) {
            for (const id of ids) this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
            const { rows } = await client.query<Row>(`${rowsSql} WHERE provider_id = ANY($1::uuid[])`, [ids]);
            const { rows: cards } = await client.query<CardColumns>(`${cardsSql} AND p.id = ANY($1::uuid[])`, [ids]);
            for (const scores of this.termScores.values()) for (const id of ids) scores.delete(id);
            this.scoresVersion += 1;
            for (const id of ids) {
              this.remove(id);
              this.cards.delete(id);
              this.categoryNames.delete(id);
              this.nextFree.delete(id);
            }
            for (const row of rows) this.add(row);
            for (const card of cards) this.setCard(card);
            const at = this.now().getTime();
            await this.computeNextFree(cards.map((card) => ({ id: card.id, at })), (text, values) => client.query<NextFreeRow>(text, values));
          }
          for (const token of barriers) {
            this.barrierWaiters.get(token)?.();
            this.barrierWaiters.delete(token);
          }
        }
      } catch (error) {
        if (this.client) this.broken(this.client, error, 'refresh');
      } finally {
        this.draining = null;
      }
    };
    this.draining = run();
    return this.draining;
  }

  private add(row: Row): void {
    let places = this.categories.get(row.category_id);
    if (!places) this.categories.set(row.category_id, (places = new Map()));
    places.set(row.provider_id, {
      id: row.provider_id,
      x: row.x,
      y: row.y,
      z: row.z,
      ratingText: row.rating_average,
      rating: Number(row.rating_average),
      reviews: row.review_count,
      years: row.years_experience,
      insured: row.insured,
      verified: row.verified,
    });
    const categories = this.providers.get(row.provider_id);
    if (categories) categories.push(row.category_id);
    else this.providers.set(row.provider_id, [row.category_id]);
    this.orders.delete(row.category_id);
    this.points.delete(row.category_id);
  }

  private remove(providerId: string): void {
    for (const categoryId of this.providers.get(providerId) ?? []) {
      this.categories.get(categoryId)?.delete(providerId);
      this.orders.delete(categoryId);
      this.points.delete(categoryId);
    }
    this.providers.delete(providerId);
  }
}
