/** `job-expiry` (DESIGN.md §5): requests, proposals and continuation offers whose time passed unanswered expire. */
import type { AppContext } from '../context.ts';
import { expireOverdueJobs } from '../modules/jobs/index.ts';

export function expireOverdue(context: Pick<AppContext, 'knex' | 'clock' | 'events'>): Promise<number> {
  return expireOverdueJobs(context);
}
