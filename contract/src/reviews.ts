/**
 * Reviews (SPEC.md §2 Review dialog, §3, §7 "Reviews"): a client rates a provider after each
 * completed job with them, once per job (then updates or deletes it); the provider answers each review
 * once, publicly, and may edit the answer. The api's joi and the ui's dialog read these limits.
 */

export const reviewLimits = {
  ratingMin: 1,
  ratingMax: 5,
  commentMaxLength: 2000,
  replyMaxLength: 2000,
  pageSizeDefault: 10,
  pageSizeMax: 50,
} as const;

/** The five ratings in order, 1 to 5 (SPEC.md §2): Poor, Fair, Good, Very Good, Excellent. */
export const ratingLabels = ['poor', 'fair', 'good', 'very_good', 'excellent'] as const;
export type RatingLabel = (typeof ratingLabels)[number];

export const ratings = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof ratings)[number];

/** The label key of a rating (1 → poor … 5 → excellent). */
export function ratingLabel(rating: number): RatingLabel {
  return ratingLabels[Math.min(Math.max(Math.round(rating), 1), 5) - 1]!;
}

/** The provider's public answer to a review. */
export interface ReviewReply {
  text: string;
  created_at: string;
  updated_at: string;
}

/** One review; text fields are as typed (the ui escapes them when it renders them). */
export interface Review {
  id: string;
  /** The completed job reviewed (null only for a review whose job was deleted). */
  job_id: string | null;
  provider_id: string;
  client_id: string;
  rating: number;
  comment: string;
  reply: ReviewReply | null;
  /** The reviewer as "María R." (never the full name). */
  client_name: string | null;
  /** The provider's company name. */
  provider_name: string;
  created_at: string;
  updated_at: string;
}

export interface ReviewPage {
  items: Review[];
  next_cursor: string | null;
}

/** How many reviews gave each rating, "1" to "5". */
export type RatingDistribution = Record<`${Rating}`, number>;

/** `GET /providers/{id}/reviews`: a page, and the provider's counts per rating. */
export interface ProviderReviewPage extends ReviewPage {
  distribution: RatingDistribution;
  rating_average: number;
  review_count: number;
}

/** `POST /providers/{id}/reviews` and `PATCH /reviews/{id}`. */
export interface ReviewInput {
  rating: number;
  comment?: string;
  /**
   * POST only: the caller's completed job with the provider that is reviewed. Without it, their
   * newest completed job with the provider that has no review yet.
   */
  job_id?: string;
}

/**
 * `GET /reviews/prompt`: the client's newest completed job whose review prompt was not shown yet
 * and that has no review (null when there is none). SPEC.md §3's flag is the
 * job's; `PATCH /jobs/{id}/review-prompt-shown` sets it.
 */
export interface ReviewPrompt {
  job_id: string;
  job_title: string;
  provider_id: string;
  provider_name: string;
}
