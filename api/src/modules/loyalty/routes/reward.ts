/** The provider's reward offer to loyal clients: read, set, remove. */
import type { ServerRoute } from '@hapi/hapi';
import type { LoyaltyReward } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { rewardAnswer, rewardSchema } from '../schemas.ts';
import { myReward, removeReward, setReward } from '../service.ts';

const notes = 'Provider accounts only (403 forbidden for others).';

export const myRewardRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/me/reward',
  options: { tags: ['api', 'loyalty'], description: "The calling provider's reward offer, or null", notes, response: { status: { 200: rewardAnswer } } },
  handler: (request) => myReward(context.knex, callerOf(request)),
});

export const setRewardRoute = (context: AppContext): ServerRoute => ({
  method: 'PUT',
  path: '/api/v1/providers/me/reward',
  options: {
    tags: ['api', 'loyalty'],
    description: 'The calling provider offers a percent off to clients of a tier and above (replaces any earlier offer)',
    notes,
    validate: { payload: rewardSchema },
    response: { status: { 200: rewardAnswer } },
  },
  handler: (request) => setReward(context.knex, callerOf(request), request.payload as LoyaltyReward, context.clock.now()),
});

export const removeRewardRoute = (context: AppContext): ServerRoute => ({
  method: 'DELETE',
  path: '/api/v1/providers/me/reward',
  options: { tags: ['api', 'loyalty'], description: 'The calling provider withdraws their reward offer', notes },
  handler: async (request, h) => {
    await removeReward(context.knex, callerOf(request));
    return h.response().code(204);
  },
});
