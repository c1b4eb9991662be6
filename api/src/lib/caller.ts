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

/**
 * Whether the socket itself comes from this machine (127.0.0.0/8, ::1, or either mapped). The
 * socket's address, never X-Forwarded-For: a header is whatever the caller writes.
 */
export function isLoopback(request: Request): boolean {
  const address = (request.info.remoteAddress || '').replace(/^::ffff:/i, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}
