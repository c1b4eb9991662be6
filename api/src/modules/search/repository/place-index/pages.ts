/**
 * A page's choice from the copy: the ids of the next places of a query after its cursor, in the
 * order PostgreSQL would give them (sort key, then id), and their cards' rows as the search
 * statement would return them. query.ts's statement then reads and checks those ids again.
 */
import type { Cursor } from '../../../../lib/keyset.ts';
import type { CardColumns, Place, PlaceCopy } from './copy.ts';
import { earthBox, earthDistance, earthPoint, inCircle, roundedKm } from './geometry.ts';
import { isoOf, type NextFreeTimes, type RunNextFree } from './next-free.ts';
import { rankKey, ranking } from '@resuelve/contract';

/** `rank`: relevance (contract ranking.ts), without a text or with one that names the category's trade. */
export type PlaceSort = 'rating' | 'reviews' | 'experience' | 'distance' | 'rank';

/** What a search of one category near a point asks. */
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
}

/** One card's row as the search statement returns it (service/search.ts shapes both alike). */
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
 * columns (`source`, shared by every answer and never changed). service/search.ts shapes it into the very
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

/** NULLS LAST then id ascending, as orderBy() in lib/keyset.ts writes it. */
function descendingNullsLast(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type OrderedSort = Exclude<PlaceSort, 'distance' | 'rank'>;

/** Relevance's walk: quality descending, then id. */
const byQuality = (a: Place, b: Place) => b.quality - a.quality || byId(a.id, b.id);

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
  const place: Place = { id: cursor.id, x: 0, y: 0, z: 0, ratingText: '', rating: 0, reviews: 0, years: null, insured: false, verified: false, quality: 0 };
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
      // The key compared (distance, or rank) travels as `distance`.
      if (!readable(first, numericText, false)) return undefined;
      return { place, distance: Number(first) };
    case 'rank':
      if (!readable(first, integerText, false)) return undefined;
      return { place, distance: Number(first) };
  }
}

/** The cursor's values of a card (sort_0, sort_1), as the statement writes its keys with ::text. */
function sortValues(sort: PlaceSort, row: MemoryCardRow, place: Place, km: number): void {
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
    case 'rank':
      row.sort_0 = String(rankKey(1, place.quality, km));
  }
}

/** The ids of the next `count` places of the query, in its order; undefined if PostgreSQL must answer. */
export function pickPage(copy: PlaceCopy, query: PlaceQuery): string[] | undefined {
  const after = query.cursor ? cursorPlace(query.sort, query.cursor) : null;
  if (after === undefined) return undefined;
  const places = copy.categories.get(query.categoryId);
  if (!places) return [];
  const origin = earthPoint(query.origin.lat, query.origin.lng);
  const { minX, maxX, minY, maxY, minZ, maxZ } = earthBox(origin, query.meters);
  const distanceOf = (p: Place): number | null => {
    // earth_box(origin, metres) @> earth, then earth_distance(origin, earth) <= metres.
    if (p.x < minX || p.x > maxX || p.y < minY || p.y > maxY || p.z < minZ || p.z > maxZ) return null;
    const meters = earthDistance(origin, p);
    return meters <= query.meters ? meters : null;
  };
  const passes = (p: Place) =>
    (query.minRating === null || p.rating >= query.minRating) &&
    (query.insured === null || p.insured === query.insured) &&
    (query.verified === null || p.verified === query.verified);

  if (query.sort === 'rank') {
    // Relevance (contract ranking.ts): every candidate is of the trade, so its key is its quality
    // and distance. The category's places in quality order: once a place's quality plus the most a
    // distance adds (at 0 km) cannot reach the last kept key, no place after it can either.
    const best: { id: string; key: number }[] = [];
    const before = (key: number, id: string, b: { id: string; key: number }) => key > b.key || (key === b.key && id < b.id);
    const ordered = copy.ordered(query.categoryId, 'rank', places, byQuality);
    const nearest = ranking.weights.distance;
    for (const p of ordered) {
      if (best.length === query.count && Math.floor((1 + p.quality + nearest) * ranking.scale) < best[best.length - 1]!.key) break;
      const meters = distanceOf(p);
      if (meters === null || !passes(p)) continue;
      const key = rankKey(1, p.quality, roundedKm(meters));
      if (after && (key > after.distance || (key === after.distance && p.id <= after.place.id))) continue;
      if (best.length === query.count && !before(key, p.id, best[best.length - 1]!)) continue;
      let k = best.length;
      while (k > 0 && before(key, p.id, best[k - 1]!)) k -= 1;
      best.splice(k, 0, { id: p.id, key });
      if (best.length > query.count) best.pop();
    }
    return best.map((entry) => entry.id);
  }

  if (query.sort === 'distance') {
    // The nearest `count` after the cursor, by (rounded distance, id): a small sorted list.
    const best: { id: string; km: number }[] = [];
    const before = (a: { id: string; km: number }, b: { id: string; km: number }) => a.km < b.km || (a.km === b.km && a.id < b.id);
    const start = after ? { id: after.place.id, km: after.distance } : null;
    const points = copy.pointsOf(query.categoryId, places);
    const near = inCircle(points.xyz, origin, query.meters);
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

  const compare = comparators[query.sort];
  const ordered = copy.ordered(query.categoryId, query.sort, places, compare);
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
 * The rows of the cards `ids` (as pickPage() chose them for `query`) as the search statement
 * would return them, from memory; undefined when a card is not here (PostgreSQL answers then).
 * Next free times that do not hold at `now` (the clock moved past them) are computed with `run`.
 */
export async function pageCardRows(
  stores: { copy: PlaceCopy; nextFree: NextFreeTimes },
  query: PlaceQuery,
  ids: string[],
  locale: 'es' | 'en',
  now: Date,
  run: RunNextFree,
): Promise<MemoryCardRow[] | undefined> {
  const { copy, nextFree } = stores;
  const places = copy.categories.get(query.categoryId);
  const origin = earthPoint(query.origin.lat, query.origin.lng);
  const at = now.getTime();
  const rows: MemoryCardRow[] = [];
  let missing: string[] | undefined;
  for (const id of ids) {
    const place = places?.get(id);
    const card = copy.cards.get(id);
    if (!place || !card) return undefined;
    const km = roundedKm(earthDistance(origin, place));
    const next = nextFree.at(id, at);
    if (!next) (missing ??= []).push(id);
    const row: MemoryCardRow = {
      id,
      source: card,
      categories: copy.categoryNames.get(id)![locale],
      rating: place.rating,
      review_count: place.reviews,
      years_experience: place.years,
      km,
      next_available_at: next ? isoOf(next, card.timezone) : null,
    };
    sortValues(query.sort, row, place, km);
    rows.push(row);
  }
  if (missing) {
    await nextFree.compute(missing.map((id) => ({ id, at })), run);
    for (const row of rows) {
      if (!missing.includes(row.id)) continue;
      const next = nextFree.at(row.id, at);
      if (!next) return undefined;
      row.next_available_at = isoOf(next, row.source.timezone);
    }
  }
  return rows;
}
