/**
 * What the payments services share: the provider's credentials decrypted just for a processor call,
 * the job's parties and who the caller is to it, a processor failure as the api's error, and the
 * live event after a change.
 */
import type { Knex } from 'knex';
import { finalPaymentStatuses, type PaymentChange } from '@resuelve/contract';
import type { AppContext, Caller } from '../../../context.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { publishAfterCommit } from '../../../lib/events.ts';
import { decryptToken, ProcessorError, type ProcessorCredentials } from '../../../lib/payments/index.ts';
import { jobMoneyRow, type AccountRow, type JobMoneyRow, type PaymentRow } from '../repository.ts';

export type PaymentsContext = Pick<AppContext, 'knex' | 'clock' | 'config' | 'events' | 'processor'>;

/** The provider's tokens, the private one decrypted for this call only; never logged or answered. */
export function credentialsOf(context: PaymentsContext, account: AccountRow): ProcessorCredentials {
  return { publicToken: account.public_token, privateToken: decryptToken(account.private_token_ciphertext, context.config.payments.tokenKey) };
}

export function authTokenOf(context: PaymentsContext, payment: PaymentRow): string {
  return decryptToken(payment.auth_token_ciphertext ?? '', context.config.payments.tokenKey);
}

/** A processor that did not answer (or answered nonsense) is 503; its own refusal too, with no token in the message. */
export function processorProblem(error: unknown): unknown {
  if (error instanceof ProcessorError) return new AppError('payment_processor_unavailable', `The payment processor refused or did not answer (${error.code})`);
  return error;
}

export const jobNotFound = () => new AppError('job_not_found', 'Job not found');
export const paymentNotFound = () => new AppError('payment_not_found', 'Payment not found');

/** The job, when the caller is one of its two parties (anyone else: 404, as the jobs answer). */
export async function jobOfParty(db: Knex | Knex.Transaction, jobId: string, caller: Caller, lock = false): Promise<{ job: JobMoneyRow; side: 'client' | 'provider' }> {
  const job = await jobMoneyRow(db, jobId, lock);
  if (!job) throw jobNotFound();
  if (job.client_id === caller.userId) return { job, side: 'client' };
  if (job.provider_id === caller.userId) return { job, side: 'provider' };
  throw jobNotFound();
}

/** The caller's own provider account, or 403 for anyone else. */
export async function requireProvider(db: Knex, caller: Caller): Promise<string> {
  const provider = await db('providers').where({ id: caller.userId }).first('id');
  if (!provider) throw forbidden();
  return caller.userId;
}

export const isFinal = (status: string) => (finalPaymentStatuses as readonly string[]).includes(status);

/** The live event of a payment's change, to the job's two parties (after commit). */
export async function publishPaymentChange(context: Pick<AppContext, 'events'>, payment: PaymentRow, at: Date): Promise<void> {
  const change: PaymentChange = {
    job_id: payment.job_id,
    payment_id: payment.id,
    status: payment.status,
    purpose: payment.purpose,
    amount_cents: payment.amount_cents,
    refunded_cents: payment.refunded_cents,
    at: at.toISOString(),
  };
  await publishAfterCommit(context, [payment.client_id, payment.provider_id], { type: 'payment.changed', ...change });
}
