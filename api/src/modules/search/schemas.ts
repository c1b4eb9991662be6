/** joi for finding providers: the search query, a category's providers, the cards, the public profile. */
import Joi from 'joi';
import { providerSorts, searchLimits, socialNetworks, type Locale } from '@resuelve/contract';
import { categoryIdParams, idOrSlug, localeQuery } from '../categories/index.ts';
import { businessHoursSchema, calendarDate, cancellationPolicySchema, rateAnswer } from '../providers/index.ts';
import { reviewSchema } from '../reviews/index.ts';
import type { SearchParams } from './service/search.ts';

const pageLimit = Joi.number().integer().min(1).max(searchLimits.pageSizeMax).default(searchLimits.pageSizeDefault);
const cursor = Joi.string().max(500).pattern(/^[A-Za-z0-9_-]+$/);

export const searchQuery = Joi.object<SearchParams>({
  q: Joi.string().trim().max(searchLimits.queryMaxLength).allow('').default(''),
  category: idOrSlug,
  municipality: Joi.string().trim().min(1).max(100),
  lat: Joi.number().min(-90).max(90),
  lng: Joi.number().min(-180).max(180),
  radius_km: Joi.number().greater(0).max(searchLimits.radiusKmMax),
  min_rating: Joi.number().min(0).max(5),
  insured: Joi.boolean(),
  verified: Joi.boolean(),
  available_on: calendarDate,
  sort: Joi.string().valid(...providerSorts).default('relevance'),
  limit: pageLimit,
  cursor,
  locale: localeQuery,
}).and('lat', 'lng');

const coverPhoto = Joi.object({
  url: Joi.string().required(),
  src: Joi.string().required(),
  widths: Joi.array().items(Joi.number().integer()).required(),
  placeholder: Joi.string().required(),
}).label('CoverPhoto');

const namedPlace = Joi.object({ slug: Joi.string().required(), name: Joi.string().required() });

export const providerCard = Joi.object({
  id: Joi.string().required(),
  company_name: Joi.string().required(),
  categories: Joi.array().items(namedPlace.label('CategoryName')).required(),
  rating_average: Joi.number().required(),
  review_count: Joi.number().integer().required(),
  completed_jobs: Joi.number().integer().required(),
  years_experience: Joi.number().integer().allow(null).required(),
  insured: Joi.boolean().required(),
  verified: Joi.boolean().required(),
  response_minutes: Joi.number().integer().min(0).allow(null).required(),
  distance_km: Joi.number().allow(null).required(),
  next_available_at: Joi.string().isoDate().allow(null).required(),
  municipality: namedPlace.label('MunicipalityName').allow(null).required(),
  location: Joi.object({ lat: Joi.number().required(), lng: Joi.number().required() }).label('Point').allow(null).required(),
  profile_picture_url: Joi.string().allow(null).required(),
  description: Joi.string().allow(null).required(),
  rate: rateAnswer.allow(null).required(),
  cover_photo: coverPhoto.allow(null).required(),
}).label('ProviderCard');

/** GET /categories/{id}/providers: a category by id or slug, best rated first, by offset. */
export const categoryProvidersParams = categoryIdParams;

export const categoryProvidersQuery = Joi.object<{ limit: number; offset: number; locale: Locale }>({
  limit: pageLimit,
  offset: Joi.number().integer().min(0).max(10_000).default(0),
  locale: localeQuery,
});

export const categoryProviders = Joi.object({ items: Joi.array().items(providerCard), total: Joi.number().integer() }).label('CategoryProviders');

export const providerCards = Joi.object({
  items: Joi.array().items(providerCard).required(),
  next_cursor: Joi.string().allow(null).required(),
}).label('ProviderCards');

export const profileQuery = Joi.object<{ locale: Locale }>({ locale: localeQuery });

/** A profile's address: any id is asked for, and one that is no uuid names no provider (404, as an unknown one; the service checks). */
export const profileParams = Joi.object<{ id: string }>({ id: Joi.string().max(100).required() });

export const publicProfile = Joi.object({
  id: Joi.string().required(),
  company_name: Joi.string().required(),
  description: Joi.string().allow(null).required(),
  categories: Joi.array().items(Joi.object({ id: Joi.number().integer(), slug: Joi.string(), name: Joi.string() })).required(),
  municipality: namedPlace.allow(null).required(),
  years_experience: Joi.number().integer().allow(null).required(),
  insured: Joi.boolean().required(),
  verified: Joi.boolean().required(),
  response_minutes: Joi.number().integer().min(0).allow(null).required(),
  rating_average: Joi.number().required(),
  review_count: Joi.number().integer().required(),
  completed_jobs: Joi.number().integer().required(),
  profile_picture_url: Joi.string().allow(null).required(),
  website_url: Joi.string().allow(null).required(),
  social_media: Joi.object().pattern(Joi.string().valid(...socialNetworks), Joi.string()).required(),
  recent_reviews: Joi.array().items(reviewSchema).required(),
  contact: Joi.object({ phone_number: Joi.string().allow(null).required(), business_address: Joi.string().allow(null).required() })
    .label('ProviderContact')
    .allow(null)
    .required(),
  business_hours: businessHoursSchema.allow(null).required(),
  timezone: Joi.string().required(),
  sign_in_required: Joi.boolean().required(),
  rate: rateAnswer.allow(null).required(),
  cancellation_policy: cancellationPolicySchema.required(),
  cover_photo: coverPhoto.allow(null).required(),
}).label('PublicProviderProfile');
