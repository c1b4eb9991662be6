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

export interface WebOptions {
  webDist: string;
  localesDir: string;
}

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
  register(server, { webDist, localesDir }) {
    server.route({
      method: 'GET',
      path: '/locales/{lng}/{ns}.json',
      options: {
        auth: false,
        validate: {
          // Files and pages take any query (cache busters, links' own parameters such as ?token=).
          query: true,
          params: Joi.object({
            lng: Joi.string().valid(...locales),
            ns: Joi.string().pattern(/^[a-z][a-z0-9-]{0,40}$/),
          }),
        },
      },
      handler: (request, h) => {
        const { lng, ns } = request.params as { lng: string; ns: string };
        const file = path.join(localesDir, lng, `${ns}.json`);
        if (!fs.existsSync(file)) throw new AppError('not_found', 'No such translation namespace');
        return h.file(file, { confine: false, etagMethod: 'hash' }).header('Cache-Control', 'public, max-age=300, must-revalidate');
      },
    });

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
      handler: (request, h) => {
        const requested = String(request.params.path ?? '');
        // hapi prefers this GET route over the any-method api catch-all above.
        if (requested === 'api' || requested.startsWith('api/')) throw new AppError('route_not_found', 'No such route');
        const file = path.resolve(webDist, requested);
        if (requested && file.startsWith(webDist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
          return h.file(file, { confine: false }).header('Cache-Control', 'public, max-age=3600');
        }
        return indexHtml(h, webDist);
      },
    });
  },
};
