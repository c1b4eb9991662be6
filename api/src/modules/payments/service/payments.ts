/**
 * A job's payments as its two parties see them, and the client starting one (issue 29, decision
 * 0060): a deposit while the job's hold runs, or the balance of its total; one open payment per
 * job (the job's row is locked while it is made); the amount at most what one payment carries.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { paymentLimits, paymentTotals, type JobPayments, type NewPayment, type OtherPayment, type Payment } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { encryptToken } from '../../../lib/payments/index.ts';
import { accountRow, jobTotalCents, paymentRow, paymentRowsOfJob, paymentsOf, type JobMoneyRow, type PaymentRow } from '../repository.ts';
import { authTokenOf, credentialsOf, jobOfParty, paymentNotFound, processorProblem, publishPaymentChange, type PaymentsContext } from './common.ts';
import { verifyPayment } from './verify.ts';

const cancelledJobStatuses = ['cancelled', 'cancelled_by_client', 'expired'];
/** The final payment is asked for once the work has begun (a deposit is how a provider asks for money before). */
const balanceJobStatuses = ['in_progress', 'completed'];

interface Money {
  total: number | null;
  paid: number;
  refunded: number;
  pending: number;
  balance: number | null;
  depositPaid: boolean;
  depositDue: boolean;
  open: PaymentRow | undefined;
}

function moneyOf(job: JobMoneyRow, rows: PaymentRow[], total: number | null, now: Date): Money {
  const totals = paymentTotals(rows, total);
  const open = rows.find((row) => row.status === 'open');
  const depositPaid = rows.some((row) => row.status === 'paid' && row.purpose === 'deposit');
  const depositDue = Boolean(job.deposit_cents && job.deposit_hold_until && job.deposit_hold_until > now && !depositPaid && !cancelledJobStatuses.includes(job.status));
  return {
    total,
    paid: totals.paid_cents,
    refunded: totals.refunded_cents,
    pending: totals.pending_cents,
    balance: totals.balance_cents,
    depositPaid,
    depositDue,
    open,
  };
}

/** What the client may pay now, with its amount; null when nothing (or under the processor's $1) is due. */
function dueOf(job: JobMoneyRow, money: Money): { purpose: 'deposit' | 'balance'; amount: number } | null {
  if (money.depositDue) return { purpose: 'deposit', amount: Math.min(job.deposit_cents!, paymentLimits.maxCents) };
  if (!balanceJobStatuses.includes(job.status) || money.balance === null) return null;
  const amount = Math.min(money.balance, paymentLimits.maxCents);
  return amount >= paymentLimits.minCents ? { purpose: 'balance', amount } : null;
}

export async function jobPayments(context: PaymentsContext, caller: Caller, jobId: string): Promise<JobPayments> {
  const { job, side } = await jobOfParty(context.knex, jobId, caller);
  const now = context.clock.now();
  const rows = await paymentRowsOfJob(context.knex, jobId);
  const money = moneyOf(job, rows, await jobTotalCents(context.knex, jobId), now);
  const account = await accountRow(context.knex, job.provider_id);
  const due = dueOf(job, money);
  let depositState: JobPayments['deposit']['state'] = 'not_required';
  if (job.deposit_cents) depositState = money.depositPaid ? 'paid' : money.depositDue ? 'due' : 'released';
  return {
    job_id: job.id,
    deposit: { state: depositState, amount_cents: job.deposit_cents ?? 0, hold_until: money.depositDue ? job.deposit_hold_until!.toISOString() : null },
    total_cents: money.total,
    paid_cents: money.paid,
    pending_cents: money.pending,
    refunded_cents: money.refunded,
    balance_cents: money.balance,
    payments: await paymentsOf(context.knex, rows, (phone) => context.processor.phoneUrl(phone)),
    accepts_athmovil: Boolean(account) && context.config.payments.enabled,
    can_pay: side === 'client' && account && context.config.payments.enabled && !money.open && due ? due.purpose : null,
    demo: account?.demo ?? false,
  };
}

export async function paymentAnswer(context: PaymentsContext, row: PaymentRow): Promise<Payment> {
  const [payment] = await paymentsOf(context.knex, [row], (phone) => context.processor.phoneUrl(phone));
  return payment!;
}

/** Ten digits of the client's ATH Móvil number (a leading 1 of +1 dropped); anything else is a 400. */
function phoneDigits(text: string): string {
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) throw new AppError('validation_failed', 'Invalid phone', { details: { phone: 'invalid_phone' } });
  return digits;
}

/** The client starts a payment: 201 with it, or 200 with the open one when it is the same. */
export async function createPayment(context: PaymentsContext, caller: Caller, jobId: string, input: NewPayment): Promise<{ payment: Payment; created: boolean }> {
  const phone = phoneDigits(input.phone);
  const now = context.clock.now();
  const result = await context.knex.transaction(async (trx) => {
    const { job, side } = await jobOfParty(trx, jobId, caller, true);
    if (side !== 'client') throw new AppError('forbidden', 'Only the client pays');
    const account = await accountRow(trx, job.provider_id);
    if (!account || !context.config.payments.enabled) throw new AppError('payments_not_accepted', 'The provider takes no payments here');
    const rows = await paymentRowsOfJob(trx, jobId);
    const money = moneyOf(job, rows, await jobTotalCents(trx, jobId), now);
    if (money.open) {
      if (money.open.purpose === input.purpose) return { row: money.open, created: false };
      throw new AppError('payment_already_open', 'A payment of this job is already open');
    }
    const due = dueOf(job, money);
    if (!due || due.purpose !== input.purpose) throw new AppError('payment_not_due', `No ${input.purpose} is due`);
    const id = randomUUID();
    const label = input.purpose === 'deposit' ? 'Depósito' : 'Pago';
    let ticket;
    try {
      ticket = await context.processor.create(credentialsOf(context, account), {
        total_cents: due.amount,
        subtotal_cents: due.amount,
        tax_cents: 0,
        metadata1: job.id,
        metadata2: id,
        items: [{ name: `${label} — ${job.title}`.slice(0, 64), description: job.title.slice(0, 64), quantity: 1, price_cents: due.amount, tax_cents: 0, metadata: id }],
        phone,
        timeout_seconds: paymentLimits.timeoutSeconds,
      });
    } catch (error) {
      throw processorProblem(error);
    }
    const [row] = await trx('payments')
      .insert({
        id,
        job_id: job.id,
        provider_id: job.provider_id,
        client_id: job.client_id,
        purpose: due.purpose,
        method: 'athmovil',
        status: 'open',
        amount_cents: due.amount,
        processor: context.processor.name,
        ecommerce_id: ticket.ecommerce_id,
        auth_token_ciphertext: encryptToken(ticket.auth_token, context.config.payments.tokenKey),
        phone,
        demo: account.demo,
        recorded_by: caller.userId,
        expires_at: new Date(now.getTime() + paymentLimits.timeoutSeconds * 1000),
        created_at: now,
        updated_at: now,
      })
      .returning('*');
    return { row: row as PaymentRow, created: true };
  });
  if (result.created) await publishPaymentChange(context, result.row, now);
  return { payment: await paymentAnswer(context, result.row), created: result.created };
}

/** The provider records money received outside the product: paid at once, never through the processor. */
export async function recordOtherPayment(context: PaymentsContext, caller: Caller, jobId: string, input: OtherPayment): Promise<Payment> {
  const now = context.clock.now();
  const { job, side } = await jobOfParty(context.knex, jobId, caller);
  if (side !== 'provider') throw new AppError('forbidden', 'Only the provider records a payment made another way');
  const [row] = await context.knex('payments')
    .insert({
      job_id: job.id,
      provider_id: job.provider_id,
      client_id: job.client_id,
      purpose: 'other',
      method: input.method,
      status: 'paid',
      amount_cents: input.amount_cents,
      note: input.note?.trim() || null,
      recorded_by: caller.userId,
      paid_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('*');
  await publishPaymentChange(context, row as PaymentRow, now);
  return paymentAnswer(context, row as PaymentRow);
}

/** A payment the caller is a party to (anyone else: 404). */
async function paymentOfParty(db: Knex, paymentId: string, caller: Caller): Promise<{ row: PaymentRow; side: 'client' | 'provider' }> {
  const row = await paymentRow(db, paymentId);
  if (row?.client_id === caller.userId) return { row, side: 'client' };
  if (row?.provider_id === caller.userId) return { row, side: 'provider' };
  throw paymentNotFound();
}

/** Either party: read the payment back now. */
export async function checkPayment(context: PaymentsContext, caller: Caller, paymentId: string): Promise<Payment> {
  const { row } = await paymentOfParty(context.knex, paymentId, caller);
  const { payment } = await verifyPayment(context, row.id);
  return paymentAnswer(context, payment ?? row);
}

/** The client cancels an open payment: asked at the processor, then read back (it may have been approved meanwhile). */
export async function cancelPayment(context: PaymentsContext, caller: Caller, paymentId: string): Promise<Payment> {
  const { row, side } = await paymentOfParty(context.knex, paymentId, caller);
  if (side !== 'client') throw new AppError('forbidden', 'Only the client cancels a payment');
  if (row.status !== 'open' || row.method !== 'athmovil') throw new AppError('payment_not_open', 'The payment is not open');
  const account = await accountRow(context.knex, row.provider_id);
  if (account) {
    try {
      await context.processor.cancel(credentialsOf(context, account), row.ecommerce_id!, authTokenOf(context, row));
    } catch (error) {
      throw processorProblem(error);
    }
  }
  const { payment } = await verifyPayment(context, row.id);
  return paymentAnswer(context, payment ?? row);
}
