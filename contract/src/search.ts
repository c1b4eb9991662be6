import type { ProviderRate } from './rates.ts';

/** Finding providers (DESIGN.md §6–§7): the sorts, page sizes and reasons both the api and the ui use. */

/** Orders of GET /providers; relevance without a search text falls back to rating. */
export const providerSorts = ['relevance', 'rating', 'distance', 'reviews', 'experience', 'soonest'] as const;
export type ProviderSort = (typeof providerSorts)[number];

export const searchLimits = {
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** Longest search text; longer text is refused, not cut. */
  queryMaxLength: 100,
  /** Largest radius around a point or a municipality's centre, in kilometres (the island is ~180 km long). */
  radiusKmMax: 300,
  /** How many days ahead "next available" and "soonest" look. */
  nextAvailableDays: 14,
  /** Reviews shown on a profile before "more". */
  profileReviews: 5,
} as const;

/** Why a day has no free slot (GET /providers/{id}/availability); null when it simply has none left. */
export const unavailableReasons = ['closed_weekday', 'blocked_date', 'fully_booked'] as const;
export type UnavailableReason = (typeof unavailableReasons)[number];

/** One free start of a provider for the asked duration, ISO 8601 with the provider's offset. */
export interface FreeSlot {
  start: string;
  end: string;
}

/** `GET /providers/{id}/availability` (and `/providers/me/availability`): one day's free slots. */
export interface DayAvailability {
  date: string;
  /** Minutes asked for. */
  duration: number;
  timezone: string;
  slots: FreeSlot[];
  reason: UnavailableReason | null;
}

/** A slug and its name in the requested language (a category, a municipality). */
export interface PlaceRef {
  slug: string;
  name: string;
}

/** One result card of `GET /providers`: public, the same for every visitor, so it may be cached. */
export interface ProviderCard {
  id: string;
  company_name: string;
  categories: PlaceRef[];
  rating_average: number;
  review_count: number;
  completed_jobs: number;
  years_experience: number | null;
  insured: boolean;
  verified: boolean;
  /** Only when a point or area was given. */
  distance_km: number | null;
  next_available_at: string | null;
  municipality: PlaceRef | null;
  /** The business's own point (its map pin), when it has one. */
  location: { lat: number; lng: number } | null;
  profile_picture_url: string | null;
  description: string | null;
  /** The rate the provider states (decision 0028), or null. */
  rate: ProviderRate | null;
  /** A photo of their work from the portfolio, or null while it is empty. */
  cover_photo: CoverPhoto | null;
}

/**
 * A portfolio photo standing for a provider's work: `url` is a card-sized WebP; `src` and `widths`
 * name every stored width (`${src}-${width}.webp` / `.jpg`) for a srcset.
 */
export interface CoverPhoto {
  url: string;
  src: string;
  widths: number[];
  placeholder: string;
}
