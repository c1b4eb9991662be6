/** Reviews as a hapi plugin: a client's review of each completed job, the provider's reply, the lists and the review prompt. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { createReviewRoute } from './routes/create.ts';
import { deleteReviewRoute } from './routes/delete.ts';
import { reviewsForMeRoute } from './routes/for-me.ts';
import { getReviewRoute } from './routes/get.ts';
import { jobReviewRoute } from './routes/of-job.ts';
import { myReviewRoute } from './routes/my-review.ts';
import { myReviewsRoute } from './routes/mine.ts';
import { providerReviewsRoute } from './routes/of-provider.ts';
import { patchReviewRoute } from './routes/patch.ts';
import { reviewPromptRoute } from './routes/prompt.ts';
import { replyToReviewRoute } from './routes/reply.ts';
import { registerRoutes } from '../../lib/route.ts';

export const reviewsModule: Plugin<AppContext> = {
  name: 'reviews',
  register(server, context) {
    registerRoutes(server, context, ['api', 'reviews'], [
        providerReviewsRoute,
        createReviewRoute,
        myReviewRoute,
        jobReviewRoute,
        getReviewRoute,
        patchReviewRoute,
        deleteReviewRoute,
        replyToReviewRoute,
        myReviewsRoute,
        reviewsForMeRoute,
        reviewPromptRoute,
      ]);
  },
};

export { reviewPage } from './repository.ts';
/** The provider's reply, for the demo seed (db/demo-showcase.ts). */
export { replyToReview } from './service.ts';
export { reviewSchema } from './schemas.ts';
