/** joi for loyalty, from contract's rules. */
import Joi from 'joi';
import { loyaltyReasons, loyaltyRules, loyaltyTiers } from '@resuelve/contract';
import { schemas } from '../../lib/validation.ts';

const tier = Joi.string().valid(...loyaltyTiers);
const isoDate = Joi.string().isoDate();

export const ledgerPageQuery = Joi.object({
  limit: Joi.number().integer().min(1).max(loyaltyRules.ledgerPageMax).default(loyaltyRules.ledgerPageDefault),
  cursor: Joi.string().max(500).pattern(/^[A-Za-z0-9_-]+$/),
});

export const jobIdParams = Joi.object({ id: schemas.uuid.required() });

export const rewardSchema = Joi.object({
  percent_off: Joi.number().integer().min(loyaltyRules.rewardPercentMin).max(loyaltyRules.rewardPercentMax).required(),
  min_tier: tier.required(),
}).label('LoyaltyReward');

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
