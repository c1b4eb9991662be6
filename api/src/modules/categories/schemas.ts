import Joi from 'joi';
import { locales, type Locale } from '@resuelve/contract';
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

export const suggestionList = Joi.object({ items: Joi.array().items(category) });

export const categoryList = Joi.object({ items: Joi.array().items(category), total: Joi.number().integer() }).label('CategoryList');

/** A category by numeric id or by slug. */
export const idOrSlug = Joi.alternatives(Joi.number().integer().min(1).max(2_147_483_647), Joi.string().pattern(/^[a-z][a-z0-9-]{1,60}$/));

/** `/categories/{id}`: a category by id or slug. */
export const categoryIdParams = Joi.object<{ id: number | string }>({ id: idOrSlug.required() });

/** A query that only names the language of the answer. */
export const languageQuery = Joi.object<{ locale: Locale }>({ locale: localeQuery });

export const searchQuery = Joi.object<{ q: string; limit: number; offset: number; locale: Locale }>({
  q: Joi.string().trim().max(100).allow('').default(''),
  limit: schemas.limit.default(20),
  offset: Joi.number().integer().min(0).max(10_000).default(0),
  locale: localeQuery,
});

export const suggestionsQuery = Joi.object<{ q: string; limit: number; locale: Locale }>({
  q: Joi.string().trim().max(100).allow('').default(''),
  limit: Joi.number().integer().min(1).max(20).default(5),
  locale: localeQuery,
});

export const trendingQuery = Joi.object<{ days: number; limit: number; locale: Locale }>({
  days: Joi.number().integer().min(1).max(365).default(30),
  limit: Joi.number().integer().min(1).max(50).default(8),
  locale: localeQuery,
});

const trendingCategory = category.keys({ bookings: Joi.number().integer().min(0) }).label('TrendingCategory');

export const trendingList = Joi.object({ items: Joi.array().items(trendingCategory) }).label('TrendingCategories');
