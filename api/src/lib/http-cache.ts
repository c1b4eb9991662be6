/** HTTP cache headers of the api's answers (DESIGN.md §3), named by what they allow. */
import { createHash } from 'node:crypto';
import type { ResponseObject, ResponseToolkit } from '@hapi/hapi';

/**
 * A GET the specification marks as cached: private to the caller, kept `seconds`, with an ETag of
 * the body so a revalidation answers 304 when nothing changed.
 */
export function privateCache(h: ResponseToolkit, body: object, seconds: number): ResponseObject {
  const tag = createHash('sha1').update(JSON.stringify(body)).digest('base64url');
  return h.response(body).etag(tag).header('Cache-Control', `private, max-age=${seconds}`);
}

/** An answer no cache may keep: a secret (a token, a feed address) or a state that changes any moment. */
export function notStored(h: ResponseToolkit, body: object): ResponseObject {
  return h.response(body).header('Cache-Control', 'no-store');
}
