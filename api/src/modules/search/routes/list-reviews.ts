import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { providerIdParams } from '../../providers/schemas.ts';
import { listProviderReviews } from '../profile.ts';
import { reviewPage, reviewsQuery } from '../schemas.ts';

export const listProviderReviewsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/{id}/reviews',
  options: {
    auth: { mode: 'optional' },
    tags: ['api', 'search'],
    description: "A provider's reviews, newest first, by keyset pages",
    validate: { params: providerIdParams, query: reviewsQuery },
    response: { status: { 200: reviewPage } },
  },
  handler: (request) => {
    const query = request.query as { limit: number; cursor?: string };
    return listProviderReviews(context.knex, (request.params as { id: string }).id, {
      ...query,
      viewerId: request.auth.credentials?.user?.userId ?? null,
    });
  },
});
