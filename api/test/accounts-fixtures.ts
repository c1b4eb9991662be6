/** Helpers for the account tests: calls from chosen addresses, cookies, and links from the outbox. */
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { refreshCookieName, type Locale } from '@resuelve/contract';
import { call, type CallOptions } from './server.ts';

export const strongPassword = 'Secreto#2026';

let lastAddress = 0;

/** A different client address per call site, so per-address limits of one test don't touch another's. */
export function freshAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

let lastEmail = 0;
export function freshEmail(name = 'persona'): string {
  lastEmail += 1;
  return `${name}.${lastEmail}.${Date.now().toString(36)}@example.pr`;
}

/** The test server's `call`, under the name the account tests use. */
export const send = call;
export type SendOptions = CallOptions;

/** The refresh cookie a response set: its value (empty when cleared) and its attributes. */
export function refreshCookie(headers: Record<string, unknown>): { value: string; attributes: string[] } | null {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const line = all.find((c: string) => c.startsWith(`${refreshCookieName}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(';').map((part: string) => part.trim());
  return { value: pair!.slice(refreshCookieName.length + 1), attributes };
}

export interface OutboxRow {
  to_address: string;
  subject: string;
  body: string;
  links: string[];
  created_at: Date;
}

export async function mailsTo(knex: Knex, address: string): Promise<OutboxRow[]> {
  return knex('outbox').where({ to_address: address, channel: 'email' }).orderBy('created_at', 'desc').orderBy('id', 'desc');
}

export async function lastLinkTo(knex: Knex, address: string, path: string): Promise<string> {
  for (const mail of await mailsTo(knex, address)) {
    const link = mail.links.find((l) => new URL(l).pathname === path);
    if (link) return link;
  }
  throw new Error(`No ${path} link was mailed to ${address}`);
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

/** Signs up through the api and follows the verification link from the outbox. */
export async function signUpVerified(
  server: Server,
  knex: Knex,
  options: { email?: string; password?: string; locale?: Locale } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = options.email ?? freshEmail();
  const password = options.password ?? strongPassword;
  const signUp = await send(server, 'POST', '/api/v1/auth/signup', {
    body: { email, password, locale: options.locale ?? 'es' },
    address: freshAddress(),
  });
  if (signUp.status !== 201) throw new Error(`signup answered ${signUp.status}`);
  const token = tokenOf(await lastLinkTo(knex, email, '/verify-email'));
  const verified = await send(server, 'POST', '/api/v1/auth/verify-email', { body: { token }, address: freshAddress() });
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}`);
  return { id: signUp.body.id, email, password };
}

export async function signIn(
  server: Server,
  credentials: { email: string; password: string },
  options: { client?: 'web' | 'desktop'; address?: string } = {},
) {
  const body: Record<string, string> = { email: credentials.email, password: credentials.password };
  if (options.client) body.client = options.client;
  const answer = await send(server, 'POST', '/api/v1/auth/signin', { body, address: options.address ?? freshAddress() });
  return { ...answer, cookie: refreshCookie(answer.headers)?.value };
}
