/** joi for profile routes, built from contract's rules. */
import Joi from 'joi';
import { checkName, limits, locales } from '@resuelve/contract';
import { fromCheck } from '../../lib/validation.ts';
import type { ProfileChanges } from './service/profiles.ts';

const isoDate = Joi.string().isoDate();
const nullableText = Joi.string().allow(null);

export const profileSchema = Joi.object({
  id: Joi.string().required(),
  email: Joi.string().required(),
  is_contractor: Joi.boolean().required(),
  is_onboarded: Joi.boolean().required(),
  is_email_verified: Joi.boolean().required(),
  is_admin: Joi.boolean().required(),
  language: Joi.string().valid(...locales).required(),
  first_name: nullableText.required(),
  last_name: nullableText.required(),
  display_name: nullableText.required(),
  avatar_url: nullableText.required(),
  created_at: isoDate.required(),
}).label('Profile');

/** The only fields anybody else may see; a response with more fails validation instead of leaking. */
export const publicProfileSchema = Joi.object({
  id: Joi.string().required(),
  is_contractor: Joi.boolean().required(),
  display_name: nullableText.required(),
  avatar_url: nullableText.required(),
  created_at: isoDate.required(),
}).label('PublicProfile');

const name = fromCheck(checkName, limits.nameMaxLength).trim().allow(null);

export const profileChangesSchema = Joi.object<ProfileChanges>({
  language: Joi.string().valid(...locales),
  first_name: name,
  last_name: name,
})
  .min(1)
  .label('ProfileChanges');
