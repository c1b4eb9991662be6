/**
 * People and bookings made through the api, the way a person makes them: signed up and verified
 * from the mailed link, signed in, onboarded as a provider or a client, a booking sent. For tests
 * whose subject comes after those steps; the rows alone, written straight into the database, are
 * in `factories.ts`.
 */
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import type { JobStatus, Locale } from '@resuelve/contract';
import { refreshCookieName } from '@resuelve/contract';
import { bookingBody, categoryIds, freshAddress, freshEmail, strongPassword, validClient, validProvider, verifyPhone, type JobWorld } from './factories.ts';
import { lastLinkTo, tokenOf } from './outbox.ts';
import { call, type TestContext } from './server.ts';

/** Signs up through the api and follows the verification link from the outbox. */
export async function signUpVerified(
  server: Server,
  knex: Knex,
  options: { email?: string; password?: string; locale?: Locale } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = options.email ?? freshEmail();
  const password = options.password ?? strongPassword;
  const signUp = await call(server, 'POST', '/api/v1/auth/signup', {
    body: { email, password, locale: options.locale ?? 'es' },
    address: freshAddress(),
  });
  if (signUp.status !== 201) throw new Error(`signup answered ${signUp.status}`);
  const token = tokenOf(await lastLinkTo(knex, email, '/verify-email'));
  const verified = await call(server, 'POST', '/api/v1/auth/verify-email', { body: { token }, address: freshAddress() });
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}`);
  return { id: signUp.body.id, email, password };
}

/** A cookie a response set: its value (empty when cleared) and its attributes. */
export function cookieSet(headers: Record<string, unknown>, name: string): { value: string; attributes: string[] } | null {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const line = all.find((c: string) => c.startsWith(`${name}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(';').map((part: string) => part.trim());
  return { value: pair!.slice(name.length + 1), attributes };
}

/** The refresh cookie a response set: its value (empty when cleared) and its attributes. */
export function refreshCookie(headers: Record<string, unknown>): { value: string; attributes: string[] } | null {
  return cookieSet(headers, refreshCookieName);
}

/** Signs in through the api; answers the response with the refresh cookie's value. */
export async function signIn(
  server: Server,
  credentials: { email: string; password: string },
  options: { client?: 'web' | 'desktop'; address?: string } = {},
) {
  const body: Record<string, string> = { email: credentials.email, password: credentials.password };
  if (options.client) body.client = options.client;
  const answer = await call(server, 'POST', '/api/v1/auth/signin', { body, address: options.address ?? freshAddress() });
  return { ...answer, cookie: refreshCookie(answer.headers)?.value };
}

export interface Account {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** A verified account, signed in, that has not started onboarding. */
export async function signedIn(server: Server, knex: Knex, locale: Locale = 'es'): Promise<Account> {
  const account = await signUpVerified(server, knex, { locale });
  const session = await signIn(server, account);
  return { ...account, token: session.body.access_token as string };
}

/**
 * A signed-in provider who finished onboarding (a verified phone set straight in the database,
 * plumbing offered).
 */
export async function onboardedProvider(server: Server, knex: Knex, locale: Locale = 'es'): Promise<Account> {
  const account = await signedIn(server, knex, locale);
  await verifyPhone(knex, account.id);
  const res = await call(server, 'POST', '/api/v1/providers/complete-onboarding', {
    token: account.token,
    body: { provider: validProvider(), serviceCategories: await categoryIds(knex, ['plumbing']) },
  });
  if (res.status !== 200) throw new Error(`complete-onboarding answered ${res.status} ${JSON.stringify(res.body)}`);
  return account;
}

/** A signed-in client who finished onboarding, with `overrides` in their profile. */
export async function onboardedClient(server: Server, knex: Knex, overrides: Record<string, unknown> = {}): Promise<Account> {
  const account = await signedIn(server, knex);
  await verifyPhone(knex, account.id);
  const res = await call(server, 'PATCH', '/api/v1/profiles/me/client', {
    token: account.token,
    body: { ...validClient(overrides), complete_onboarding: true },
  });
  if (res.status !== 200) throw new Error(`client onboarding answered ${res.status} ${JSON.stringify(res.body)}`);
  return account;
}

/** POST /jobs as the world's client (an hour on Tuesday at 10:00 unless overridden). */
export async function book(t: TestContext, world: JobWorld, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return call(t.server, 'POST', '/api/v1/jobs', { token: world.clientToken, body: bookingBody(world, overrides), headers });
}

/** Books through the api and answers the job (fails the test on anything but 201). */
export async function booked(t: TestContext, world: JobWorld, overrides: Record<string, unknown> = {}) {
  const res = await book(t, world, overrides);
  if (res.status !== 201) throw new Error(`booking answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; status: JobStatus; allowed_actions: string[] };
}

/** PATCH /jobs/{id}: an action on a job, as whoever holds `token`. */
export function patch(t: TestContext, token: string, jobId: string, body: Record<string, unknown>) {
  return call(t.server, 'PATCH', `/api/v1/jobs/${jobId}`, { token, body });
}
