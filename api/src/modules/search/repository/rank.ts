/**
 * The relevance order's key (contract ranking.ts, decision record 0054) written in SQL: the same
 * operations in the same order as staticQuality() and rankKey(), on double precision, so the
 * statement and the search index (place-index/pages.ts) compute the very same whole number and a
 * page's cursor reads alike in both.
 */
import { ranking, responseTimes } from '@resuelve/contract';

/** A number as a double precision literal (the shortest text that reads back as the same double). */
const f = (value: number) => `${String(value)}::float8`;

/** The columns (SQL expressions) the quality is computed from. */
export interface RankColumns {
  /** numeric average stars */
  rating: string;
  /** integer number of reviews */
  reviews: string;
  /** integer median business minutes, or null */
  responseMinutes: string;
  /** integer cases behind the median */
  responseCases: string;
  /** boolean: a price is shown (the card's rate) */
  priced: string;
  /** boolean */
  verified: string;
}

/** staticQuality() in SQL. */
export function staticQualitySql(c: RankColumns): string {
  const { weights: w, prior } = ranking;
  const rating = `(${c.rating})::float8`;
  const reviews = `(${c.reviews})::float8`;
  const response = `(CASE WHEN (${c.responseCases}) >= ${responseTimes.minimumCases} AND (${c.responseMinutes}) IS NOT NULL
      THEN ${f(ranking.responseHalfMinutes)} / (${f(ranking.responseHalfMinutes)} + greatest(0, ${c.responseMinutes})::float8)
      ELSE ${f(ranking.responseUnknown)} END)`;
  return `(${f(w.rating)} * ((((${f(prior.reviews)} * ${f(prior.rating)} + ${reviews} * ${rating}) / (${f(prior.reviews)} + ${reviews})) - ${f(1)}) / ${f(4)})
    + ${f(w.reviews)} * (${reviews} / (${reviews} + ${f(ranking.reviewsHalf)}))
    + ${f(w.response)} * ${response}
    + ${f(w.price)} * (CASE WHEN ${c.priced} THEN ${f(1)} ELSE ${f(0)} END)
    + ${f(w.verified)} * (CASE WHEN ${c.verified} THEN ${f(1)} ELSE ${f(0)} END))`;
}

/** The quality's columns of providers `p` (every search reads the rating of the provider itself). */
export const providerRankColumns = (p: string): RankColumns => ({
  rating: `${p}.rating_average`,
  reviews: `${p}.review_count`,
  responseMinutes: `${p}.response_median_minutes`,
  responseCases: `${p}.response_cases`,
  priced: `(${p}.rate_cents IS NOT NULL AND ${p}.rate_unit IS NOT NULL)`,
  verified: `(${p}.verified_at IS NOT NULL)`,
});

/** rankKey() in SQL: `group` and `quality` double precision expressions, `km` a numeric distance or NULL. */
export function rankKeySql(group: string, quality: string, km: string): string {
  const distance = `coalesce(${f(ranking.weights.distance)} * (${f(ranking.distanceHalfKm)} / (${f(ranking.distanceHalfKm)} + (${km})::float8)), ${f(0)})`;
  return `floor(((${group}) + (${quality}) + ${distance}) * ${f(ranking.scale)})::int`;
}

/** A provider's relevance in a search without a text (every provider in group 1) and without a place: its key, as the search orders by (descending, then id ascending). */
export const plainRelevanceSql = (p: string): string => rankKeySql('1::float8', staticQualitySql(providerRankColumns(p)), 'NULL');
