/** joi for the waitlist, from contract's limits. */
import Joi from 'joi';
import { locales, waitlistLimits, waitlistRoles, type WaitlistRole, type WaitlistSignupChanges, type WaitlistSignupInput } from '@resuelve/contract';
import { idParams, schemas } from '../../lib/validation.ts';

/** What the administration filters signups by. */
export interface SignupFilters {
  role?: WaitlistRole;
  verified?: boolean;
  q?: string;
}

export interface SignupPageQuery extends SignupFilters {
  limit: number;
  offset: number;
}

const slug = Joi.string().max(60).pattern(/^[a-z0-9][a-z0-9_-]*$/);
const role = Joi.string().valid(...waitlistRoles);
const locale = Joi.string().valid(...locales);
const name = Joi.string().trim().max(waitlistLimits.nameMaxLength);
const categories = Joi.array().items(slug).max(waitlistLimits.categoriesMax).unique();
const isoDate = Joi.string().isoDate();

export const signupBody = Joi.object<WaitlistSignupInput>({
  email: schemas.email.email().required(),
  name: name.allow(''),
  role: role.required(),
  municipality: slug.allow(null),
  categories,
  locale: locale.required(),
}).label('WaitlistSignupInput');

export const signupAnswer = Joi.object({ received: Joi.boolean().valid(true).required() }).label('WaitlistSignupAnswer');

export const verifyBody = Joi.object<{ token: string }>({ token: Joi.string().max(200).pattern(/^[A-Za-z0-9_-]+$/).required() }).label('WaitlistVerifyInput');

export const verifyAnswer = Joi.object({ verified: Joi.boolean().valid(true).required() }).label('WaitlistVerifyAnswer');

export const signupIdParams = idParams;

export const listQuery = Joi.object<SignupPageQuery>({
  role,
  verified: Joi.boolean(),
  q: Joi.string().trim().max(waitlistLimits.searchMaxLength).allow(''),
  limit: Joi.number().integer().min(1).max(waitlistLimits.pageSizeMax).default(waitlistLimits.pageSizeDefault),
  offset: Joi.number().integer().min(0).max(1_000_000).default(0),
});

export const exportQuery: Joi.ObjectSchema<SignupFilters> = listQuery.fork(['limit', 'offset'], (field) => field.forbidden());

export const changesBody = Joi.object<WaitlistSignupChanges>({
  name: name.allow('', null),
  role,
  municipality: slug.allow(null),
  categories,
  locale,
  verified: Joi.boolean(),
})
  .min(1)
  .label('WaitlistSignupChanges');

export const signupSchema = Joi.object({
  id: Joi.string().required(),
  email: Joi.string().required(),
  name: Joi.string().allow(null).required(),
  role: role.required(),
  municipality: Joi.string().allow(null).required(),
  categories: Joi.array().items(Joi.string()).required(),
  locale: locale.required(),
  verified: Joi.boolean().required(),
  verified_at: isoDate.allow(null).required(),
  created_at: isoDate.required(),
  updated_at: isoDate.required(),
}).label('WaitlistSignup');

export const pageSchema = Joi.object({ items: Joi.array().items(signupSchema).required(), total: Joi.number().integer().min(0).required() }).label(
  'WaitlistPage',
);

const counted = Joi.object({ slug: Joi.string().required(), count: Joi.number().integer().required() });

export const statsSchema = Joi.object({
  total: Joi.number().integer().required(),
  verified: Joi.number().integer().required(),
  by_role: Joi.object({ client: Joi.number().integer().required(), provider: Joi.number().integer().required() }).required(),
  top_municipalities: Joi.array().items(counted).required(),
  top_categories: Joi.array().items(counted).required(),
  per_day: Joi.array()
    .items(Joi.object({ day: Joi.string().required(), count: Joi.number().integer().required() }))
    .required(),
}).label('WaitlistStats');
