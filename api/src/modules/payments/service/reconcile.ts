/**
 * The reconciler (decision 0060): what a lost notification, a closed browser or a crash left
 * behind. Every minute it verifies the open payments, least recently checked first, and finishes
 * the refunds that cancelled jobs still owe. A plain function of the context, so tests call it.
 */
import type { PaymentsContext } from './common.ts';
import { refundCancelledJob } from './refunds.ts';
import { verifyPayment } from './verify.ts';

/** Open payments verified in one run at most; the rest wait for the next minute (oldest checked first). */
const batch = 200;

/** Verifies open payments and decides owed refunds; answers how many payments it changed or decided. */
export async function reconcilePayments(context: PaymentsContext, onError: (error: unknown) => void = () => {}): Promise<number> {
  let done = 0;
  const open: { id: string }[] = await context.knex('payments')
    .where({ status: 'open', method: 'athmovil' })
    .orderByRaw('checked_at ASC NULLS FIRST, created_at ASC')
    .limit(batch)
    .select('id');
  for (const { id } of open) {
    try {
      if ((await verifyPayment(context, id)).changed) done += 1;
    } catch (error) {
      onError(error);
    }
  }
  const owed: { job_id: string }[] = await context.knex('payments as p')
    .join('jobs as j', 'j.id', 'p.job_id')
    .where({ 'p.method': 'athmovil', 'p.status': 'paid' })
    .whereNull('p.refund_decided_at')
    .whereIn('j.status', ['cancelled', 'cancelled_by_client', 'expired'])
    .distinct('p.job_id')
    .limit(batch);
  for (const { job_id: jobId } of owed) {
    try {
      done += await refundCancelledJob(context, jobId);
    } catch (error) {
      onError(error);
    }
  }
  return done;
}
