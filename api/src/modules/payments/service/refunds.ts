/**
 * Refunds (issue 29, decision 0060): the provider's own, up to what is left of a payment, and the
 * ones a cancellation owes (contract `refundOnCancel`: everything left when the provider or the
 * system cancels; less the job's recorded fee when the client does). Each is decided with the
 * payment's row locked, so two at once never pass its amount; a cancellation's refund is decided
 * once (`refund_decided_at` in the same transaction), and the reconciler finishes any left
 * undecided after a crash.
 */
import { refundOnCancel, type NewRefund, type Payment, type RefundReason } from '@resuelve/contract';
import type { Knex } from 'knex';
import type { Caller } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { accountRow, jobMoneyRow, paymentRow, type PaymentRow } from '../repository.ts';
import { authTokenOf, credentialsOf, paymentNotFound, processorProblem, publishPaymentChange, type PaymentsContext } from './common.ts';
import { paymentAnswer } from './payments.ts';
import { verifyPayment } from './verify.ts';

/** Refunds `amount` of a locked, paid payment: at the processor for ATH Móvil, recorded only for a payment made another way. */
async function refundLocked(
  context: PaymentsContext,
  trx: Knex.Transaction,
  payment: PaymentRow,
  amount: number,
  reason: RefundReason,
  message: string | null,
  by: string | null,
  now: Date,
): Promise<PaymentRow> {
  let reference: string | null = null;
  if (payment.method === 'athmovil') {
    const account = await accountRow(trx, payment.provider_id);
    if (!account || !payment.reference) throw new AppError('payment_processor_unavailable', 'The payment cannot be refunded through the processor');
    try {
      reference = (await context.processor.refund(credentialsOf(context, account), payment.reference, amount, message)).reference_number;
    } catch (error) {
      throw processorProblem(error);
    }
  }
  await trx('payment_refunds').insert({ payment_id: payment.id, amount_cents: amount, reason, message, reference, created_by: by, created_at: now });
  const [updated] = await trx('payments')
    .where({ id: payment.id })
    .update({ refunded_cents: payment.refunded_cents + amount, updated_at: now })
    .returning('*');
  return updated as PaymentRow;
}

/** The provider refunds part or all of what is left of a paid payment. */
export async function refundPayment(context: PaymentsContext, caller: Caller, paymentId: string, input: NewRefund): Promise<Payment> {
  const now = context.clock.now();
  const updated = await context.knex.transaction(async (trx) => {
    const payment = await paymentRow(trx, paymentId, true);
    if (!payment || (payment.provider_id !== caller.userId && payment.client_id !== caller.userId)) throw paymentNotFound();
    if (payment.provider_id !== caller.userId) throw new AppError('forbidden', 'Only the provider refunds');
    if (payment.status !== 'paid') throw new AppError('payment_not_paid', 'The payment is not paid');
    if (input.amount_cents > payment.amount_cents - payment.refunded_cents) throw new AppError('refund_too_large', 'More than what is left of the payment');
    return refundLocked(context, trx, payment, input.amount_cents, 'by_provider', input.message?.trim() || null, caller.userId, now);
  });
  await publishPaymentChange(context, updated, now);
  return paymentAnswer(context, updated);
}

const cancelledBy: Record<string, 'provider' | 'client' | 'system'> = { cancelled: 'provider', cancelled_by_client: 'client', expired: 'system' };

/**
 * A cancelled (or expired) job's paid ATH Móvil payments refunded as `refundOnCancel` says, each
 * decided once; the client's recorded fee is kept once across them. Answers how many were decided.
 */
export async function refundCancelledJob(context: PaymentsContext, jobId: string): Promise<number> {
  const job = await jobMoneyRow(context.knex, jobId);
  const by = job ? cancelledBy[job.status] : undefined;
  if (!job || !by) return 0;
  const undecided: { id: string }[] = await context.knex('payments')
    .where({ job_id: jobId, method: 'athmovil', status: 'paid' })
    .whereNull('refund_decided_at')
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('id');
  let decided = 0;
  for (const { id } of undecided) {
    const now = context.clock.now();
    const changed = await context.knex.transaction(async (trx) => {
      const payment = await paymentRow(trx, id, true);
      if (!payment || payment.status !== 'paid' || payment.refund_decided_at) return null;
      // What the decided payments kept is the fee already kept: it is kept once.
      const kept = await trx('payments')
        .where({ job_id: jobId, status: 'paid' })
        .whereNotNull('refund_decided_at')
        .first(trx.raw('coalesce(sum(amount_cents - refunded_cents), 0)::int as kept'));
      const feeLeft = Math.max(0, (job.fee_cents ?? 0) - Number(kept?.kept ?? 0));
      const amount = refundOnCancel({ by, remainingCents: payment.amount_cents - payment.refunded_cents, feeCents: feeLeft });
      const refunded = amount > 0 ? await refundLocked(context, trx, payment, amount, by === 'client' ? 'client_cancelled' : 'provider_cancelled', null, null, now) : payment;
      await trx('payments').where({ id }).update({ refund_decided_at: now });
      return amount > 0 ? refunded : null;
    });
    decided += 1;
    if (changed) await publishPaymentChange(context, changed, now);
  }
  return decided;
}

/**
 * A job that was cancelled (or expired): its payments still waiting on the phone are cancelled at
 * the processor and read back (one approved meanwhile is recorded paid, and then refunded), then
 * its paid ones are refunded as `refundCancelledJob` says.
 */
export async function settleCancelledJob(context: PaymentsContext, jobId: string): Promise<number> {
  const open: PaymentRow[] = await context.knex('payments').where({ job_id: jobId, method: 'athmovil', status: 'open' });
  for (const payment of open) {
    const account = await accountRow(context.knex, payment.provider_id);
    if (account) {
      try {
        await context.processor.cancel(credentialsOf(context, account), payment.ecommerce_id!, authTokenOf(context, payment));
      } catch {
        // Already gone, or the processor is away: the read-back (or the reconciler) says what it is.
      }
    }
    await verifyPayment(context, payment.id);
  }
  return refundCancelledJob(context, jobId);
}
