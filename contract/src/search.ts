import type { ProviderRate } from './rates.ts';

/** Finding providers (DESIGN.md §6–§7): the sorts, page sizes and reasons both the api and the ui use. */

/** Orders of GET /providers; relevance is the documented order below (`ranking`). */
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
  /**
   * How soon the provider usually first answers: the median in business minutes over 90 days
   * (contract response-times.ts), null until they have enough answered cases.
   */
  response_minutes: number | null;
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

/**
 * How results are ordered by relevance (issue 30, decision record 0054): the inputs, their
 * weights and the arithmetic, in one place. The api computes the same number in PostgreSQL (the
 * search statement) and in memory (the search index), and the public page "Cómo ordenamos los
 * resultados" states these very figures.
 *
 * A text that names a trade ("plomero", "limpieza", "fot") keeps the results to that trade: the
 * providers of the trade come first; others appear only when their own words contain the text,
 * and always after every provider of the trade. Within each group, the order is the quality below
 * (0 to 1), the same rule for everyone: no one pays to move up.
 */
export const ranking = {
  /** Weights of the inputs; they add up to 1. */
  weights: {
    /** The average rating, pulled towards `prior.rating` while there are few reviews. */
    rating: 0.45,
    /** How many reviews: 20 reviews count half of the most (reviews / (reviews + 20)). */
    reviews: 0.15,
    /** How soon they usually answer: two hours count half; no figure yet counts as two hours. */
    response: 0.15,
    /** How near: 10 km count half (10 / (10 + km)); without a place to measure from, nothing. */
    distance: 0.15,
    /** A price shown on the profile. */
    price: 0.05,
    /** Documents checked by our team (the verified badge). */
    verified: 0.05,
  },
  /**
   * The rating's prior (a Bayesian average): every provider starts as if they had `reviews` reviews
   * of `rating` stars, so one 5-star review does not outrank forty reviews averaging 4.9.
   */
  prior: { rating: 4, reviews: 3 },
  /** reviews / (reviews + reviewsHalf) */
  reviewsHalf: 20,
  /** responseHalfMinutes / (responseHalfMinutes + median business minutes) */
  responseHalfMinutes: 120,
  /** What a provider without a response-time figure scores (that of two hours). */
  responseUnknown: 0.5,
  /** distanceHalfKm / (distanceHalfKm + km) */
  distanceHalfKm: 10,
  /** The order's key is floor(score × scale): whole numbers, identical in PostgreSQL and in memory. */
  scale: 1_000_000,
} as const;

/** The inputs of a provider's quality that do not depend on the search. */
export interface RankInputs {
  /** Average stars, 0 without reviews. */
  rating: number;
  reviews: number;
  /** Median business minutes to a first answer, null while not shown (fewer than responseTimes.minimumCases). */
  responseMinutes: number | null;
  /** A price shown on the profile. */
  priced: boolean;
  verified: boolean;
}

/** Stars pulled towards the prior while there are few reviews. */
export function priorRating(rating: number, reviews: number): number {
  const { prior } = ranking;
  return (prior.reviews * prior.rating + reviews * rating) / (prior.reviews + reviews);
}

/**
 * The part of a provider's quality that does not depend on where the search is made (0 to 0.85).
 * Every operation is written in this order in the search statement too (api
 * modules/search/repository/rank.ts), so both give the same double, bit for bit.
 */
export function staticQuality(p: RankInputs): number {
  const { weights: w } = ranking;
  const response = p.responseMinutes === null ? ranking.responseUnknown : ranking.responseHalfMinutes / (ranking.responseHalfMinutes + Math.max(0, p.responseMinutes));
  return (
    w.rating * ((priorRating(p.rating, p.reviews) - 1) / 4) +
    w.reviews * (p.reviews / (p.reviews + ranking.reviewsHalf)) +
    w.response * response +
    w.price * (p.priced ? 1 : 0) +
    w.verified * (p.verified ? 1 : 0)
  );
}

/** The distance's part of the quality; nothing without a distance. */
export function distanceQuality(km: number | null): number {
  return km === null ? 0 : ranking.weights.distance * (ranking.distanceHalfKm / (ranking.distanceHalfKm + km));
}

/**
 * The order's key of a provider: its group (1: of the trade the text names, or any provider when
 * there is no text; 0: only its own words match) plus its quality, as a whole number.
 */
export function rankKey(group: number, quality: number, km: number | null): number {
  return Math.floor((group + quality + distanceQuality(km)) * ranking.scale);
}
