import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { likeStatus, toggleLike } from '../engagement.ts';
import { visitorAnswers } from '../gallery-cache.ts';
import { likeState, projectIdParams } from '../schemas.ts';
import { viewerOf } from './env.ts';

export const likeProjectRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/projects/{id}/like',
  options: {
    tags: ['api', 'projects'],
    description: 'Like a project, or take the like back (a second press)',
    notes: 'Signed-in clients only, on public projects: like_not_allowed 403 for providers, one’s own or a private project; 404 project_not_found for someone else’s private one.',
    validate: { params: projectIdParams },
    plugins: { rateLimit: { bucket: 'project-likes', limit: 120, windowSeconds: 60, by: 'user' } },
    response: { status: { 200: likeState } },
  },
  handler: async (request) => {
    const { state, providerId } = await toggleLike(context.knex, (request.params as { id: string }).id, callerOf(request).userId);
    visitorAnswers(context).forgetProvider(providerId);
    return state;
  },
});

export const likeStatusRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/projects/{id}/like-status',
  options: {
    auth: { mode: 'optional' },
    tags: ['api', 'projects'],
    description: 'The project’s likes and whether the caller likes it (never, for visitors)',
    validate: { params: projectIdParams },
    response: { status: { 200: likeState } },
  },
  handler: (request) => likeStatus(context.knex, (request.params as { id: string }).id, viewerOf(request)),
});
