import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { likeState, projectIdParams } from '../schemas.ts';
import { toggleLike } from '../service/engagement.ts';
import { visitorAnswers } from '../service/gallery-cache.ts';

export const likeProjectRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/projects/{id}/like',
    options: {
      description: 'Like a project, or take the like back (a second press)',
      notes: 'Signed-in clients only, on public projects: like_not_allowed 403 for providers, one’s own or a private project; 404 project_not_found for someone else’s private one.',
      validate: { params: projectIdParams },
      plugins: { rateLimit: { bucket: 'project-likes', limit: 120, windowSeconds: 60, by: 'user' } },
      response: { status: { 200: likeState } },
    },
    handler: async ({ params }, request) => {
      const { state, providerId } = await toggleLike(context.knex, params.id, callerOf(request).userId);
      visitorAnswers(context).forgetProvider(providerId);
      return state;
    },
  });
