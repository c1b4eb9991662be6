/**
 * The web build and the translation files on the api's own port. Hashed assets are cached for a
 * year, locales briefly with revalidation, index.html never; unknown paths outside /api/v1 get the
 * web app, which shows its own not-found page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import { locales } from '@resuelve/contract';
import { AppError } from '../lib/errors.ts';
import { defineRoute } from '../lib/route.ts';
import { chooseLanguage, hasSession } from '../pages/language-choice.ts';
import { createPageRenderer } from '../pages/page-render.ts';

export interface WebOptions {
  webDist: string;
  localesDir: string;
  /** config.publicUrl: absolute addresses in the public pages' heads. */
  publicUrl: string;
  /** The built server render (default: web/dist-server/entry-server.js). */
  serverEntry?: string;
  /** The api's clock (movable outside production): the rendered pages' "now". */
  now?: () => Date;
}

/** A public address answers differently by language preference (decision 0034). */
const varyByLanguage = 'Accept-Language, Cookie';

function indexHtml(h: ResponseToolkit, webDist: string) {
  const file = path.join(webDist, 'index.html');
  if (!fs.existsSync(file)) {
    return h
      .response('The web app is not built yet. Run `npm run build` (npm start does it for you).')
      .type('text/plain')
      .code(503);
  }
  return h.file(file, { confine: false }).header('Cache-Control', 'no-cache');
}

export const webPlugin: Plugin<WebOptions> = {
  name: 'web',
  dependencies: ['@hapi/inert'],
  register(server, { webDist, localesDir, publicUrl, serverEntry, now }) {
    const pages = createPageRenderer({
      webDist,
      localesDir,
      publicUrl,
      serverEntry,
      now,
      api: async (url, remoteAddress) => {
        const res = await server.inject({ method: 'GET', url, headers: { accept: 'application/json' }, remoteAddress });
        return { status: res.statusCode, body: res.payload, contentType: String(res.headers['content-type'] ?? 'application/json') };
      },
      warn: (message, details) => server.log(['web', 'warn'], { message, ...details }),
    });

    server.route(
      defineRoute({
        method: 'GET',
        path: '/locales/{lng}/{ns}.json',
        options: {
          auth: false,
          validate: {
            // Files and pages take any query (cache busters, links' own parameters such as ?token=).
            query: true,
            params: Joi.object<{ lng: string; ns: string }>({
              lng: Joi.string().valid(...locales),
              ns: Joi.string().pattern(/^[a-z][a-z0-9-]{0,40}$/),
            }),
          },
        },
        handler: ({ params: { lng, ns } }, _request, h) => {
          const file = path.join(localesDir, lng, `${ns}.json`);
          if (!fs.existsSync(file)) throw new AppError('not_found', 'No such translation namespace');
          return h.file(file, { confine: false, etagMethod: 'hash' }).header('Cache-Control', 'public, max-age=300, must-revalidate');
        },
      }),
    );

    server.route({
      method: 'GET',
      path: '/assets/{file*}',
      options: { auth: false, validate: { query: true } },
      handler: (request, h) => {
        const file = path.join(webDist, 'assets', String(request.params.file ?? ''));
        if (!file.startsWith(path.join(webDist, 'assets')) || !fs.existsSync(file)) {
          return h.response('Not found').type('text/plain').code(404);
        }
        return h.file(file, { confine: false }).header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });

    // Unknown api routes answer in the error shape, with any method.
    server.route({
      method: '*',
      path: '/api/v1/{any*}',
      options: { auth: false, validate: { query: true } },
      handler: () => {
        throw new AppError('route_not_found', 'No such route');
      },
    });

    server.route({
      method: 'GET',
      path: '/{path*}',
      options: { auth: false, validate: { query: true } },
      handler: async (request, h) => {
        const requested = String(request.params.path ?? '');
        // hapi prefers this GET route over the any-method api catch-all above.
        if (requested === 'api' || requested.startsWith('api/')) throw new AppError('route_not_found', 'No such route');
        const file = path.resolve(webDist, requested);
        if (requested && file.startsWith(webDist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
          return h.file(file, { confine: false }).header('Cache-Control', 'public, max-age=3600');
        }
        // Public pages: the visitor's language by address, cookie or Accept-Language, rendered here.
        const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
        const cookieHeader = header('cookie');
        const choice = chooseLanguage({ pathname: request.path, search: request.url.search, cookieHeader, acceptLanguage: header('accept-language') });
        if (choice.kind === 'redirect') {
          return h.redirect(choice.location).code(302).header('Vary', varyByLanguage).header('Cache-Control', 'no-cache');
        }
        if (choice.kind === 'page') {
          // A signed-in browser gets the shell: its own chrome and data come with its session (decision 0034).
          const page = hasSession(cookieHeader)
            ? null
            : await pages.render({ language: choice.language, basePath: choice.basePath, search: request.url.search, remoteAddress: request.info.remoteAddress });
          const html = page?.html ?? pages.shell(choice.language);
          if (html) {
            return h
              .response(html)
              .type('text/html; charset=utf-8')
              .code(page?.status ?? 200)
              .header('Cache-Control', 'no-cache')
              .header('Vary', varyByLanguage);
          }
        }
        return indexHtml(h, webDist);
      },
    });
  },
};
