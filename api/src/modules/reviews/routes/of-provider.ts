import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { providerIdParams } from '../../providers/index.ts';
import { providerReviewPageSchema, reviewPageQuery } from '../schemas.ts';
import { providerReviews } from '../service.ts';

export const providerReviewsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/{id}/reviews',
    options: {
      auth: { mode: 'optional' },
      description: "A provider's reviews with their replies, newest first, by keyset pages, and the counts per rating",
      notes: '404 provider_not_found for an unknown provider or one not yet public.',
      validate: { params: providerIdParams, query: reviewPageQuery },
      response: { status: { 200: providerReviewPageSchema } },
    },
    handler: ({ params, query }, request) => providerReviews(context.knex, params.id, request.auth.credentials?.user?.userId ?? null, query),
  });
