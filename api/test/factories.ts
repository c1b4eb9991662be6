/**
 * What a test needs to exist, written straight into the database with sensible defaults that any
 * field can override (as immich's `test/medium.factory.ts`): clients, providers, jobs and reviews,
 * access tokens issued without a sign-in, the server's clock set by hand, and the bodies of a
 * provider's and a client's profile that pass every rule. Every domain's tests share these; the
 * same people made through the api, the way a person makes them, are in `api-factories.ts`.
 *
 * Nothing here starts a server or imports the test runner, so the benchmarks and the browser
 * journeys can make the same rows.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { defaultBusinessHours, type BusinessHours, type JobStatus, type ProviderRate } from '@resuelve/contract';
import { ManualClock } from '../src/lib/clock.ts';
import { issueAccessToken } from '../src/plugins/auth.ts';
import type { TestContext } from './server.ts';

let counter = 0;

export interface PersonSeed {
  email?: string;
  first_name?: string;
  last_name?: string;
  onboarded?: boolean;
  /** A verified phone (digits with the country code); none unless given. */
  phone_number?: string | null;
}

/** A user with an email already confirmed and their profile. */
async function newPerson(knex: Knex, contractor: boolean, seed: PersonSeed): Promise<string> {
  counter += 1;
  const id = randomUUID();
  const phone = seed.phone_number ?? null;
  await knex('users').insert({
    id,
    email: seed.email ?? `fixture-${counter}-${id.slice(0, 8)}@example.com`,
    password_hash: 'x',
    email_confirmed_at: new Date(),
  });
  await knex('profiles').insert({
    id,
    is_contractor: contractor,
    is_onboarded: seed.onboarded ?? true,
    is_email_verified: true,
    first_name: seed.first_name ?? 'Ana',
    last_name: seed.last_name ?? 'Rivera',
    phone_number: phone,
    phone_verified_at: phone ? new Date() : null,
  });
  await newFactorySession(knex, id);
  return id;
}

/**
 * The session the factories' tokens name: a refresh-token family issued to the account, with the
 * account's id as its id (the api refuses a session it never issued, decision 0046).
 */
export async function newFactorySession(knex: Knex, userId: string): Promise<void> {
  await knex('refresh_tokens').insert({
    user_id: userId,
    family_id: userId,
    token_hash: `factory:${userId}`,
    client: 'web',
    expires_at: new Date(Date.now() + 30 * 24 * 3600_000),
  });
}

/** An onboarded client (unless told otherwise); answers the id. */
export async function newClient(knex: Knex, seed: PersonSeed = {}): Promise<string> {
  return newPerson(knex, false, seed);
}

export interface ProviderSeed {
  company_name?: string;
  company_description?: string | null;
  /** Category slugs the provider offers; none unless given. */
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
  rate?: ProviderRate | null;
}

/** An onboarded provider (unless told otherwise) in Mayagüez, open the default hours; answers the id. */
export async function newProvider(knex: Knex, seed: ProviderSeed = {}): Promise<string> {
  const id = await newPerson(knex, true, { onboarded: seed.onboarded, phone_number: seed.phone_number });
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
    // Insured only with an approved certificate's expiry (migration 0036).
    insurance_expires_on: seed.insured ? '2099-12-31' : null,
    verified_at: seed.verified ? new Date('2026-01-01T00:00:00Z') : null,
    lat: seed.lat ?? null,
    lng: seed.lng ?? null,
    municipality_slug: seed.municipality_slug ?? null,
    business_hours: JSON.stringify(seed.business_hours ?? defaultBusinessHours),
    timezone: seed.timezone ?? 'America/Puerto_Rico',
    website_url: seed.website_url ?? null,
    profile_picture_url: seed.profile_picture_url ?? null,
    social_media: JSON.stringify(seed.social_media ?? {}),
    rate_cents: seed.rate?.amount_cents ?? null,
    rate_unit: seed.rate?.unit ?? null,
    rate_from: seed.rate?.from ?? false,
  });
  const slugs = seed.categories ?? [];
  if (slugs.length) {
    const categories = await categoryIds(knex, slugs);
    await knex('provider_categories').insert(categories.map((categoryId) => ({ provider_id: id, category_id: categoryId })));
  }
  return id;
}

/** The ids of the categories with these slugs, in the same order. */
export async function categoryIds(knex: Knex, slugs: string[]): Promise<number[]> {
  const rows: { id: number; slug: string }[] = await knex('categories').whereIn('slug', slugs).select('id', 'slug');
  return slugs.map((slug) => {
    const row = rows.find((found) => found.slug === slug);
    if (!row) throw new Error(`No category ${slug}`);
    return row.id;
  });
}

export async function categoryId(knex: Knex, slug: string): Promise<number> {
  const [id] = await categoryIds(knex, [slug]);
  return id!;
}

let lastPhone = 0;
const run = Math.floor(Math.random() * 900) + 100;

/** Marks a fresh number as verified for the account, as the phone module would; answers its digits. */
export async function verifyPhone(knex: Knex, userId: string): Promise<string> {
  lastPhone += 1;
  const digits = `1939${run}${String(lastPhone).padStart(4, '0')}`;
  await knex('profiles').where({ id: userId }).update({ phone_number: digits, phone_verified_at: new Date() });
  return digits;
}

export interface JobSeed {
  clientId: string;
  providerId: string;
  start: Date | string;
  /** 2 unless given. */
  hours?: number;
  /** pending (a request waiting for the provider) unless given. */
  status?: JobStatus;
  title?: string;
  categoryId?: number | null;
  /** The other time the provider proposed; an hour after the job when the status awaits one. */
  proposedStart?: Date;
  createdAt?: Date;
}

export interface JobRow {
  id: string;
  client_id: string;
  provider_id: string;
  scheduled_start: Date;
  scheduled_end: Date;
}

/**
 * A job booked by the client for [start, start + hours), holding the provider's time while its
 * status does; a job in progress started on time.
 */
export async function newJob(knex: Knex, job: JobSeed): Promise<JobRow> {
  const hours = job.hours ?? 2;
  const start = new Date(job.start);
  const end = new Date(start.getTime() + hours * 3_600_000);
  const proposedStart = job.proposedStart ?? (job.status === 'schedule_change_pending' ? new Date(end.getTime() + 3_600_000) : null);
  const [row] = await knex('jobs')
    .insert({
      client_id: job.clientId,
      provider_id: job.providerId,
      category_id: job.categoryId ?? null,
      title: job.title ?? 'Reparar tubería',
      description: 'Gotea debajo del fregadero',
      status: job.status ?? 'pending',
      scheduled_start: start,
      scheduled_end: end,
      duration_hours: hours,
      proposed_start: proposedStart,
      proposed_end: proposedStart ? new Date(proposedStart.getTime() + hours * 3_600_000) : null,
      started_at: job.status === 'in_progress' ? start : null,
      created_by: job.clientId,
      ...(job.createdAt ? { created_at: job.createdAt } : {}),
    })
    .returning(['id', 'client_id', 'provider_id', 'scheduled_start', 'scheduled_end']);
  return row as JobRow;
}

/**
 * A client's review of a provider (no comment unless given); answers its id. A client reviews a
 * provider once, so without `clientId` a new client writes it.
 */
export async function newReview(
  knex: Knex,
  review: { providerId: string; clientId?: string; jobId?: string; rating: number; comment?: string; createdAt?: Date },
): Promise<string> {
  const [row] = await knex('reviews')
    .insert({
      job_id: review.jobId ?? null,
      provider_id: review.providerId,
      client_id: review.clientId ?? (await newClient(knex)),
      rating: review.rating,
      comment: review.comment ?? '',
      created_at: review.createdAt ?? new Date(),
    })
    .returning('id');
  return (row as { id: string }).id;
}

/** A bearer token for an account the factories made (no password sign-in needed), in its factory session. */
export function tokenFor(t: { config: { jwtSecret: string } }, id: string, contractor = false): string {
  return issueAccessToken(t.config.jwtSecret, { id, is_admin: false, is_contractor: contractor }, id).token;
}

/** An admin account (not onboarded, as `npm run admin` leaves one) and its bearer token. */
export async function newAdmin(t: { knex: Knex; config: { jwtSecret: string } }): Promise<{ id: string; token: string }> {
  const id = await newPerson(t.knex, false, { onboarded: false });
  await t.knex('profiles').where({ id }).update({ is_admin: true });
  return { id, token: issueAccessToken(t.config.jwtSecret, { id, is_admin: true, is_contractor: false }, id).token };
}

/** Puts the server on a clock the test sets; handlers read the context's clock at request time. */
export function setClock(t: Pick<TestContext, 'server'>, iso: string): ManualClock {
  const clock = new ManualClock(new Date(iso));
  (t.server.app as { context: { clock: unknown } }).context.clock = clock;
  return clock;
}

/** Monday 23 November 2026, 08:00 in San Juan (UTC-4). */
export const mondayMorning = '2026-11-23T12:00:00Z';
/** Tuesday 24 November 2026 (a provider with the default hours is open 08:00–17:00). */
export const tuesday = '2026-11-24';

/** Days from now at a given UTC hour, so tests do not depend on when they run. */
export function daysAhead(days: number, utcHour = 14): Date {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(utcHour, 0, 0, 0);
  return date;
}

export interface JobWorld {
  providerId: string;
  providerToken: string;
  clientId: string;
  clientToken: string;
  categoryId: number;
}

/** A plumbing provider and a client, both signed in; the clock on Monday morning unless told otherwise. */
export async function jobWorld(t: TestContext, seed: ProviderSeed = {}, clockAt: string | null = mondayMorning): Promise<JobWorld> {
  if (clockAt) setClock(t, clockAt);
  const providerId = await newProvider(t.knex, { categories: ['plumbing'], ...seed });
  const clientId = await newClient(t.knex);
  return {
    providerId,
    providerToken: tokenFor(t, providerId, true),
    clientId,
    clientToken: tokenFor(t, clientId),
    categoryId: await categoryId(t.knex, 'plumbing'),
  };
}

/** The body of a booking by the world's client: an hour on Tuesday at 10:00, on site. */
export function bookingBody(world: JobWorld, overrides: Record<string, unknown> = {}) {
  return {
    provider_id: world.providerId,
    category_id: world.categoryId,
    title: 'Fuga en el fregadero',
    description: 'Gotea debajo del fregadero de la cocina.',
    scheduled_start: `${tuesday}T10:00:00-04:00`,
    duration_hours: 1,
    location_type: 'on_site',
    ...overrides,
  };
}

/** A provider profile that passes every rule of SPEC.md §5. */
export function validProvider(overrides: Record<string, unknown> = {}) {
  return {
    company_name: 'Plomería Borinquen',
    ein: '12-3456789',
    business_address: 'Calle Loíza 1500',
    city: 'San Juan',
    state: 'PR',
    zip_code: '00911',
    website_url: 'https://plomeria.example.pr',
    years_experience: 12,
    company_description: 'Reparaciones <b>rápidas</b> en el área metro.',
    insured: true,
    insurance_details: 'Póliza de responsabilidad general',
    social_media: { instagram: '@plomeriaboricua', facebook: '' },
    ...overrides,
  };
}

/** A client profile that passes every rule of SPEC.md §5 (a birth date 30 years back). */
export function validClient(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'María',
    last_name: 'Rivera',
    birth_date: '1994-05-17',
    address: 'Calle Sol 25, Viejo San Juan',
    city: 'San Juan',
    state: 'PR',
    zip_code: '00901',
    preferred_contact: 'sms',
    interested_services: ['plumbing', 'cleaning'],
    ...overrides,
  };
}

export const strongPassword = 'Secreto#2026';

let lastAddress = 0;

/** A different client address per call site, so per-address limits of one test don't touch another's. */
export function freshAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

let lastEmail = 0;

/** An address no other account of the run has. */
export function freshEmail(name = 'persona'): string {
  lastEmail += 1;
  return `${name}.${lastEmail}.${Date.now().toString(36)}@example.pr`;
}

export interface ConversationSeed {
  clientId: string;
  providerId: string;
  jobId?: string | null;
  subject?: string | null;
}

/** A conversation between a client and a provider, both views active; answers its id. */
export async function newConversation(knex: Knex, seed: ConversationSeed): Promise<string> {
  const [row] = await knex('conversations')
    .insert({ client_id: seed.clientId, provider_id: seed.providerId, job_id: seed.jobId ?? null, subject: seed.subject ?? null })
    .returning('id');
  const id = (row as { id: string }).id;
  await knex('conversation_participants').insert([
    { conversation_id: id, user_id: seed.clientId, role: 'client' },
    { conversation_id: id, user_id: seed.providerId, role: 'provider' },
  ]);
  return id;
}

export interface MessageSeed {
  conversationId: string;
  senderId: string;
  text?: string;
  createdAt?: Date;
  automatic?: boolean;
}

/**
 * A stored message, as if sent then (the limits count it at `createdAt`), unread by the other
 * participant; answers its id.
 */
export async function newMessage(knex: Knex, seed: MessageSeed): Promise<string> {
  const createdAt = seed.createdAt ?? new Date();
  const [row] = await knex('messages')
    .insert({
      conversation_id: seed.conversationId,
      sender_id: seed.senderId,
      text: seed.text ?? 'Hola, ¿está disponible?',
      automatic: seed.automatic ?? false,
      created_at: createdAt,
    })
    .returning('id');
  const id = String((row as { id: string }).id);
  await knex('conversations').where('id', seed.conversationId).update({ last_message_id: id, last_message_at: createdAt });
  await knex('conversation_participants')
    .where('conversation_id', seed.conversationId)
    .whereNot('user_id', seed.senderId)
    .update({ unread_count: knex.raw('unread_count + 1'), activity_at: createdAt });
  return id;
}

export interface ProjectSeed {
  providerId: string;
  title?: string;
  is_public?: boolean;
  featured?: boolean;
  /** Photos written as rows only (no stored files): enough for reading galleries. 1 unless given. */
  photos?: number;
  likes?: number;
  views?: number;
  createdAt?: Date;
}

/** A project with photo rows (the first is the cover); answers its id. */
export async function newProject(knex: Knex, seed: ProjectSeed): Promise<string> {
  const [row] = await knex('projects')
    .insert({
      provider_id: seed.providerId,
      title: seed.title ?? 'Baño remodelado',
      description: 'Losas nuevas, ducha sin bordes y gabinetes a la medida.',
      is_public: seed.is_public ?? true,
      featured: seed.featured ?? false,
      likes: seed.likes ?? 0,
      views: seed.views ?? 0,
      materials: ['losa', 'cemento'],
      tags: ['baño'],
      ...(seed.createdAt ? { created_at: seed.createdAt } : {}),
    })
    .returning('id');
  const id = (row as { id: string }).id;
  const photos = seed.photos ?? 1;
  if (photos) {
    await knex('project_images').insert(
      Array.from({ length: photos }, (_, position) => ({
        path: `project/2026/11/${randomUUID()}`,
        owner_id: seed.providerId,
        project_id: id,
        position,
        is_cover: position === 0,
        width: 2048,
        height: 1536,
        widths: [320, 640, 1280, 2048],
        placeholder: 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA',
      })),
    );
  }
  return id;
}
