/**
 * A provider's public profile with its newest reviews (SPEC.md §4, §6). Anyone may read the profile; the
 * phone, business address and hours are for signed-in people only (visitors are asked to sign
 * in). A provider not yet onboarded is not public: only they can open their own page.
 */
import type { Knex } from 'knex';
import type { BusinessHours, Locale, SocialMedia } from '@resuelve/contract';
import { searchLimits, shownMedian } from '@resuelve/contract';
import { notFound } from '../../../lib/errors.ts';
import { schemas } from '../../../lib/validation.ts';
import type { Storage } from '../../../lib/storage.ts';
import { offeredCategories, policyOf, rateOf, type PolicyColumns, type RateColumns } from '../../providers/index.ts';
import { coverPhotoSql, toCoverPhoto, type CoverPhotoColumn } from '../repository/cover-photo.ts';
import { reviewPage } from '../../reviews/index.ts';

interface ProfileRow extends RateColumns, PolicyColumns {
  id: string;
  company_name: string;
  company_description: string | null;
  years_experience: number | null;
  insured: boolean;
  verified_at: Date | null;
  response_median_minutes: number | null;
  response_cases: number;
  rating_average: string;
  review_count: number;
  completed_jobs: number;
  profile_picture_url: string | null;
  avatar_url: string | null;
  website_url: string | null;
  social_media: SocialMedia;
  business_address: string | null;
  phone_number: string | null;
  business_hours: BusinessHours;
  timezone: string;
  municipality_slug: string | null;
  municipality_name: string | null;
  is_onboarded: boolean;
  suspended_at: Date | null;
  cover_photo: CoverPhotoColumn | null;
}

async function publicProviderRow(db: Knex, id: string, viewerId: string | null): Promise<ProfileRow> {
  // A mistyped address (/providers/abc) is a page that does not exist, as an unknown id is.
  if (schemas.uuid.validate(id).error) throw notFound('Provider');
  const row = (await db('providers as pr')
    .join('profiles as p', 'p.id', 'pr.id')
    .leftJoin('municipalities as m', 'm.slug', 'pr.municipality_slug')
    .where('pr.id', id)
    .andWhere('p.is_contractor', true)
    .first(
      'pr.*',
      'm.name as municipality_name',
      'p.avatar_url',
      'p.is_onboarded',
      'p.suspended_at',
      db.raw('CASE WHEN p.phone_verified_at IS NOT NULL THEN p.phone_number END AS phone_number'),
      db.raw(`${coverPhotoSql('pr.id')} AS cover_photo`),
    )) as ProfileRow | undefined;
  // A suspended provider cannot be found (admin console), like one who has not finished onboarding.
  if (!row || ((!row.is_onboarded || row.suspended_at) && row.id !== viewerId)) throw notFound('Provider');
  return row;
}

export async function publicProviderProfile(
  db: Knex,
  id: string,
  params: { locale: Locale; viewerId: string | null; photos: Pick<Storage, 'url'> },
) {
  const row = await publicProviderRow(db, id, params.viewerId);
  const [categories, reviews] = await Promise.all([
    offeredCategories(db, id, params.locale),
    reviewPage(db, { 'r.provider_id': id }, { limit: searchLimits.profileReviews }),
  ]);
  const signedIn = params.viewerId !== null;
  return {
    id: row.id,
    company_name: row.company_name,
    description: row.company_description,
    categories: categories.map(({ id: categoryId, slug, name }) => ({ id: categoryId, slug, name })),
    municipality: row.municipality_slug && row.municipality_name ? { slug: row.municipality_slug, name: row.municipality_name } : null,
    years_experience: row.years_experience,
    insured: row.insured,
    verified: row.verified_at !== null,
    response_minutes: shownMedian(row.response_median_minutes, row.response_cases),
    rating_average: Number(row.rating_average),
    review_count: row.review_count,
    completed_jobs: row.completed_jobs,
    profile_picture_url: row.profile_picture_url ?? row.avatar_url,
    website_url: row.website_url,
    social_media: row.social_media,
    recent_reviews: reviews.items,
    contact: signedIn ? { phone_number: row.phone_number, business_address: row.business_address } : null,
    business_hours: signedIn ? row.business_hours : null,
    timezone: row.timezone,
    sign_in_required: !signedIn,
    rate: rateOf(row),
    // Public, as the rate is: a client reads it before booking (issue 28).
    cancellation_policy: policyOf(row),
    cover_photo: toCoverPhoto(params.photos, row.cover_photo),
  };
}
