/** Who a request comes from: the signed-in account, and the network address. */
import type { Request } from '@hapi/hapi';
import type { Caller } from '../context.ts';
import { AppError } from './errors.ts';

/**
 * The signed-in account behind a request. Routes need a session unless they say otherwise, so
 * its absence is 401 unauthorized, never a crash.
 */
export function callerOf(request: Request): Caller {
  const user = request.auth.credentials?.user;
  if (!user) throw new AppError('unauthorized', 'Authentication required');
  return { userId: user.userId, isAdmin: user.isAdmin };
}

/** The address a request came from (rate limits by address, client logs). */
export function clientAddress(request: Request): string {
  return request.info.remoteAddress || 'unknown';
}
