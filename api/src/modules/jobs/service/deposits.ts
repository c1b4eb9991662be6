/**
 * A deposit's hold on a job (issue 29, contract payments.ts): a quote accepted with a deposit
 * leaves its job pending, holding the provider's time until `deposit_hold_until`
 * (service/quotes.ts). Settling the hold is one transaction with the job locked, and happens once
 * whoever comes first:
 *
 * - a deposit payment read back paid (the payments module's `payment.changed`, or the sweep finding
 *   it): the job becomes upcoming, action `deposit_paid`, actor system;
 * - the hold passed with no deposit paid and none still open on the client's phone: the time is
 *   released, the job expired (action `deposit_expired`, actor system) and its quote withdrawn. An
 *   open payment keeps the hold until its own `expires_at` and a short grace after it (the
 *   reconciler reads back a payment approved in its last second), so nobody pays for a released time.
 *
 * Either way `deposit_hold_until` is cleared (the amount stays in `deposit_cents`). A job that
 * stopped being pending meanwhile (declined, cancelled, expired at its start) only has the hold
 * cleared. Both parties hear of each transition by the job's notices (notices/index.ts).
 */
import type { Knex } from 'knex';
import { paymentLimits, type PaymentChange } from '@resuelve/contract';
import type { JobRow, JobsContext } from '../repository.ts';
import { writeTransition } from './lifecycle.ts';
import { announce, type TransitionRecord } from './transitions.ts';

/** How long after an open payment's own expiry the hold still waits for its read back. */
export const openPaymentGraceMs = 2 * 60_000;

/** When a deposit accepted at `now` stops holding the provider's time unpaid. */
export function holdUntil(now: Date): Date {
  return new Date(now.getTime() + paymentLimits.holdMinutes * 60_000);
}

interface DepositPayments {
  paid: boolean;
  /** The latest an open deposit payment may still be read back paid; null when none is open. */
  open_until: Date | null;
}

async function depositPayments(trx: Knex.Transaction, jobId: string): Promise<DepositPayments> {
  const row = (await trx('payments')
    .where({ job_id: jobId, purpose: 'deposit' })
    .first(
      trx.raw("bool_or(status = 'paid') AS paid"),
      trx.raw("max(coalesce(expires_at, created_at)) FILTER (WHERE status = 'open') AS open_until"),
    )) as { paid: boolean | null; open_until: Date | null };
  return { paid: row.paid === true, open_until: row.open_until };
}

/**
 * Settles the job's deposit hold if it is time (see the file's comment); answers the transition it
 * wrote, or null when there was nothing to do (already settled, or still waiting).
 */
async function settleInTransaction(trx: Knex.Transaction, jobId: string, now: Date): Promise<TransitionRecord | null> {
  const job = (await trx('jobs').where({ id: jobId }).forUpdate().first()) as JobRow | undefined;
  if (!job || job.deposit_hold_until === null) return null;
  if (job.status !== 'pending') {
    await trx('jobs').where({ id: jobId }).update({ deposit_hold_until: null });
    return null;
  }
  const payments = await depositPayments(trx, jobId);
  const system = { party: 'system' as const, actorId: null, columns: { deposit_hold_until: null }, now };
  if (payments.paid) return writeTransition(trx, job, { ...system, to: 'upcoming', action: 'deposit_paid' });
  if (job.deposit_hold_until.getTime() > now.getTime()) return null;
  if (payments.open_until !== null && payments.open_until.getTime() + openPaymentGraceMs > now.getTime()) return null;
  const record = await writeTransition(trx, job, { ...system, to: 'expired', action: 'deposit_expired' });
  await trx('quotes').where({ job_id: jobId, status: 'accepted' }).update({ status: 'withdrawn', updated_at: now });
  return record;
}

/** Settles one job's deposit hold, announcing the change after commit; answers whether it changed. */
export async function settleDepositHold(context: JobsContext, jobId: string): Promise<boolean> {
  const now = context.clock.now();
  const record = await context.knex.transaction((trx) => settleInTransaction(trx, jobId, now));
  if (!record) return false;
  await announce(context, record);
  return true;
}

/** `payment.changed` (published by the payments module after commit): a deposit read back paid confirms its job. */
export async function followPaymentChange(context: JobsContext, change: Pick<PaymentChange, 'job_id' | 'status' | 'purpose'>): Promise<boolean> {
  if (change.status !== 'paid' || change.purpose !== 'deposit') return false;
  return settleDepositHold(context, change.job_id);
}

/**
 * The sweep (background deposit-holds, every minute): each job whose hold is set and that has a
 * deposit paid, a hold that passed, or no longer pending. Answers how many jobs moved.
 */
export async function settleDepositHolds(context: JobsContext, onError?: (error: unknown) => void): Promise<number> {
  const now = context.clock.now();
  const due = (await context.knex('jobs as j')
    .whereNotNull('j.deposit_hold_until')
    .where((q) =>
      q
        .where('j.deposit_hold_until', '<=', now)
        .orWhereNot('j.status', 'pending')
        .orWhereRaw("EXISTS (SELECT 1 FROM payments p WHERE p.job_id = j.id AND p.purpose = 'deposit' AND p.status = 'paid')"),
    )
    .orderBy('j.deposit_hold_until')
    .limit(500)
    .select('j.id')) as { id: string }[];
  let moved = 0;
  for (const { id } of due) {
    try {
      if (await settleDepositHold(context, id)) moved += 1;
    } catch (error) {
      // One job failing (a lock timeout) leaves the others to settle; the next minute retries it.
      onError?.(error);
    }
  }
  return moved;
}
