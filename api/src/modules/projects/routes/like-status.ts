import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { likeState, projectIdParams } from '../schemas.ts';
import { likeStatus } from '../service/engagement.ts';
import { openToVisitors, viewerOf } from './env.ts';

export const likeStatusRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/projects/{id}/like-status',
    options: {
      ...openToVisitors,
      description: 'The project’s likes and whether the caller likes it (never, for visitors)',
      validate: { params: projectIdParams },
      response: { status: { 200: likeState } },
    },
    handler: ({ params }, request) => likeStatus(context.knex, params.id, viewerOf(request)),
  });
