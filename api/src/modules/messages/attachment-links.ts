/**
 * An attachment's address, signed: the two participants receive it in their messages, and an
 * <img> or a link sends no bearer token, so the signature (of the message id and an expiry) is
 * what admits a reader. Anyone else meets 404. The expiry is rounded to a window, so a message
 * keeps the same address for hours (caches and ETags stay put) and is valid at least one window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const windowSeconds = 6 * 60 * 60;

function signature(messageId: string, expires: number, secret: string): string {
  return createHmac('sha256', `attachments:${secret}`).update(`${messageId}.${expires}`).digest('base64url');
}

export function attachmentUrl(messageId: string, secret: string, now: Date): string {
  const expires = (Math.floor(now.getTime() / 1000 / windowSeconds) + 2) * windowSeconds;
  return `/api/v1/messages/${messageId}/attachment?expires=${expires}&signature=${signature(messageId, expires, secret)}`;
}

export function isValidAttachmentLink(messageId: string, expires: number, given: string, secret: string, now: Date): boolean {
  if (expires * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signature(messageId, expires, secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
