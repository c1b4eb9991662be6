/**
 * Loyalty as a client and a provider read it (decision record 0025): the balance, the tier by the
 * points of the last 12 months and the ledger; the provider's reward offer; and, on a job, the
 * client's tier and whether the provider's reward applies.
 */
import type { Knex } from 'knex';
import {
  loyaltyRules,
  nextTier,
  tierFor,
  tierReaches,
  type JobLoyalty,
  type LoyaltyEntry,
  type LoyaltyReward,
  type LoyaltySummary,
  type LoyaltyTier,
} from '@resuelve/contract';
import type { Caller } from '../../context.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../lib/keyset.ts';
import type { LedgerPage } from './schemas.ts';

/** The start of the tier's window: `tierWindowMonths` before `now`. */
export function tierWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - loyaltyRules.tierWindowMonths);
  return start;
}

interface Standing {
  points: number;
  tier_points: number;
  tier: LoyaltyTier;
}

/** The balance and the tier of one client at `now` (a removal in the window can bring it under 0: it counts as 0). */
export async function standingOf(db: Knex, clientId: string, now: Date): Promise<Standing> {
  const row = (await db('loyalty_ledger')
    .where({ client_id: clientId })
    .where('created_at', '<=', now)
    .first(
      db.raw('coalesce(sum(points), 0)::int AS points'),
      db.raw('greatest(coalesce(sum(points) FILTER (WHERE created_at > ?), 0), 0)::int AS tier_points', [tierWindowStart(now)]),
    )) as { points: number; tier_points: number };
  return { points: row.points, tier_points: row.tier_points, tier: tierFor(row.tier_points) };
}

interface EntryRow {
  id: string;
  reason: LoyaltyEntry['reason'];
  points: number;
  job_id: string | null;
  job_title: string | null;
  created_at: Date;
}

/** GET /loyalty/me: the caller's balance, tier, progress and a page of the ledger, newest first. */
export async function loyaltySummary(db: Knex, caller: Caller, now: Date, page: LedgerPage): Promise<LoyaltySummary> {
  const standing = await standingOf(db, caller.userId, now);
  const query = db('loyalty_ledger as l')
    .leftJoin('jobs as j', 'j.id', 'l.job_id')
    .where('l.client_id', caller.userId)
    .where('l.created_at', '<=', now)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit + 1)
    .select('l.id', 'l.reason', 'l.points', 'l.job_id', 'j.title as job_title', 'l.created_at');
  if (page.cursor) {
    const after = decodeTimeCursor(page.cursor);
    query.whereRaw('(l.created_at, l.id) < (?, ?)', [after.at, after.id]);
  }
  const rows = (await query) as EntryRow[];
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const next = nextTier(standing.tier);
  return {
    ...standing,
    next_tier: next,
    points_to_next_tier: next ? loyaltyRules.tierThresholds[next] - standing.tier_points : null,
    ledger: {
      items: items.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
      next_cursor: rows.length > page.limit && last ? encodeTimeCursor({ at: last.created_at.toISOString(), id: last.id }) : null,
    },
  };
}

/** The reward a provider offers, or null. */
export async function rewardOf(db: Knex, providerId: string): Promise<LoyaltyReward | null> {
  const row = (await db('provider_rewards').where({ provider_id: providerId }).first('percent_off', 'min_tier')) as LoyaltyReward | undefined;
  return row ?? null;
}

async function requireProvider(db: Knex, caller: Caller): Promise<void> {
  const own = await db('providers as pr').join('profiles as p', 'p.id', 'pr.id').where({ 'pr.id': caller.userId, 'p.is_contractor': true }).first('pr.id');
  if (!own) throw forbidden();
}

/** GET /providers/me/reward. */
export async function myReward(db: Knex, caller: Caller): Promise<{ reward: LoyaltyReward | null }> {
  await requireProvider(db, caller);
  return { reward: await rewardOf(db, caller.userId) };
}

/** PUT /providers/me/reward: sets (or replaces) the provider's one offer. */
export async function setReward(db: Knex, caller: Caller, reward: LoyaltyReward, now: Date): Promise<{ reward: LoyaltyReward }> {
  await requireProvider(db, caller);
  await db('provider_rewards')
    .insert({ provider_id: caller.userId, percent_off: reward.percent_off, min_tier: reward.min_tier, updated_at: now })
    .onConflict('provider_id')
    .merge();
  return { reward: { percent_off: reward.percent_off, min_tier: reward.min_tier } };
}

/** DELETE /providers/me/reward: no offer any more. */
export async function removeReward(db: Knex, caller: Caller): Promise<void> {
  await requireProvider(db, caller);
  await db('provider_rewards').where({ provider_id: caller.userId }).delete();
}

/** GET /loyalty/jobs/{id}: for the job's two parties only (404 job_not_found for anyone else, as the job itself). */
export async function jobLoyalty(db: Knex, jobId: string, caller: Caller, now: Date): Promise<JobLoyalty> {
  const job = (await db('jobs').where({ id: jobId }).first('client_id', 'provider_id')) as { client_id: string; provider_id: string } | undefined;
  if (!job || (job.client_id !== caller.userId && job.provider_id !== caller.userId && !caller.isAdmin)) {
    throw new AppError('job_not_found', 'Job not found');
  }
  const [standing, reward] = await Promise.all([standingOf(db, job.client_id, now), rewardOf(db, job.provider_id)]);
  return { client_tier: standing.tier, reward, reward_applies: reward !== null && tierReaches(standing.tier, reward.min_tier) };
}

/** GET /loyalty/rewards?provider_ids=…: the rewards of these providers (the listed ones that offer one), for cards and profiles. */
export async function rewardsOf(db: Knex, providerIds: string[]): Promise<{ items: (LoyaltyReward & { provider_id: string })[] }> {
  const items = (await db('provider_rewards as r')
    .join('providers as p', 'p.id', 'r.provider_id')
    .whereIn('r.provider_id', providerIds)
    .where('p.listed', true)
    .orderBy('r.provider_id')
    .select('r.provider_id', 'r.percent_off', 'r.min_tier')) as (LoyaltyReward & { provider_id: string })[];
  return { items };
}
