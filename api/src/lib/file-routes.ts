/**
 * One route shape for a stored file (STYLE.md: "one signed-file route"). A private file (a message's
 * attachment, a certificate of insurance) is read with the signed address its readers were given
 * (an <img> or a link sends no token) or with a reader's own token; the module's `read` decides,
 * and answers 404 to anyone else. A public file (pictures on profiles and projects) is read by
 * anyone, by its key. Either way the file goes out with its stored type, never sniffed.
 */
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Caller } from '../context.ts';
import { notFound } from './errors.ts';
import { defineRoute } from './route.ts';
import { isValidSignedLink, privateFileResponse } from './signed-links.ts';

/** The query of a signed address (lib/signed-links.ts `signedPath`); absent when a token comes instead. */
export interface SignedFileQuery {
  expires?: number;
  signature?: string;
}

export const signedFileQuery = Joi.object<SignedFileQuery>({
  expires: Joi.number().integer().min(0).max(1e11),
  signature: Joi.string().max(100),
});

/** What a private file's `read` is given: the resource, the address's signature if any, and the caller if a token came. */
export interface SignedFileRequest extends SignedFileQuery {
  id: string;
  caller: Caller | null;
}

/** Whether the request came with a valid signed address of its resource, signed for `purpose` (lib/signed-links.ts). */
export function hasValidSignature(purpose: string, request: SignedFileRequest, secret: string, now: Date): boolean {
  return request.expires !== undefined && request.signature !== undefined && isValidSignedLink(purpose, request.id, request.expires, request.signature, secret, now);
}

/** A private file as it is answered: its bytes, its stored type and how it is shown (inline or as a download). */
export interface PrivateFile {
  body: Buffer;
  contentType: string;
  disposition: string;
}

interface FileRouteText {
  /** The route's path, with `{id}` (private) or `{path*}` (public). */
  path: string;
  /** Only where the route belongs to another module's group; else its module's (registerRoutes). */
  tags?: string[];
  description: string;
  notes?: string;
}

/** GET a private file: for the signed address or the reader's token, 404 otherwise; kept only by the reader's browser. */
export function signedFileRoute(
  route: FileRouteText & { params: Joi.ObjectSchema<{ id: string }>; read: (request: SignedFileRequest) => Promise<PrivateFile> },
): ServerRoute {
  return defineRoute({
    method: 'GET',
    path: route.path,
    options: {
      auth: { mode: 'optional' },
      tags: route.tags,
      description: route.description,
      notes: route.notes,
      validate: { params: route.params, query: signedFileQuery },
    },
    handler: async ({ params, query }, request, h) => {
      const user = request.auth.credentials?.user;
      const caller = user ? { userId: user.userId, isAdmin: user.isAdmin } : null;
      return privateFileResponse(h, await route.read({ id: params.id, expires: query.expires, signature: query.signature, caller }));
    },
  });
}

/**
 * GET a public file by its key, for anyone (an <img> sends no token); `read` answers null for a key
 * that is not public or not stored (404). Keys are generated and never reused, so it is cached for good.
 */
export function publicFileRoute(
  route: FileRouteText & {
    params: Joi.ObjectSchema<{ path: string }>;
    read: (key: string) => Promise<{ body: Buffer; contentType: string } | null>;
  },
): ServerRoute {
  return defineRoute({
    method: 'GET',
    path: route.path,
    options: { auth: false, tags: route.tags, description: route.description, notes: route.notes, validate: { params: route.params } },
    handler: async ({ params }, _request, h) => {
      const file = await route.read(params.path);
      if (!file) throw notFound('File');
      return h
        .response(file.body)
        .type(file.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}
