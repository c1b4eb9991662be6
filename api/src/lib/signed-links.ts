/**
 * Addresses of private files, signed (message attachments, certificates of insurance): the
 * people allowed receive the address, and an <img> or a link sends no bearer token, so the
 * signature (of the purpose, the resource id and an expiry) is what admits a reader. The expiry
 * is rounded to a window, so a resource keeps the same address for hours (caches and ETags stay
 * put) and is valid at least one window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ResponseObject, ResponseToolkit } from '@hapi/hapi';

const windowSeconds = 6 * 60 * 60;

function signature(purpose: string, id: string, expires: number, secret: string): string {
  return createHmac('sha256', `${purpose}:${secret}`).update(`${id}.${expires}`).digest('base64url');
}

/** `path?expires=…&signature=…` for the resource `id`, signed for `purpose`. */
export function signedPath(purpose: string, path: string, id: string, secret: string, now: Date): string {
  const expires = (Math.floor(now.getTime() / 1000 / windowSeconds) + 2) * windowSeconds;
  return `${path}?expires=${expires}&signature=${signature(purpose, id, expires, secret)}`;
}

export function isValidSignedLink(purpose: string, id: string, expires: number, given: string, secret: string, now: Date): boolean {
  if (expires * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signature(purpose, id, expires, secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A private file's answer (reached by a signed link or a token): its type as stored, never
 * sniffed, kept only by the reader's own browser for an hour, shown inline or as a download.
 */
export function privateFileResponse(h: ResponseToolkit, file: { body: Buffer; contentType: string; disposition: string }): ResponseObject {
  return h
    .response(file.body)
    .type(file.contentType)
    .header('Content-Disposition', file.disposition)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=3600');
}
