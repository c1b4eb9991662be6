/**
 * Payments as the ui reads and changes them (issue 29, contract payments.ts): a job's money (its
 * deposit, what was paid, pending and refunded, the balance, each payment), and the client's
 * payment with ATH Móvil: started (it waits on their phone), checked ("Ya lo aprobé": the api reads
 * it back from the processor now) and cancelled while open. The keys sit under `jobKeys.all`: a
 * payment changes its job (a deposit paid confirms it), its quote and its receipt, and every job
 * refresh (a change, `job.changed`, `payment.changed`, a reconnection) reaches the payments too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { JobPayments, NewPayment, Payment } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useChange } from '../../lib/use-change.ts';
import { jobKeys } from '../job/api.ts';
import { refreshQueries } from '../../lib/refresh-queries.ts';

export type { JobPayments, NewPayment, Payment, PaymentStatus } from '@resuelve/contract';

/** Invalidate `paymentKeys.all` after a payment changes (`jobKeys.all` covers it too). */
export const paymentKeys = {
  all: [...jobKeys.all, 'payments'] as const,
  ofJob: (jobId: string) => [...jobKeys.all, 'payments', 'job', jobId] as const,
};

const byId = (id: string) => encodeURIComponent(id);

/** While a payment waits on the phone, the page asks again this often, in case the live socket is down. */
export const openPaymentPollMs = 5_000;

/** A job the api keeps no money for answers 404: that is nothing to show, not a failure. */
async function fetchJobPayments(jobId: string, signal?: AbortSignal): Promise<JobPayments | null> {
  try {
    return await apiFetch<JobPayments>(`/jobs/${byId(jobId)}/payments`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const paymentQueries = {
  /** GET /jobs/{id}/payments: the job's money as both parties read it; null when there is none to read. */
  ofJob: (jobId: string) => queryOptions({ queryKey: paymentKeys.ofJob(jobId), queryFn: ({ signal }) => fetchJobPayments(jobId, signal) }),
};

/** The open ATH Móvil payment among a job's, if one waits on the client's phone. */
export function openPaymentOf(payments: JobPayments | null | undefined): Payment | null {
  return payments?.payments.find((payment) => payment.status === 'open' && payment.method === 'athmovil') ?? null;
}

/**
 * A job's payments. While one is open it asks again every 5 s: the live event usually comes first,
 * but a socket that is down must not leave the client watching a payment they already approved.
 */
export function useJobPayments(jobId: string, options: { enabled?: boolean } = {}) {
  // Polling stops by itself once nothing is open; a hidden tab is not polled (react-query's default).
  return useQuery({
    ...paymentQueries.ofJob(jobId),
    enabled: options.enabled ?? true,
    meta: { silent: true },
    refetchInterval: (query) => (openPaymentOf(query.state.data) ? openPaymentPollMs : false),
  });
}

/** POST /jobs/{id}/payments: the request goes to the client's ATH Móvil on their phone. */
export function startPayment(jobId: string, body: NewPayment): Promise<Payment> {
  return apiFetch<Payment>(`/jobs/${byId(jobId)}/payments`, { method: 'POST', body });
}

/** POST /payments/{id}/check: read it back from the processor now (after approving on the phone). */
export function checkPayment(paymentId: string): Promise<Payment> {
  return apiFetch<Payment>(`/payments/${byId(paymentId)}/check`, { method: 'POST' });
}

/** POST /payments/{id}/cancel: the client cancels while it is open. */
export function cancelPayment(paymentId: string): Promise<Payment> {
  return apiFetch<Payment>(`/payments/${byId(paymentId)}/cancel`, { method: 'POST' });
}

/**
 * After a payment's change: the job, its quote, its receipt and its payments (all under the job's
 * keys). A payment the api answered shows at once in its job's list, before the refetch.
 */
export function refreshAfterPayment(queryClient: QueryClient, answer?: Payment): void {
  if (answer) {
    queryClient.setQueryData(paymentKeys.ofJob(answer.job_id), (old: JobPayments | null | undefined) =>
      old ? { ...old, payments: [answer, ...old.payments.filter((payment) => payment.id !== answer.id)] } : old,
    );
  }
  void refreshQueries(queryClient, jobKeys.all);
}

/** Start a payment (lib/use-change.ts: offline is refused in words, the problem is the error's code in words). */
export function useStartPayment(jobId: string) {
  return useChange((body: NewPayment) => startPayment(jobId, body), refreshAfterPayment);
}

/** "Ya lo aprobé": `onAnswer` hears the payment as read back (still open when the phone has not said yes yet). */
export function useCheckPayment(onAnswer?: (payment: Payment) => void) {
  return useChange((paymentId: string) => checkPayment(paymentId).then((payment) => (onAnswer?.(payment), payment)), refreshAfterPayment);
}

export function useCancelPayment() {
  return useChange((paymentId: string) => cancelPayment(paymentId), refreshAfterPayment);
}
