import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../context.ts';
import { rewardSchema } from '../schemas.ts';
import { rewardsOf } from '../service.ts';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const rewardsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/loyalty/rewards',
  options: {
    auth: false,
    tags: ['api', 'loyalty'],
    description: "The loyalty rewards of up to 50 providers (comma-separated ids), for search cards and profiles",
    notes: 'Providers without a reward, or not listed, are left out.',
    validate: { query: Joi.object({ provider_ids: Joi.string().pattern(new RegExp(`^${uuid}(,${uuid}){0,49}$`, 'i')).required() }) },
    response: {
      status: { 200: Joi.object({ items: Joi.array().items(rewardSchema.keys({ provider_id: Joi.string().required() })).required() }).label('ProviderRewards') },
    },
  },
  handler: (request) => rewardsOf(context.knex, (request.query as { provider_ids: string }).provider_ids.split(',')),
});
