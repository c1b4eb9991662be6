/**
 * `deposit-holds` (issue 29): jobs holding a provider's time for a deposit are confirmed once it was
 * read back paid, or released (expired) once the hold passed unpaid (jobs service/deposits.ts). The
 * `payment.changed` event confirms at once; this sweep catches what an event missed, and the ends.
 */
import type { AppContext } from '../context.ts';
import { settleDepositHolds } from '../modules/jobs/index.ts';

export function settleDeposits(context: Pick<AppContext, 'knex' | 'clock' | 'events'>, onError?: (error: unknown) => void): Promise<number> {
  return settleDepositHolds(context, onError);
}
