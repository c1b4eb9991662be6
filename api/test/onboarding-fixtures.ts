/**
 * Helpers for the provider, client and onboarding tests: signed-in accounts, a verified phone set
 * straight in the database (the phone module has its own tests), and finished onboardings.
 */
import { expect } from 'vitest';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { send, signIn, signUpVerified } from './accounts-fixtures.ts';

export interface Account {
  id: string;
  email: string;
  token: string;
}

export async function signedIn(server: Server, knex: Knex, locale: 'es' | 'en' = 'es'): Promise<Account> {
  const account = await signUpVerified(server, knex, { locale });
  const session = await signIn(server, account);
  return { id: account.id, email: account.email, token: session.body.access_token as string };
}

let lastPhone = 0;
const run = Math.floor(Math.random() * 900) + 100;

/** Marks a fresh number as verified for the account, as the phone module would. */
export async function verifyPhone(knex: Knex, userId: string): Promise<string> {
  lastPhone += 1;
  const digits = `1939${run}${String(lastPhone).padStart(4, '0')}`;
  await knex('profiles').where({ id: userId }).update({ phone_number: digits, phone_verified_at: new Date() });
  return digits;
}

export async function categoryIds(knex: Knex, slugs: string[]): Promise<number[]> {
  const rows: { id: number; slug: string }[] = await knex('categories').whereIn('slug', slugs).select('id', 'slug');
  return slugs.map((slug) => rows.find((row) => row.slug === slug)!.id);
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

/** A signed-in provider who finished onboarding (verified phone, plumbing offered). */
export async function onboardedProvider(server: Server, knex: Knex, locale: 'es' | 'en' = 'es'): Promise<Account> {
  const account = await signedIn(server, knex, locale);
  await verifyPhone(knex, account.id);
  const res = await send(server, 'POST', '/api/v1/providers/complete-onboarding', {
    token: account.token,
    body: { provider: validProvider(), serviceCategories: await categoryIds(knex, ['plumbing']) },
  });
  if (res.status !== 200) throw new Error(`complete-onboarding answered ${res.status} ${JSON.stringify(res.body)}`);
  return account;
}

/** A signed-in client who finished onboarding. */
export async function onboardedClient(server: Server, knex: Knex, overrides: Record<string, unknown> = {}): Promise<Account> {
  const account = await signedIn(server, knex);
  await verifyPhone(knex, account.id);
  const res = await send(server, 'PATCH', '/api/v1/profiles/me/client', {
    token: account.token,
    body: { ...validClient(overrides), complete_onboarding: true },
  });
  if (res.status !== 200) throw new Error(`client onboarding answered ${res.status} ${JSON.stringify(res.body)}`);
  return account;
}

/**
 * The api refuses exactly the values the contract check refuses, each with the check's code in
 * `details`, and accepts the rest (one definition of each SPEC.md §5 rule).
 */
export async function expectApiFollowsCheck(
  server: Server,
  request: { method: string; url: string; token: string },
  field: string,
  check: (value: string) => string | null,
  values: string[],
): Promise<void> {
  for (const value of values) {
    const res = await send(server, request.method, request.url, { token: request.token, body: { [field]: value } });
    const expected = check(value);
    if (expected) {
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.details, `${field}=${value}`).toEqual({ [field]: expected });
    } else {
      expect(res.status, `${field}=${value}`).toBe(200);
    }
  }
}
