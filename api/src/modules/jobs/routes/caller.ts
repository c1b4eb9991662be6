import type { Request } from '@hapi/hapi';
import type { Caller } from '../../../context.ts';

/** The signed-in account behind a request (every jobs route needs a session). */
export function callerOf(request: Request): Caller {
  const user = request.auth.credentials.user!;
  return { userId: user.userId, isAdmin: user.isAdmin };
}
