/** Loyalty rewards as a hapi plugin: the client's points and tier, the job's tier and reward, the provider's offer. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { jobLoyaltyRoute } from './routes/job.ts';
import { myLoyaltyRoute } from './routes/me.ts';
import { myRewardRoute, removeRewardRoute, setRewardRoute } from './routes/reward.ts';
import { rewardsRoute } from './routes/rewards.ts';
import { registerRoutes } from '../../lib/route.ts';

/** The ledger's writes, made inside the transaction that completes a job or writes or deletes a review. */
export { earnForCompletedJob, earnForReview, takeBackReview } from './repository.ts';
/** The same, for many at once: the demo island's history (db/demo-showcase.ts). */
export { earnForCompletedJobs, earnForReviews } from './repository.ts';

export const loyaltyModule: Plugin<AppContext> = {
  name: 'loyalty',
  register(server, context) {
    registerRoutes(server, context, ['api', 'loyalty'], [myLoyaltyRoute, jobLoyaltyRoute, myRewardRoute, setRewardRoute, removeRewardRoute, rewardsRoute]);
  },
};
