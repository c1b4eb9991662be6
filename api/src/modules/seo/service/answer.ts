/**
 * How every sitemap answers: XML kept an hour by any cache (crawlers come back daily at most; an
 * hour keeps a burst of them off the database), and a child address that is not one (a malformed
 * or reversed range, an unknown name, extra parameters) a 404 in the error shape, never a 500.
 */
import type { ResponseToolkit } from '@hapi/hapi';
import { notFound } from '../../../lib/errors.ts';

const cacheSeconds = 3600;

export function xmlAnswer(h: ResponseToolkit, body: string) {
  return h.response(body).type('application/xml; charset=utf-8').header('Cache-Control', `public, max-age=${cacheSeconds}`);
}

export function refuseSitemap(): never {
  throw notFound('Sitemap');
}
