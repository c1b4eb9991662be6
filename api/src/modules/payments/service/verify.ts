/**
 * Verification, the one place a payment's state changes from open (decision 0060). A notification,
 * the client's "check", a cancel and the reconciler all come here; none is believed: the payment's
 * row is locked (`FOR UPDATE`, so twenty notifications at once decide once), and the payment is
 * read back from the processor with the provider's own tokens. A confirmed payment is authorized
 * only once its amount, its job and payment ids (metadata) and the business match what was
 * recorded; a mismatch is cancelled at the processor and `refused`, never counted. A completed one
 * (authorized before a crash) is recorded without authorizing again.
 */
import type { Knex } from 'knex';
import { ProcessorError, type ProcessorPayment } from '../../../lib/payments/index.ts';
import { accountRow, paymentRow, type AccountRow, type PaymentRow } from '../repository.ts';
import { authTokenOf, credentialsOf, isFinal, publishPaymentChange, type PaymentsContext } from './common.ts';

/** How long after its expiry an open payment is still left to the processor before it is cancelled. */
export const expiryGraceMs = 60_000;

export interface VerifyOutcome {
  payment: PaymentRow | null;
  changed: boolean;
}

/** Why a read-back does not match the payment recorded, or null when it does. */
export function mismatchOf(payment: PaymentRow, account: AccountRow, found: ProcessorPayment): string | null {
  if (found.ecommerce_id !== payment.ecommerce_id) return 'other_payment';
  if (found.total_cents !== payment.amount_cents) return 'amount_mismatch';
  if (found.metadata1 !== payment.job_id) return 'job_mismatch';
  if (found.metadata2 !== payment.id) return 'payment_mismatch';
  const known = payment.business_customer_id ?? account.business_customer_id;
  if (known && found.business_customer_id !== known) return 'business_mismatch';
  return null;
}

type Decision = Partial<Pick<PaymentRow, 'status' | 'reference' | 'paid_at' | 'failure_code' | 'business_customer_id'>> & { business_name?: string | null };

async function cancelQuietly(context: PaymentsContext, account: AccountRow, payment: PaymentRow): Promise<void> {
  try {
    await context.processor.cancel(credentialsOf(context, account), payment.ecommerce_id!, authTokenOf(context, payment));
  } catch {
    // Cancelling a payment that will not be counted is a courtesy to the client's phone; it may already be gone.
  }
}

/** What the processor's answer means for an open payment; null leaves it open (checked). */
async function decide(context: PaymentsContext, account: AccountRow, payment: PaymentRow, now: Date): Promise<Decision | null> {
  const credentials = credentialsOf(context, account);
  const authToken = authTokenOf(context, payment);
  let found: ProcessorPayment;
  try {
    found = await context.processor.find(credentials, payment.ecommerce_id!, authToken);
  } catch (error) {
    if (error instanceof ProcessorError) return null; // unreachable or refused to say: stays open, tried again later
    throw error;
  }
  const paid = (completed: ProcessorPayment): Decision => ({
    status: 'paid',
    reference: completed.reference_number,
    paid_at: now,
    business_customer_id: completed.business_customer_id,
    business_name: completed.business_name,
  });
  switch (found.status) {
    case 'open': {
      if (payment.expires_at && now.getTime() >= payment.expires_at.getTime() + expiryGraceMs) {
        await cancelQuietly(context, account, payment);
        return { status: 'expired' };
      }
      return null;
    }
    case 'cancelled':
      return { status: payment.expires_at && now >= payment.expires_at ? 'expired' : 'cancelled' };
    case 'completed': {
      const mismatch = mismatchOf(payment, account, found);
      return mismatch ? { status: 'refused', failure_code: mismatch, business_customer_id: found.business_customer_id } : paid(found);
    }
    case 'confirmed': {
      const mismatch = mismatchOf(payment, account, found);
      if (mismatch) {
        await cancelQuietly(context, account, payment);
        return { status: 'refused', failure_code: mismatch, business_customer_id: found.business_customer_id };
      }
      let completed: ProcessorPayment;
      try {
        completed = await context.processor.authorize(credentials, payment.ecommerce_id!, authToken);
      } catch (error) {
        if (error instanceof ProcessorError && error.declined) return { status: 'declined', failure_code: error.code };
        if (error instanceof ProcessorError) return null; // the next read-back says whether it moved
        throw error;
      }
      if (completed.status !== 'completed') return null;
      const after = mismatchOf(payment, account, completed);
      return after ? { status: 'refused', failure_code: after, business_customer_id: completed.business_customer_id } : paid(completed);
    }
    default:
      return null;
  }
}

/**
 * Reads an open ATH Móvil payment back and records what it finds, once. Answers the payment as it
 * now stands and whether this call changed it; publishes `payment.changed` after commit when it did.
 */
export async function verifyPayment(context: PaymentsContext, paymentId: string): Promise<VerifyOutcome> {
  const now = context.clock.now();
  const outcome = await context.knex.transaction(async (trx): Promise<VerifyOutcome> => {
    const payment = await paymentRow(trx, paymentId, true);
    if (!payment) return { payment: null, changed: false };
    if (payment.method !== 'athmovil' || isFinal(payment.status)) return { payment, changed: false };
    const account = await accountRow(trx, payment.provider_id);
    if (!account) {
      // Disconnected: nothing to read back with; it stays open for an admin to see.
      await trx('payments').where({ id: payment.id }).update({ checked_at: now });
      return { payment, changed: false };
    }
    const decision = await decide(context, account, payment, now);
    if (!decision) {
      await trx('payments').where({ id: payment.id }).update({ checked_at: now });
      return { payment, changed: false };
    }
    const { business_name: businessName, ...recorded } = decision;
    const [updated] = await trx('payments')
      .where({ id: payment.id })
      .update({ ...recorded, checked_at: now, updated_at: now })
      .returning('*');
    if (decision.status === 'paid') await rememberBusiness(trx, account, decision.business_customer_id ?? null, businessName ?? null);
    return { payment: updated as PaymentRow, changed: true };
  });
  if (outcome.changed && outcome.payment) await publishPaymentChange(context, outcome.payment, now);
  return outcome;
}

/** The business behind the account, as the first payment read back named it: later payments must match it. */
async function rememberBusiness(trx: Knex.Transaction, account: AccountRow, businessCustomerId: string | null, businessName: string | null): Promise<void> {
  const update: Record<string, string> = {};
  if (!account.business_customer_id && businessCustomerId) update.business_customer_id = businessCustomerId;
  if (businessName && businessName !== account.business_name) update.business_name = businessName;
  if (Object.keys(update).length) await trx('payment_accounts').where({ provider_id: account.provider_id }).update(update);
}

/** Verifies a payment by the processor's id (a notification's only useful word); unknown ids do nothing. */
export async function verifyByEcommerceId(context: PaymentsContext, ecommerceId: string): Promise<void> {
  const row = await context.knex('payments').where({ ecommerce_id: ecommerceId }).first('id');
  if (row) await verifyPayment(context, row.id as string);
}
