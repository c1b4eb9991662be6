/**
 * The browser that signed up (issue 27, point 11): sign-up leaves an httpOnly cookie signed for the
 * address, sent only to POST /auth/verify-email and only from this site (SameSite=Strict), for as
 * long as a verification link lives. Opened in that browser, the emailed link signs the person in
 * as sign-in would; opened anywhere else (another device, a mail scanner, a forwarded link) it only
 * verifies. The link alone never grants a session: that takes the single-use link (proof of the
 * mailbox) and this cookie (proof of the browser that typed the password) together.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, ResponseToolkit, ServerStateCookieOptions } from '@hapi/hapi';
import { limits } from '@resuelve/contract';
import type { Config } from '../../../config.ts';

export const signupBrowserCookieName = 'rs_signup';
const lifetimeSeconds = limits.verificationLinkHours * 3600;

export function signupBrowserCookieOptions(config: Pick<Config, 'secureCookies'>): ServerStateCookieOptions {
  return {
    ttl: lifetimeSeconds * 1000,
    isSecure: config.secureCookies,
    isHttpOnly: true,
    isSameSite: 'Strict',
    path: '/api/v1/auth/verify-email',
    encoding: 'none',
    strictHeader: true,
    ignoreErrors: true,
    clearInvalid: true,
  };
}

function signature(secret: string, email: string, expires: number): string {
  return createHmac('sha256', `signup-browser:${secret}`).update(`${email.trim().toLowerCase()}.${expires}`).digest('base64url');
}

/** Marks this browser as the one that signed up with `email` (set whatever the sign-up's outcome, so it tells nothing). */
export function markSignupBrowser(h: ResponseToolkit, secret: string, email: string, now: Date): void {
  const expires = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
  h.state(signupBrowserCookieName, `${expires}.${signature(secret, email, expires)}`);
}

/** Whether the request comes from the browser that signed up with `email`, within the link's lifetime. */
export function isSignupBrowser(request: Request, secret: string, email: string, now: Date): boolean {
  const value = request.state?.[signupBrowserCookieName] as unknown;
  if (typeof value !== 'string') return false;
  const [expiresText, given] = value.split('.');
  const expires = Number(expiresText);
  if (!given || !Number.isInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, email, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
