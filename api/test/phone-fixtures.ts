/** Helpers for the phone tests: signed-in accounts, fresh numbers, and codes read from the SMS outbox. */
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { send, signIn, signUpVerified } from './accounts-fixtures.ts';

export interface SignedIn {
  id: string;
  email: string;
  password: string;
  token: string;
}

export async function signedIn(server: Server, knex: Knex, locale: 'es' | 'en' = 'es'): Promise<SignedIn> {
  const account = await signUpVerified(server, knex, { locale });
  const session = await signIn(server, account);
  return { ...account, token: session.body.access_token as string };
}

let lastNumber = 0;
const run = Math.floor(Math.random() * 900) + 100;

/** A Puerto Rico number as a person types it ("(787) 3xx-yyyy"), different on every call. */
export function freshPhone(): { typed: string; digits: string } {
  lastNumber += 1;
  const line = String(lastNumber).padStart(4, '0');
  return { typed: `(787) ${run}-${line}`, digits: `1787${run}${line}` };
}

export interface SmsRow {
  to_address: string;
  body: string;
  codes: string[];
}

export async function smsTo(knex: Knex, digits: string): Promise<SmsRow[]> {
  return knex('outbox').where({ channel: 'sms', to_address: `+${digits}` }).orderBy('created_at', 'desc').orderBy('id', 'desc');
}

export async function lastCodeTo(knex: Knex, digits: string): Promise<string> {
  const [latest] = await smsTo(knex, digits);
  const code = latest?.codes[0];
  if (!code) throw new Error(`No code was sent to +${digits}`);
  return code;
}

export function sendCode(server: Server, token: string, phoneNumber: string) {
  return send(server, 'POST', '/api/v1/phone/send-verification', { token, body: { phoneNumber } });
}

export function verifyCode(server: Server, token: string, phoneNumber: string, code: string) {
  return send(server, 'POST', '/api/v1/phone/verify', { token, body: { phoneNumber, code } });
}

/** A 6-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
