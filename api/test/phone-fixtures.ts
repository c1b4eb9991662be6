/** Helpers for the phone tests: fresh numbers, and codes sent and checked through the api. */
import type { Server } from '@hapi/hapi';
import { signedIn } from './api-factories.ts';
import { lastCodeTo } from './outbox.ts';
import { call, type TestContext } from './server.ts';

let lastNumber = 0;
const run = Math.floor(Math.random() * 900) + 100;

/** A Puerto Rico number as a person types it ("(787) 3xx-yyyy"), different on every call. */
export function freshPhone(): { typed: string; digits: string } {
  lastNumber += 1;
  const line = String(lastNumber).padStart(4, '0');
  return { typed: `(787) ${run}-${line}`, digits: `1787${run}${line}` };
}

export function sendCode(server: Server, token: string, phoneNumber: string) {
  return call(server, 'POST', '/api/v1/phone/send-verification', { token, body: { phoneNumber } });
}

export function verifyCode(server: Server, token: string, phoneNumber: string, code: string) {
  return call(server, 'POST', '/api/v1/phone/verify', { token, body: { phoneNumber, code } });
}

/** Sends a code for `phone` as the account holding `token`, and reads it from the outbox. */
export async function codeSent(t: TestContext, token: string, phone: { typed: string; digits: string }): Promise<string> {
  await sendCode(t.server, token, phone.typed);
  return lastCodeTo(t.knex, phone.digits);
}

/** Two signed-in accounts, each holding a code for one fresh number that neither has verified yet. */
export async function twoClaimsOnOneNumber(t: TestContext) {
  const phone = freshPhone();
  const a = await signedIn(t.server, t.knex);
  const b = await signedIn(t.server, t.knex);
  return { phone, a, b, codeOfA: await codeSent(t, a.token, phone), codeOfB: await codeSent(t, b.token, phone) };
}

/** A 6-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
