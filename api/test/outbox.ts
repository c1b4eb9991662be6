/**
 * What the app sent, read from the outbox (in development and tests mail and texts land there
 * instead of leaving): mails and the links in them, texts and their codes, and the notices about
 * jobs.
 */
import type { Knex } from 'knex';

export interface OutboxRow {
  to_address: string;
  subject: string;
  body: string;
  links: string[];
  created_at: Date;
}

/** The mails sent to an address, newest first. */
export async function mailsTo(knex: Knex, address: string): Promise<OutboxRow[]> {
  return knex('outbox').where({ to_address: address, channel: 'email' }).orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/** The newest link to `path` mailed to an address. */
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

export interface SmsRow {
  to_address: string;
  body: string;
  codes: string[];
}

/** The texts sent to a number (digits with the country code), newest first. */
export async function smsTo(knex: Knex, digits: string): Promise<SmsRow[]> {
  return knex('outbox').where({ channel: 'sms', to_address: `+${digits}` }).orderBy('created_at', 'desc').orderBy('id', 'desc');
}

export async function lastCodeTo(knex: Knex, digits: string): Promise<string> {
  const [latest] = await smsTo(knex, digits);
  const code = latest?.codes[0];
  if (!code) throw new Error(`No code was sent to +${digits}`);
  return code;
}

/** The messages about jobs (they link to one) sent to an address, oldest first. */
export async function outboxTo(knex: Knex, address: string): Promise<{ channel: string; subject: string | null; body: string }[]> {
  return knex('outbox').where({ to_address: address }).whereLike('body', '%/jobs/%').orderBy('created_at').select('channel', 'subject', 'body');
}
