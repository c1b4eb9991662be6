import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { ledgerPageQuery, loyaltySummarySchema } from '../schemas.ts';
import { loyaltySummary } from '../service.ts';

export const myLoyaltyRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/loyalty/me',
    options: {
      description: "The caller's points, tier by the last 12 months, progress to the next tier, and the ledger newest first",
      notes: 'The ledger pages by keyset (`cursor` from `ledger.next_cursor`). An account that never earned anything answers 0 points, bronze.',
      validate: { query: ledgerPageQuery },
      response: { status: { 200: loyaltySummarySchema } },
    },
    handler: ({ query }, request) => loyaltySummary(context.knex, callerOf(request), context.clock.now(), query),
  });
