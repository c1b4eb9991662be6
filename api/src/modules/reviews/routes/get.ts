import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { reviewById } from '../repository.ts';
import { reviewSchema } from '../schemas.ts';

export const getReviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/reviews/{id}',
    options: {
      auth: { mode: 'optional' },
      description: 'One review (reviews are public, as on the profile)',
      notes: '404 review_not_found.',
      validate: { params: idParams },
      response: { status: { 200: reviewSchema } },
    },
    handler: ({ params }) => reviewById(context.knex, params.id),
  });
