/**
 * Response times (issue 30, decision 0053) in the background: `response-reminders` reminds a
 * provider, once, of a request that has waited two of their business hours; `response-recount`
 * counts everyone's figures again each hour, so that cases older than 90 days leave them (an
 * answer counts its provider again at once: modules/responses/index.ts).
 */
import type { AppContext } from '../context.ts';
import { recountResponseTimes, remindWaitingRequests } from '../modules/responses/index.ts';

export function sendResponseReminders(context: AppContext, onError?: (error: unknown) => void): Promise<number> {
  return remindWaitingRequests(context, onError);
}

export function recountAllResponseTimes(context: Pick<AppContext, 'knex' | 'clock'>): Promise<number> {
  return recountResponseTimes(context.knex, null, context.clock.now());
}
