/** joi for reviews, from contract's limits (SPEC.md §5: a review needs a rating). */
import Joi from 'joi';
import { reviewLimits, type ReviewInput } from '@resuelve/contract';
import { schemas } from '../../lib/validation.ts';

const rating = Joi.number().integer().min(reviewLimits.ratingMin).max(reviewLimits.ratingMax);
// Stored as typed (ends trimmed); the ui escapes it when it shows it.
const comment = Joi.string().trim().max(reviewLimits.commentMaxLength).allow('');

// The job reviewed; without it, the caller's newest completed job with the provider not reviewed yet.
export const reviewCreateBody = Joi.object<ReviewInput>({ rating: rating.required(), comment, job_id: schemas.uuid }).label('ReviewInput');

export const reviewPatchBody = Joi.object<Omit<Partial<ReviewInput>, 'job_id'>>({ rating, comment }).min(1).label('ReviewChanges');

export const replyBody = Joi.object<{ text: string }>({ text: Joi.string().trim().min(1).max(reviewLimits.replyMaxLength).required() }).label('ReviewReplyInput');

/** A page of a review list: how many, and the cursor of the page before (lib/keyset.ts). */
export interface ReviewPageQuery {
  limit: number;
  cursor?: string;
}

export const reviewPageQuery = Joi.object<ReviewPageQuery>({
  limit: Joi.number().integer().min(1).max(reviewLimits.pageSizeMax).default(reviewLimits.pageSizeDefault),
  cursor: Joi.string().max(500).pattern(/^[A-Za-z0-9_-]+$/),
});

const isoDate = Joi.string().isoDate();

export const reviewSchema = Joi.object({
  id: Joi.string().required(),
  job_id: Joi.string().allow(null).required(),
  provider_id: Joi.string().required(),
  client_id: Joi.string().required(),
  rating: rating.required(),
  comment: Joi.string().allow('').required(),
  reply: Joi.object({ text: Joi.string().required(), created_at: isoDate.required(), updated_at: isoDate.required() })
    .label('ReviewReply')
    .allow(null)
    .required(),
  client_name: Joi.string().allow(null).required(),
  provider_name: Joi.string().required(),
  created_at: isoDate.required(),
  updated_at: isoDate.required(),
}).label('Review');

export const reviewPageSchema = Joi.object({
  items: Joi.array().items(reviewSchema).required(),
  next_cursor: Joi.string().allow(null).required(),
}).label('ReviewPage');

const count = Joi.number().integer().min(0).required();

export const providerReviewPageSchema = reviewPageSchema
  .keys({
    distribution: Joi.object({ 1: count, 2: count, 3: count, 4: count, 5: count }).label('RatingDistribution').required(),
    rating_average: Joi.number().required(),
    review_count: count,
  })
  .label('ProviderReviewPage');

export const reviewPromptSchema = Joi.object({
  prompt: Joi.object({
    job_id: Joi.string().required(),
    job_title: Joi.string().required(),
    provider_id: Joi.string().required(),
    provider_name: Joi.string().required(),
  })
    .label('ReviewPrompt')
    .allow(null)
    .required(),
}).label('ReviewPromptAnswer');
