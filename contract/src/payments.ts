/**
 * Deposits and payments (issue 29): each provider connects their own ATH Business account (ATH
 * Móvil's "Payment Button" API, evertec's public athmovil-javascript-api); a client pays a deposit
 * when accepting a quote and the rest of the job's total later, straight to the provider. The
 * product never holds money: it asks the processor to create a payment, and counts it paid only
 * once it has read it back from the processor (find payment) with the amount, the business and the
 * job matching. A notification only wakes it up; a background job reconciles what stayed open.
 *
 * All amounts are whole cents (money.ts); a share is a whole percent rounded by money.ts's one rule.
 *
 * Routes (all under /api/v1):
 * - `GET    /providers/me/payment-account`            → PaymentAccount (the provider)
 * - `PUT    /providers/me/payment-account`            PaymentAccountConnect → PaymentAccount (tested first; refused tokens: `payment_account_refused`)
 * - `POST   /providers/me/payment-account/test`       → PaymentAccountTest
 * - `DELETE /providers/me/payment-account`            → 204
 * - `GET    /providers/me/deposit-rules`              → ServiceDepositRule[] (one per service the provider offers)
 * - `PUT    /providers/me/deposit-rules/{categoryId}` DepositRule → ServiceDepositRule
 * - `GET    /jobs/{id}/payments`                      → JobPayments (the job's two parties)
 * - `POST   /jobs/{id}/payments`                      NewPayment → Payment (the client; an ATH Móvil payment waiting on their phone)
 * - `POST   /jobs/{id}/payments/other`                OtherPayment → Payment (the provider: "paid another way")
 * - `POST   /payments/{id}/check`                     → Payment (either party: read it back from the processor now)
 * - `POST   /payments/{id}/cancel`                    → Payment (the client, while it is open)
 * - `POST   /payments/{id}/refunds`                   NewRefund → Payment (the provider; never more than what is left)
 * - `POST   /payments/athmovil/notify`                any JSON → 202 (the processor's callback/webhook; unsigned, only a hint)
 * - `GET    /admin/payments`                          → AdminPaymentPage (admins; never a token)
 */
import { divideRounded, sumCents } from './money.ts';

export const paymentProcessors = ['athmovil'] as const;
export type PaymentProcessorName = (typeof paymentProcessors)[number];

export const paymentLimits = {
  /** ATH Móvil takes payments from $1.00 to $1,500.00. */
  minCents: 100,
  maxCents: 150_000,
  /** How long a payment waits on the client's phone before it expires (the API's `timeout`, seconds). */
  timeoutSeconds: 600,
  /** How long a quote accepted with a deposit holds the provider's time unpaid before it is released. */
  holdMinutes: 30,
  /** ATH Business tokens as pasted: printable, no spaces. */
  tokenMinLength: 8,
  tokenMaxLength: 200,
  /** A fixed deposit from $1 to $1,500. */
  fixedDepositMinCents: 100,
  fixedDepositMaxCents: 150_000,
  /** A share deposit is a whole percent, 1 to 100. */
  sharePercentMin: 1,
  sharePercentMax: 100,
  /** "Paid another way": up to $100,000, with a short note. */
  otherMaxCents: 10_000_000,
  noteMaxLength: 200,
  /** The processor keeps at most 50 characters of a refund's message. */
  refundMessageMaxLength: 50,
} as const;

export const depositKinds = ['none', 'fixed', 'share'] as const;
export type DepositKind = (typeof depositKinds)[number];

/** A provider's deposit for one service: none, a fixed amount, or a share of the accepted quote. */
export interface DepositRule {
  kind: DepositKind;
  /** Cents, for `fixed`; null otherwise. */
  fixed_cents: number | null;
  /** A whole percent, for `share`; null otherwise. */
  share_percent: number | null;
}

export const noDeposit: DepositRule = { kind: 'none', fixed_cents: null, share_percent: null };

/** `GET /providers/me/deposit-rules`: one per service (category) the provider offers. */
export interface ServiceDepositRule extends DepositRule {
  category_id: number;
}

/**
 * The deposit a quote's total asks for under a rule: a fixed amount (never more than the total) or
 * the share rounded to the cent, capped at what one payment can carry. Under the processor's $1
 * minimum there is no deposit (0): it could not be paid.
 */
export function depositFor(rule: DepositRule, totalCents: number): number {
  let cents = 0;
  if (rule.kind === 'fixed' && rule.fixed_cents !== null) cents = Math.min(rule.fixed_cents, totalCents);
  if (rule.kind === 'share' && rule.share_percent !== null) cents = divideRounded(totalCents * rule.share_percent, 100);
  cents = Math.min(cents, paymentLimits.maxCents);
  return cents < paymentLimits.minCents ? 0 : cents;
}

/**
 * Who cancelled a job, and what a deposit's refund is then: the provider (or the system) cancelling
 * refunds everything left; the client cancelling refunds everything left less the fee the
 * cancellation policy records (0 inside the free window), never below nothing.
 */
export function refundOnCancel(input: { by: 'provider' | 'client' | 'system'; remainingCents: number; feeCents: number }): number {
  if (input.by !== 'client') return input.remainingCents;
  return Math.max(0, input.remainingCents - input.feeCents);
}

/** A job's money from its payments, as the job's payments and its receipt both read it. */
export interface PaymentTotals {
  /** Paid and read back (all methods), before refunds. */
  paid_cents: number;
  /** Open payments waiting on a phone. */
  pending_cents: number;
  refunded_cents: number;
  /** What is left of `dueCents` after what was paid and kept, never below 0; null when nothing is due yet. */
  balance_cents: number | null;
}

/** The one sum of a job's payments: what counts is paid (less its refunds); open ones are pending; the rest is no money. */
export function paymentTotals(payments: readonly { status: PaymentStatus; amount_cents: number; refunded_cents: number }[], dueCents: number | null): PaymentTotals {
  const paid = payments.filter((payment) => payment.status === 'paid');
  const paidCents = sumCents(paid.map((payment) => payment.amount_cents));
  const refundedCents = sumCents(paid.map((payment) => payment.refunded_cents));
  return {
    paid_cents: paidCents,
    pending_cents: sumCents(payments.filter((payment) => payment.status === 'open').map((payment) => payment.amount_cents)),
    refunded_cents: refundedCents,
    balance_cents: dueCents === null ? null : Math.max(0, dueCents - (paidCents - refundedCents)),
  };
}

/** What a payment is for. `other` is an amount the provider recorded as paid another way. */
export const paymentPurposes = ['deposit', 'balance', 'other'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

/** How it was paid: through the processor, or outside the product (recorded by the provider). */
export const paymentMethods = ['athmovil', 'cash', 'transfer', 'check', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const otherPaymentMethods = ['cash', 'transfer', 'check', 'other'] as const satisfies readonly PaymentMethod[];
export type OtherPaymentMethod = (typeof otherPaymentMethods)[number];

/**
 * A payment's state. `open`: waiting on the client's phone (or approved there, not yet read back);
 * `paid`: read back from the processor, completed, and matching; `declined`: the client's bank or
 * card refused it; `expired`: not approved in time; `cancelled`: the client cancelled it (on the
 * phone or here); `refused`: read back but not matching (amount, business or job): never counted,
 * shown to admins. Refunds do not change the state: `refunded_cents` grows.
 */
export const paymentStatuses = ['open', 'paid', 'declined', 'expired', 'cancelled', 'refused'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const finalPaymentStatuses = ['paid', 'declined', 'expired', 'cancelled', 'refused'] as const satisfies readonly PaymentStatus[];

export const refundReasons = ['provider_cancelled', 'client_cancelled', 'by_provider'] as const;
export type RefundReason = (typeof refundReasons)[number];

export interface PaymentRefund {
  id: string;
  amount_cents: number;
  reason: RefundReason;
  message: string | null;
  /** The processor's reference of the refund; null for a payment recorded another way. */
  reference: string | null;
  created_at: string;
}

export interface Payment {
  id: string;
  job_id: string;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  status: PaymentStatus;
  amount_cents: number;
  refunded_cents: number;
  /** The processor's reference once paid ("215070443-…"); null before and for other methods. */
  reference: string | null;
  /** When an open payment stops waiting on the phone; null once final and for other methods. */
  expires_at: string | null;
  paid_at: string | null;
  /** The provider's note on a payment made another way. */
  note: string | null;
  created_at: string;
  updated_at: string;
  refunds: PaymentRefund[];
  /** True when made against the development emulator (the "demo payments" mark). */
  demo: boolean;
  /** For an open demo payment: the emulator's phone page where a developer approves it; null otherwise. */
  phone_url: string | null;
}

/** `POST /jobs/{id}/payments`: the client's ATH Móvil phone number receives the request (787, 939 or any 10 digits). */
export interface NewPayment {
  purpose: 'deposit' | 'balance';
  phone: string;
}

/** `POST /jobs/{id}/payments/other`: the provider records money received outside the product. */
export interface OtherPayment {
  amount_cents: number;
  method: OtherPaymentMethod;
  note?: string | null;
}

/** `POST /payments/{id}/refunds`: up to what is left of the payment. */
export interface NewRefund {
  amount_cents: number;
  message?: string | null;
}

/** The deposit a job asks for, and where it stands. */
export const depositStates = ['not_required', 'due', 'paid', 'released'] as const;
export type DepositState = (typeof depositStates)[number];

/** `GET /jobs/{id}/payments`: the job's money as both parties read it. */
export interface JobPayments {
  job_id: string;
  deposit: {
    state: DepositState;
    amount_cents: number;
    /** While due: until when the provider's time is held for it. */
    hold_until: string | null;
  };
  /** The job's total: its bill, else its accepted quote; null when none is known yet. */
  total_cents: number | null;
  /** Paid and read back (all methods), before refunds. */
  paid_cents: number;
  /** Open payments waiting on a phone. */
  pending_cents: number;
  refunded_cents: number;
  /** What is left to pay: the total less what was paid and kept (never below 0); null with no total. */
  balance_cents: number | null;
  payments: Payment[];
  /** The provider has a connected account: the client may pay here. */
  accepts_athmovil: boolean;
  /** The viewer (the client) may start a payment now, and for what. */
  can_pay: 'deposit' | 'balance' | null;
  /** The account is the emulator's (development): the "demo payments" mark. */
  demo: boolean;
}

/** `GET /providers/me/payment-account`. Never a token: a connected account shows the public token's last four characters. */
export interface PaymentAccount {
  processor: PaymentProcessorName;
  connected: boolean;
  public_token_hint: string | null;
  /** The business's name as the processor reported it, once a payment was read back. */
  business_name: string | null;
  connected_at: string | null;
  /** The last "test the connection": when, and whether the processor took the tokens. */
  tested_at: string | null;
  test_ok: boolean | null;
  demo: boolean;
}

/** `PUT /providers/me/payment-account`: pasted from the ATH Business app's settings. */
export interface PaymentAccountConnect {
  public_token: string;
  private_token: string;
}

/** `POST /providers/me/payment-account/test`. `code`: why not, when not (`tokens_refused`, `unreachable`). */
export interface PaymentAccountTest {
  ok: boolean;
  code: 'tokens_refused' | 'unreachable' | null;
  tested_at: string;
}

/** One row of `GET /admin/payments` (newest first, keyset pages). */
export interface AdminPayment {
  id: string;
  job_id: string;
  provider: { id: string; name: string };
  client: { id: string; name: string };
  purpose: PaymentPurpose;
  method: PaymentMethod;
  status: PaymentStatus;
  amount_cents: number;
  refunded_cents: number;
  reference: string | null;
  demo: boolean;
  created_at: string;
  updated_at: string;
}

export interface AdminPaymentQuery {
  status?: PaymentStatus;
  cursor?: string;
  limit?: number;
}

export interface AdminPaymentPage {
  items: AdminPayment[];
  next_cursor: string | null;
}

/** A receipt's money (`Receipt.payments`): what was paid against it, pending and refunded. */
export interface ReceiptPayments {
  paid_cents: number;
  pending_cents: number;
  refunded_cents: number;
  /** The amount due less what was paid and kept, never below 0. */
  balance_cents: number;
  lines: Array<Pick<Payment, 'id' | 'purpose' | 'method' | 'status' | 'amount_cents' | 'refunded_cents' | 'reference' | 'paid_at'>>;
}

/** Live event `payment.changed`, to the job's two parties after each change of one of its payments. */
export interface PaymentChange {
  job_id: string;
  payment_id: string;
  status: PaymentStatus;
  purpose: PaymentPurpose;
  amount_cents: number;
  refunded_cents: number;
  at: string;
}
