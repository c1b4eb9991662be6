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
