/**
 * The provider's changes to a job's payments (issue 29): money received another way (cash, a
 * transfer, a check) recorded on the job, and a refund of a paid payment, never more than what is
 * left of it (the api refuses more with `refund_too_large`). Each refreshes the job and its money.
 */
import type { NewRefund, OtherPayment, Payment } from '@resuelve/contract';
import { useChange } from '../../lib/use-change.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { refreshAfterPayment } from './api.ts';

const byId = (id: string) => encodeURIComponent(id);

/** POST /jobs/{id}/payments/other. */
export function recordOtherPayment(jobId: string, body: OtherPayment): Promise<Payment> {
  return apiFetch<Payment>(`/jobs/${byId(jobId)}/payments/other`, { method: 'POST', body });
}

/** POST /payments/{id}/refunds. */
export function refundPayment(paymentId: string, body: NewRefund): Promise<Payment> {
  return apiFetch<Payment>(`/payments/${byId(paymentId)}/refunds`, { method: 'POST', body });
}

/** What is left to refund of a payment. */
export const refundableCents = (payment: Pick<Payment, 'amount_cents' | 'refunded_cents'>) => Math.max(0, payment.amount_cents - payment.refunded_cents);

export function useRecordOtherPayment(jobId: string) {
  return useChange((body: OtherPayment) => recordOtherPayment(jobId, body), refreshAfterPayment);
}

export function useRefundPayment() {
  return useChange((input: { paymentId: string } & NewRefund) => refundPayment(input.paymentId, { amount_cents: input.amount_cents, message: input.message ?? null }), refreshAfterPayment);
}
