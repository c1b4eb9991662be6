/** joi for deposits and payments, built from contract payments.ts. */
import Joi from 'joi';
import {
  depositKinds,
  otherPaymentMethods,
  paymentLimits,
  paymentStatuses,
  type AdminPaymentQuery,
  type DepositRule,
  type NewPayment,
  type NewRefund,
  type OtherPayment,
  type PaymentAccountConnect,
} from '@resuelve/contract';

const token = Joi.string()
  .min(paymentLimits.tokenMinLength)
  .max(paymentLimits.tokenMaxLength)
  .pattern(/^[\x21-\x7e]+$/);

export const accountConnectBody = Joi.object<PaymentAccountConnect>({
  public_token: token.required(),
  private_token: token.required(),
}).label('PaymentAccountConnect');

export const depositRuleBody = Joi.object<DepositRule>({
  kind: Joi.string().valid(...depositKinds).required(),
  fixed_cents: Joi.when('kind', {
    is: 'fixed',
    then: Joi.number().integer().min(paymentLimits.fixedDepositMinCents).max(paymentLimits.fixedDepositMaxCents).required(),
    otherwise: Joi.valid(null).default(null),
  }),
  share_percent: Joi.when('kind', {
    is: 'share',
    then: Joi.number().integer().min(paymentLimits.sharePercentMin).max(paymentLimits.sharePercentMax).required(),
    otherwise: Joi.valid(null).default(null),
  }),
}).label('DepositRule');

export const categoryParams = Joi.object<{ categoryId: number }>({ categoryId: Joi.number().integer().min(1).max(2_147_483_647).required() });

export const newPaymentBody = Joi.object<NewPayment>({
  purpose: Joi.string().valid('deposit', 'balance').required(),
  phone: Joi.string().max(20).pattern(/^[\d\s()+.-]+$/).required(),
}).label('NewPayment');

export const otherPaymentBody = Joi.object<OtherPayment>({
  amount_cents: Joi.number().integer().min(1).max(paymentLimits.otherMaxCents).required(),
  method: Joi.string().valid(...otherPaymentMethods).required(),
  note: Joi.string().trim().max(paymentLimits.noteMaxLength).allow('', null),
}).label('OtherPayment');

export const newRefundBody = Joi.object<NewRefund>({
  amount_cents: Joi.number().integer().min(1).max(paymentLimits.maxCents * 100).required(),
  message: Joi.string().trim().max(paymentLimits.refundMessageMaxLength).allow('', null),
}).label('NewRefund');

export const adminPaymentsQuery = Joi.object<AdminPaymentQuery>({
  status: Joi.string().valid(...paymentStatuses),
  cursor: Joi.string().max(200),
  limit: Joi.number().integer().min(1).max(100),
});

/** The notification's body: anything JSON; only a string `ecommerceId` is read. */
export const notifyBody = Joi.any();

const refundSchema = Joi.object({
  id: Joi.string().required(),
  amount_cents: Joi.number().integer().required(),
  reason: Joi.string().required(),
  message: Joi.string().allow(null).required(),
  reference: Joi.string().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
}).label('PaymentRefund');

export const paymentSchema = Joi.object({
  id: Joi.string().required(),
  job_id: Joi.string().required(),
  purpose: Joi.string().required(),
  method: Joi.string().required(),
  status: Joi.string().valid(...paymentStatuses).required(),
  amount_cents: Joi.number().integer().required(),
  refunded_cents: Joi.number().integer().required(),
  reference: Joi.string().allow(null).required(),
  expires_at: Joi.string().isoDate().allow(null).required(),
  paid_at: Joi.string().isoDate().allow(null).required(),
  note: Joi.string().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
  updated_at: Joi.string().isoDate().required(),
  refunds: Joi.array().items(refundSchema).required(),
  demo: Joi.boolean().required(),
  phone_url: Joi.string().allow(null).required(),
}).label('Payment');

export const paymentAccountSchema = Joi.object({
  processor: Joi.string().required(),
  connected: Joi.boolean().required(),
  public_token_hint: Joi.string().allow(null).required(),
  business_name: Joi.string().allow(null).required(),
  connected_at: Joi.string().isoDate().allow(null).required(),
  tested_at: Joi.string().isoDate().allow(null).required(),
  test_ok: Joi.boolean().allow(null).required(),
  demo: Joi.boolean().required(),
}).label('PaymentAccount');

export const paymentAccountTestSchema = Joi.object({
  ok: Joi.boolean().required(),
  code: Joi.string().valid('tokens_refused', 'unreachable').allow(null).required(),
  tested_at: Joi.string().isoDate().required(),
}).label('PaymentAccountTest');

export const serviceDepositRuleSchema = Joi.object({
  category_id: Joi.number().integer().required(),
  kind: Joi.string().valid(...depositKinds).required(),
  fixed_cents: Joi.number().integer().allow(null).required(),
  share_percent: Joi.number().integer().allow(null).required(),
}).label('ServiceDepositRule');

export const jobPaymentsSchema = Joi.object({
  job_id: Joi.string().required(),
  deposit: Joi.object({ state: Joi.string().required(), amount_cents: Joi.number().integer().required(), hold_until: Joi.string().isoDate().allow(null).required() }).required(),
  total_cents: Joi.number().integer().allow(null).required(),
  paid_cents: Joi.number().integer().required(),
  pending_cents: Joi.number().integer().required(),
  refunded_cents: Joi.number().integer().required(),
  balance_cents: Joi.number().integer().allow(null).required(),
  payments: Joi.array().items(paymentSchema).required(),
  accepts_athmovil: Joi.boolean().required(),
  can_pay: Joi.string().valid('deposit', 'balance').allow(null).required(),
  demo: Joi.boolean().required(),
}).label('JobPayments');

const adminPaymentSchema = Joi.object({
  id: Joi.string().required(),
  job_id: Joi.string().required(),
  provider: Joi.object({ id: Joi.string().required(), name: Joi.string().allow('').required() }).required(),
  client: Joi.object({ id: Joi.string().required(), name: Joi.string().allow('').required() }).required(),
  purpose: Joi.string().required(),
  method: Joi.string().required(),
  status: Joi.string().required(),
  amount_cents: Joi.number().integer().required(),
  refunded_cents: Joi.number().integer().required(),
  reference: Joi.string().allow(null).required(),
  demo: Joi.boolean().required(),
  created_at: Joi.string().isoDate().required(),
  updated_at: Joi.string().isoDate().required(),
}).label('AdminPayment');

export const adminPaymentPageSchema = Joi.object({
  items: Joi.array().items(adminPaymentSchema).required(),
  next_cursor: Joi.string().allow(null).required(),
}).label('AdminPaymentPage');
