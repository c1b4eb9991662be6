/**
 * Loyalty rewards (issue 13, decision record 0025): clients earn points into an append-only ledger
 * keyed by what earned them, so nothing counts twice; their tier is set by the points of the last
 * 12 months. A provider may offer a reward (a percent off) to clients of a tier and above. The api,
 * its tests and the ui read these figures from here.
 */

export const loyaltyTiers = ['bronze', 'silver', 'gold'] as const;
export type LoyaltyTier = (typeof loyaltyTiers)[number];

/** Why points moved: the ledger's reasons. A removed review takes back what its review gave. */
export const loyaltyReasons = ['job_completed', 'first_booking', 'review', 'review_removed'] as const;
export type LoyaltyReason = (typeof loyaltyReasons)[number];

export const loyaltyRules = {
  /** Points for each completed job, for a review, and once for the first completed booking. */
  pointsPerCompletedJob: 100,
  pointsPerReview: 50,
  firstBookingBonus: 200,
  /** The tier counts the points earned in this many months back from now. */
  tierWindowMonths: 12,
  /** Points of the window from which each tier starts (bronze is everyone's). */
  tierThresholds: { bronze: 0, silver: 500, gold: 1500 } as Record<LoyaltyTier, number>,
  ledgerPageDefault: 10,
  ledgerPageMax: 50,
  /** A provider's reward: whole percent off, within these bounds. */
  rewardPercentMin: 1,
  rewardPercentMax: 50,
} as const;

/** The tier of these window points. */
export function tierFor(windowPoints: number): LoyaltyTier {
  let tier: LoyaltyTier = 'bronze';
  for (const candidate of loyaltyTiers) if (windowPoints >= loyaltyRules.tierThresholds[candidate]) tier = candidate;
  return tier;
}

/** The tier after this one, or null at the top. */
export function nextTier(tier: LoyaltyTier): LoyaltyTier | null {
  return loyaltyTiers[loyaltyTiers.indexOf(tier) + 1] ?? null;
}

/** Whether a client of `tier` gets a reward offered to `minTier` and above. */
export function tierReaches(tier: LoyaltyTier, minTier: LoyaltyTier): boolean {
  return loyaltyTiers.indexOf(tier) >= loyaltyTiers.indexOf(minTier);
}

export interface LoyaltyEntry {
  id: string;
  reason: LoyaltyReason;
  points: number;
  /** The job that earned it (its title as the client saw it), when one did. */
  job_id: string | null;
  job_title: string | null;
  created_at: string;
}

/** `GET /loyalty/me`. */
export interface LoyaltySummary {
  /** The balance: every entry ever, reversals included. */
  points: number;
  /** The points of the last 12 months, which set the tier. */
  tier_points: number;
  tier: LoyaltyTier;
  next_tier: LoyaltyTier | null;
  points_to_next_tier: number | null;
  ledger: { items: LoyaltyEntry[]; next_cursor: string | null };
}

/** A provider's reward for loyal clients: `percent_off` to clients of `min_tier` and above. */
export interface LoyaltyReward {
  percent_off: number;
  min_tier: LoyaltyTier;
}

/** `GET /loyalty/jobs/{id}`: the client's tier as the job's parties see it, and the reward if it applies. */
export interface JobLoyalty {
  client_tier: LoyaltyTier;
  reward: LoyaltyReward | null;
  reward_applies: boolean;
}
