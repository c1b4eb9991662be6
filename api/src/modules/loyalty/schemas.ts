/** joi for loyalty, from contract's rules. */
import Joi from 'joi';
import { loyaltyReasons, loyaltyRules, loyaltyTiers, type LoyaltyReward } from '@resuelve/contract';

const tier = Joi.string().valid(...loyaltyTiers);
const isoDate = Joi.string().isoDate();

/** A page of the ledger: how many entries, after which one (`ledger.next_cursor`). */
export interface LedgerPage {
  limit: number;
  cursor?: string;
}

export const ledgerPageQuery = Joi.object<LedgerPage>({
  limit: Joi.number().integer().min(1).max(loyaltyRules.ledgerPageMax).default(loyaltyRules.ledgerPageDefault),
  cursor: Joi.string().max(500).pattern(/^[A-Za-z0-9_-]+$/),
});

const rewardKeys = {
  percent_off: Joi.number().integer().min(loyaltyRules.rewardPercentMin).max(loyaltyRules.rewardPercentMax).required(),
  min_tier: tier.required(),
};

export const rewardSchema = Joi.object<LoyaltyReward>(rewardKeys).label('LoyaltyReward');

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Up to 50 provider ids, comma-separated. */
export const rewardsQuery = Joi.object<{ provider_ids: string }>({ provider_ids: Joi.string().pattern(new RegExp(`^${uuid}(,${uuid}){0,49}$`, 'i')).required() });

export const providerRewardsSchema = Joi.object({
  items: Joi.array()
    .items(Joi.object({ ...rewardKeys, provider_id: Joi.string().required() }).label('LoyaltyReward'))
    .required(),
}).label('ProviderRewards');

export const rewardAnswer = Joi.object({ reward: rewardSchema.allow(null).required() }).label('LoyaltyRewardAnswer');

export const loyaltySummarySchema = Joi.object({
  points: Joi.number().integer().required(),
  tier_points: Joi.number().integer().min(0).required(),
  tier: tier.required(),
  next_tier: tier.allow(null).required(),
  points_to_next_tier: Joi.number().integer().min(0).allow(null).required(),
  ledger: Joi.object({
    items: Joi.array()
      .items(
        Joi.object({
          id: Joi.string().required(),
          reason: Joi.string().valid(...loyaltyReasons).required(),
          points: Joi.number().integer().required(),
          job_id: Joi.string().allow(null).required(),
          job_title: Joi.string().allow(null).required(),
          created_at: isoDate.required(),
        }).label('LoyaltyEntry'),
      )
      .required(),
    next_cursor: Joi.string().allow(null).required(),
  }).required(),
}).label('LoyaltySummary');

export const jobLoyaltySchema = Joi.object({
  client_tier: tier.required(),
  reward: rewardSchema.allow(null).required(),
  reward_applies: Joi.boolean().required(),
}).label('JobLoyalty');
