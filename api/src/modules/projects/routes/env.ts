import type { Request } from '@hapi/hapi';

/** The project services store and remove photos: they take the photo services' env. */
export { projectImageEnv as projectEnv } from '../../uploads/index.ts';

/** The signed-in account on a route that visitors may call too. */
export function viewerOf(request: Request): string | null {
  return request.auth.credentials?.user?.userId ?? null;
}

/** The options of a route visitors may call too (a signed-in caller is known, none is needed). */
export const openToVisitors = { auth: { mode: 'optional' as const } };
