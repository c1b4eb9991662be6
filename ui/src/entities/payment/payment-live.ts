/**
 * What payments do with live events: each `payment.changed` (opened, paid, declined, expired,
 * cancelled, refused, refunded) refreshes the job's payments, the job (a deposit paid confirms it),
 * its quote and its receipt: all sit under `jobKeys.all`, so one invalidation reaches them. A
 * reconnection already refreshes them through the jobs' own handler (job-live.ts).
 */
import { onLiveEvent } from '../../lib/live.ts';
import { refreshAfterPayment } from './api.ts';

/** Registers the payments' live handlers; returns the function that removes them. */
export function followPaymentEvents(): () => void {
  const stops = [onLiveEvent('payment.changed', (_event, { queryClient }) => refreshAfterPayment(queryClient))];
  return () => {
    for (const stop of stops) stop();
  };
}
