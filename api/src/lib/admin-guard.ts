/**
 * Admin-only routes (SPEC.md §6, the admin console): every one spreads `adminOnly` into its
 * options. The check runs right after authentication, before the request is validated, so a
 * client or a provider gets 403 forbidden whatever they send, and a visitor 401 unauthorized
 * (the route still needs a session). The `admin` tag lets a test walk every such route.
 */
import type { Request, ResponseToolkit, RouteOptions } from '@hapi/hapi';
import type { Caller } from '../context.ts';
import { callerOf } from './caller.ts';
import { forbidden } from './errors.ts';

export const adminTag = 'admin';

function refuseNonAdmins(request: Request, h: ResponseToolkit) {
  if (!callerOf(request).isAdmin) throw forbidden();
  return h.continue;
}

/** Options every admin route spreads in: `options: { ...adminOnly, tags: adminTags('waitlist'), … }`. */
export const adminOnly = {
  auth: { mode: 'required', strategy: 'session' },
  ext: { onPostAuth: { method: refuseNonAdmins } },
} satisfies Pick<RouteOptions, 'auth' | 'ext'>;

/** The tags of an admin route: the api listing, the admin tag, and its own group. */
export function adminTags(group: string): string[] {
  return ['api', adminTag, group];
}

/** The admin behind a request (the route's `adminOnly` has already refused anybody else). */
export function adminCaller(request: Request): Caller {
  const caller = callerOf(request);
  if (!caller.isAdmin) throw forbidden();
  return caller;
}
