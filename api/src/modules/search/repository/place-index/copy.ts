/**
 * The index's copy of provider_places and of what a card shows (listed providers), kept by
 * load.ts: rows added and dropped per provider, and what is derived from them (each category's
 * orders and points) dropped with the category it came from.
 */
import { coverPhotoSql, type CoverPhotoColumn } from '../cover-photo.ts';
import { providerRankColumns, staticQualitySql } from '../rank.ts';

/** Rows computed per statement when loading or rolling (next free times, scores). */
export const statementChunk = 4000;

export interface Place {
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
  /** The provider's quality for relevance without its distance (contract staticQuality, computed by PostgreSQL as the statement does). */
  quality: number;
}

export interface PlaceRow {
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
  quality: number;
}

/** What a card shows of a provider besides the place's keys, its distance and its next free time (the search statement's columns). */
export interface CardColumns {
  id: string;
  company_name: string;
  company_description: string | null;
  completed_jobs: number;
  insured: boolean;
  verified_at: Date | null;
  /** Null below the minimum of cases (the api writes it so). */
  response_median_minutes: number | null;
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

export const cardsSql = `SELECT p.id, p.company_name, p.company_description, p.completed_jobs, p.insured, p.verified_at, p.response_median_minutes, p.municipality_slug,
    m.name AS municipality_name, p.profile_picture_url, p.lat, p.lng, p.timezone, p.rate_cents, p.rate_unit, p.rate_from,
    ${coverPhotoSql('p.id')} AS cover_photo,
    (SELECT coalesce(json_agg(json_build_object('slug', cat.slug, 'es', cat.name_es, 'en', cat.name_en) ORDER BY cat.sort_order), '[]'::json)
       FROM provider_categories pc JOIN categories cat ON cat.id = pc.category_id WHERE pc.provider_id = p.id) AS categories
  FROM providers p LEFT JOIN municipalities m ON m.slug = p.municipality_slug
  WHERE p.listed`;

/** Each place and its provider's quality for relevance (double precision: the very double the statement computes). */
export const rowsSql = `SELECT pp.category_id, pp.provider_id, cube_ll_coord(pp.earth, 1) AS x, cube_ll_coord(pp.earth, 2) AS y, cube_ll_coord(pp.earth, 3) AS z,
  pp.rating_average::text AS rating_average, pp.review_count, pp.years_experience, pp.insured, pp.verified,
  ${staticQualitySql(providerRankColumns('p'))} AS quality
  FROM provider_places pp JOIN providers p ON p.id = pp.provider_id`;

/** A category's places and their points, x y z of each in turn (geometry.ts's inCircle). */
export interface CategoryPoints {
  places: Place[];
  xyz: Float64Array;
}

type CategoryNames = Record<'es' | 'en', { slug: string; name: string }[]>;

export class PlaceCopy {
  /** category id -> provider id -> place */
  readonly categories = new Map<number, Map<string, Place>>();
  /** provider id -> the categories it is in */
  private readonly providers = new Map<string, number[]>();
  /** category id -> sort -> its places in that order (dropped when the category changes) */
  private readonly orders = new Map<number, Map<string, Place[]>>();
  /** category id -> its places and their points side by side in one array (inCircle()), dropped when the category changes */
  private readonly points = new Map<number, CategoryPoints>();
  /** provider id -> what its card shows (listed providers) */
  readonly cards = new Map<string, CardColumns>();
  /** provider id -> its categories as a card shows them, per language (shared by every answer, never changed) */
  readonly categoryNames = new Map<string, CategoryNames>();
  /** The categories of a card (their slugs and both names, as JSON) -> those lists: one pair for all providers of the same categories. */
  private readonly namesOfCategories = new Map<string, CategoryNames>();
  /** provider id -> changes heard: a next free time or score computed before the last change is not kept */
  readonly versions = new Map<string, number>();
  /** names a search resolved (text, category, municipality), until the categories or municipalities change */
  readonly names = new Map<string, Promise<unknown>>();
  /** Searches whose page was chosen here, and those whose check dropped a row (then run in full). */
  readonly counts = { picked: 0, rechecked: 0, cards: 0, nextFreeComputed: 0 };

  get size(): number {
    let rows = 0;
    for (const places of this.categories.values()) rows += places.size;
    return rows;
  }

  version(id: string): number {
    return this.versions.get(id) ?? 0;
  }

  /** A change to these providers was heard: what was computed for them before is not kept. */
  changed(ids: string[]): void {
    for (const id of ids) this.versions.set(id, this.version(id) + 1);
  }

  /** Drops the places and cards (before a load or after a stop). */
  forget(): void {
    this.categories.clear();
    this.providers.clear();
    this.orders.clear();
    this.points.clear();
    this.cards.clear();
    this.categoryNames.clear();
    this.namesOfCategories.clear();
  }

  /** Every card's category names are read again (the categories changed). */
  forgetCategoryNames(): void {
    this.namesOfCategories.clear();
  }

  add(row: PlaceRow): void {
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
      quality: row.quality,
    });
    const categories = this.providers.get(row.provider_id);
    if (categories) categories.push(row.category_id);
    else this.providers.set(row.provider_id, [row.category_id]);
    this.orders.delete(row.category_id);
    this.points.delete(row.category_id);
  }

  /** Drops a provider's places and card (to be read again). */
  remove(providerId: string): void {
    for (const categoryId of this.providers.get(providerId) ?? []) {
      this.categories.get(categoryId)?.delete(providerId);
      this.orders.delete(categoryId);
      this.points.delete(categoryId);
    }
    this.providers.delete(providerId);
    this.cards.delete(providerId);
    this.categoryNames.delete(providerId);
  }

  setCard(card: CardColumns): void {
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

  /** The category's places and their points side by side (inCircle()), made on first use after a change. */
  pointsOf(categoryId: number, places: Map<string, Place>): CategoryPoints {
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

  /** The category's places in the order of `compare` (named `sort`), made on first use after a change. */
  ordered(categoryId: number, sort: string, places: Map<string, Place>, compare: (a: Place, b: Place) => number): Place[] {
    let bySort = this.orders.get(categoryId);
    if (!bySort) this.orders.set(categoryId, (bySort = new Map()));
    let list = bySort.get(sort);
    if (!list) bySort.set(sort, (list = [...places.values()].sort(compare)));
    return list;
  }
}
