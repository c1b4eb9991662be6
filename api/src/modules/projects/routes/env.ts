import type { Request } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import type { ProjectEnv } from '../service.ts';

/** What the project services need of the context, at this request's time. */
export function projectEnv(context: AppContext, request: Request): ProjectEnv {
  return {
    db: context.knex,
    storage: context.storage,
    now: context.clock.now(),
    onCleanupError: (error) => request.log(['error', 'projects'], { err: error }),
  };
}

/** The signed-in account on a route that visitors may call too. */
export function viewerOf(request: Request): string | null {
  return request.auth.credentials?.user?.userId ?? null;
}
