/**
 * The waitlist's administration is for admins only. The check runs right after authentication,
 * before validation, so a client or a provider gets 403 whatever they send, and a visitor 401.
 */
import type { Request, ResponseToolkit, RouteOptions } from '@hapi/hapi';
import { callerOf } from '../../lib/caller.ts';
import { forbidden } from '../../lib/errors.ts';

function refuseNonAdmins(request: Request, h: ResponseToolkit) {
  if (!callerOf(request).isAdmin) throw forbidden();
  return h.continue;
}

export const adminOnly = {
  auth: { mode: 'required', strategy: 'session' },
  ext: { onPostAuth: { method: refuseNonAdmins } },
} satisfies Pick<RouteOptions, 'auth' | 'ext'>;
