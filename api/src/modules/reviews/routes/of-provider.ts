import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { providerIdParams } from '../../providers/index.ts';
import { providerReviewPageSchema, reviewPageQuery } from '../schemas.ts';
import { providerReviews } from '../service.ts';

export const providerReviewsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/{id}/reviews',
  options: {
    auth: { mode: 'optional' },
    tags: ['api', 'reviews'],
    description: "A provider's reviews with their replies, newest first, by keyset pages, and the counts per rating",
    notes: '404 provider_not_found for an unknown provider or one not yet public.',
    validate: { params: providerIdParams, query: reviewPageQuery },
    response: { status: { 200: providerReviewPageSchema } },
  },
  handler: (request) =>
    providerReviews(
      context.knex,
      (request.params as { id: string }).id,
      request.auth.credentials?.user?.userId ?? null,
      request.query as { limit: number; cursor?: string },
    ),
});
