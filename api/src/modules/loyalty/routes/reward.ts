/** The provider's reward offer to loyal clients: read, set, remove. */
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { rewardAnswer, rewardSchema } from '../schemas.ts';
import { myReward, removeReward, setReward } from '../service.ts';

const notes = 'Provider accounts only (403 forbidden for others).';

export const myRewardRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/reward',
    options: { description: "The calling provider's reward offer, or null", notes, response: { status: { 200: rewardAnswer } } },
    handler: (_input, request) => myReward(context.knex, callerOf(request)),
  });

export const setRewardRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/providers/me/reward',
    options: {
      description: 'The calling provider offers a percent off to clients of a tier and above (replaces any earlier offer)',
      notes,
      validate: { payload: rewardSchema },
      response: { status: { 200: rewardAnswer } },
    },
    handler: ({ payload }, request) => setReward(context.knex, callerOf(request), payload, context.clock.now()),
  });

export const removeRewardRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/providers/me/reward',
    options: { description: 'The calling provider withdraws their reward offer', notes },
    handler: async (_input, request, h) => {
      await removeReward(context.knex, callerOf(request));
      return h.response().code(204);
    },
  });
