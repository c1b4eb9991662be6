import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listNoShows } from '../service/no-shows.ts';
import { adminNoShowPage, adminNoShowQuery } from '../schemas.ts';

export const adminNoShowsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/no-shows',
    options: {
      ...adminOnly,
      tags: adminTags('no-shows'),
      description: 'No-show reports (status=open for those waiting), oldest first, with the job, both parties and both sides\' words',
      notes: '403 forbidden for anybody but an admin; 401 without a token.',
      validate: { query: adminNoShowQuery },
      response: { status: { 200: adminNoShowPage } },
    },
    handler: ({ query }) => listNoShows(context.knex, query),
  });
