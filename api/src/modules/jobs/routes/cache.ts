import { createHash } from 'node:crypto';
import type { ResponseObject, ResponseToolkit } from '@hapi/hapi';

/**
 * GETs the specification marks as cached (DESIGN.md §3): private to the caller, kept `seconds`,
 * with an ETag of the body so a revalidation answers 304 when nothing changed.
 */
export function privateCache(h: ResponseToolkit, body: object, seconds: number): ResponseObject {
  const tag = createHash('sha1').update(JSON.stringify(body)).digest('base64url');
  return h.response(body).etag(tag).header('Cache-Control', `private, max-age=${seconds}`);
}
