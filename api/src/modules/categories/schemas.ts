import Joi from 'joi';
import { locales } from '@resuelve/contract';
import { schemas } from '../../lib/validation.ts';

export const localeQuery = Joi.string().valid(...locales).default('es');

export const category = Joi.object({
  id: Joi.number().integer(),
  slug: Joi.string(),
  name: Joi.string(),
  group: Joi.string(),
  is_trending: Joi.boolean(),
  is_interest: Joi.boolean(),
}).label('Category');

export const categoryList = Joi.object({ items: Joi.array().items(category), total: Joi.number().integer() }).label('CategoryList');

/** A category by numeric id or by slug. */
export const idOrSlug = Joi.alternatives(Joi.number().integer().min(1).max(2_147_483_647), Joi.string().pattern(/^[a-z][a-z0-9-]{1,60}$/));

export const searchQuery = Joi.object({
  q: Joi.string().trim().max(100).allow('').default(''),
  limit: schemas.limit.default(20),
  offset: Joi.number().integer().min(0).max(10_000).default(0),
  locale: localeQuery,
});

export const suggestionsQuery = Joi.object({
  q: Joi.string().trim().max(100).allow('').default(''),
  limit: Joi.number().integer().min(1).max(20).default(5),
  locale: localeQuery,
});
