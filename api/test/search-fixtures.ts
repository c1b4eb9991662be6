/**
 * Providers, clients, jobs and reviews written straight into the database for the search,
 * availability and trending tests (onboarding has its own tests), plus access tokens issued
 * without a sign-in, and a clock the tests set by hand.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { defaultBusinessHours, type BusinessHours } from '@resuelve/contract';
import { ManualClock } from '../src/lib/clock.ts';
import { issueAccessToken } from '../src/plugins/auth.ts';
import type { TestContext } from './server.ts';

export interface ProviderSeed {
  company_name?: string;
  company_description?: string | null;
  categories?: string[];
  lat?: number | null;
  lng?: number | null;
  municipality_slug?: string | null;
  years_experience?: number | null;
  insured?: boolean;
  verified?: boolean;
  business_hours?: BusinessHours;
  timezone?: string;
  onboarded?: boolean;
  phone_number?: string | null;
  business_address?: string | null;
  website_url?: string | null;
  profile_picture_url?: string | null;
  social_media?: Record<string, string>;
}

let counter = 0;

async function account(knex: Knex, contractor: boolean, onboarded: boolean, phone: string | null = null): Promise<string> {
  counter += 1;
  const id = randomUUID();
  await knex('users').insert({ id, email: `fixture-${counter}-${id.slice(0, 8)}@example.com`, password_hash: 'x', email_confirmed_at: new Date() });
  await knex('profiles').insert({
    id,
    is_contractor: contractor,
    is_onboarded: onboarded,
    is_email_verified: true,
    first_name: 'Ana',
    last_name: 'Rivera',
    phone_number: phone,
    phone_verified_at: phone ? new Date() : null,
  });
  return id;
}

/** An onboarded provider (unless told otherwise) offering the given category slugs. */
export async function insertProvider(knex: Knex, seed: ProviderSeed = {}): Promise<string> {
  const id = await account(knex, true, seed.onboarded ?? true, seed.phone_number ?? null);
  await knex('providers').insert({
    id,
    company_name: seed.company_name ?? `Empresa ${counter}`,
    company_description: seed.company_description ?? null,
    business_address: seed.business_address ?? 'Calle Sol 1',
    city: 'Mayagüez',
    state: 'PR',
    zip_code: '00680',
    years_experience: seed.years_experience === undefined ? 5 : seed.years_experience,
    insured: seed.insured ?? false,
    verified_at: seed.verified ? new Date('2026-01-01T00:00:00Z') : null,
    lat: seed.lat === undefined ? null : seed.lat,
    lng: seed.lng === undefined ? null : seed.lng,
    municipality_slug: seed.municipality_slug ?? null,
    business_hours: JSON.stringify(seed.business_hours ?? defaultBusinessHours),
    timezone: seed.timezone ?? 'America/Puerto_Rico',
    website_url: seed.website_url ?? null,
    profile_picture_url: seed.profile_picture_url ?? null,
    social_media: JSON.stringify(seed.social_media ?? {}),
  });
  const slugs = seed.categories ?? [];
  if (slugs.length) {
    const rows: { id: number }[] = await knex('categories').whereIn('slug', slugs).select('id');
    await knex('provider_categories').insert(rows.map((row) => ({ provider_id: id, category_id: row.id })));
  }
  return id;
}

export async function insertClient(knex: Knex): Promise<string> {
  return account(knex, false, true);
}

/** A job holding (or not, by status) the provider's time from start for `minutes`. */
export async function insertJob(
  knex: Knex,
  job: { provider: string; client: string; start: string; minutes: number; status?: string; category?: string; createdAt?: Date },
): Promise<string> {
  const start = new Date(job.start);
  const category = job.category ? ((await knex('categories').where({ slug: job.category }).first('id')) as { id: number }).id : null;
  const [row] = await knex('jobs')
    .insert({
      client_id: job.client,
      provider_id: job.provider,
      category_id: category,
      title: 'Reparación',
      status: job.status ?? 'upcoming',
      scheduled_start: start,
      scheduled_end: new Date(start.getTime() + job.minutes * 60_000),
      duration_hours: job.minutes / 60,
      created_at: job.createdAt ?? new Date(),
    })
    .returning('id');
  return (row as { id: string }).id;
}

export async function insertReview(
  knex: Knex,
  review: { provider: string; client: string; rating: number; comment?: string; createdAt?: Date },
): Promise<string> {
  const [row] = await knex('reviews')
    .insert({
      provider_id: review.provider,
      client_id: review.client,
      rating: review.rating,
      comment: review.comment ?? '',
      created_at: review.createdAt ?? new Date(),
    })
    .returning('id');
  return (row as { id: string }).id;
}

/** A bearer token for an account the fixtures made (no password sign-in needed). */
export function tokenFor(t: TestContext, id: string, contractor = false): string {
  return issueAccessToken(t.config.jwtSecret, { id, is_admin: false, is_contractor: contractor }).token;
}

/** Puts the server on a clock the test sets; handlers read the context's clock at request time. */
export function setClock(t: TestContext, iso: string): ManualClock {
  const clock = new ManualClock(new Date(iso));
  (t.server.app as { context: { clock: unknown } }).context.clock = clock;
  return clock;
}
