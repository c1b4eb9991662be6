/** The waitlist's administration: list, figures, export, change, delete (admins only), one route per file. */
import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listQuery, pageSchema } from '../schemas.ts';
import { listSignups } from '../service.ts';

/** What every administration route of the waitlist says and who may call it. */
export const adminNotes = 'Admins only: 401 unauthorized without a session, 403 forbidden for clients and providers.';
export const adminRoute = { ...adminOnly, tags: adminTags('waitlist') };

export const listSignupsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/waitlist/signups',
    options: {
      ...adminRoute,
      description: 'Waitlist signups, newest first, filtered by role, confirmation and text (email or name)',
      notes: adminNotes,
      validate: { query: listQuery },
      response: { status: { 200: pageSchema } },
    },
    handler: ({ query }) => listSignups(context.knex, query),
  });
