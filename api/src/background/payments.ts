/**
 * The payments reconciler every minute (issue 29, decision 0060): open payments read back, oldest
 * checked first, and the refunds cancelled jobs still owe decided. A lost notification or a crash
 * between authorizing and recording is finished here.
 */
import type { AppContext } from '../context.ts';
import { reconcilePayments } from '../modules/payments/index.ts';

export async function reconcileOpenPayments(context: AppContext, onError?: (error: unknown) => void): Promise<number> {
  if (!context.config.payments.enabled) return 0;
  return reconcilePayments(context, onError);
}
