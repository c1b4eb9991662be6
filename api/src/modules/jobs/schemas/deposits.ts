/** joi for what jobs answer of deposits and payments (contract payments.ts, jobs.ts `JobDeposit`, receipts.ts). */
import Joi from 'joi';
import { depositStates, paymentMethods, paymentPurposes, paymentStatuses } from '@resuelve/contract';

const cents = Joi.number().integer().required();

/** `Job.deposit`. */
export const jobDepositSchema = Joi.object({
  amount_cents: cents,
  hold_until: Joi.string().allow(null).required().description('While due: when the held time is released unpaid'),
  state: Joi.string().valid(...depositStates).required(),
}).label('JobDeposit');

/** `Receipt.payments`. */
export const receiptPaymentsSchema = Joi.object({
  paid_cents: cents,
  pending_cents: cents,
  refunded_cents: cents,
  balance_cents: cents,
  lines: Joi.array()
    .items(
      Joi.object({
        id: Joi.string().required(),
        purpose: Joi.string().valid(...paymentPurposes).required(),
        method: Joi.string().valid(...paymentMethods).required(),
        status: Joi.string().valid(...paymentStatuses).required(),
        amount_cents: cents,
        refunded_cents: cents,
        reference: Joi.string().allow(null).required(),
        paid_at: Joi.string().allow(null).required(),
      }).label('ReceiptPaymentLine'),
    )
    .required(),
}).label('ReceiptPayments');
