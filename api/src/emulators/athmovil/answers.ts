/**
 * The emulator's wire format (ATH Móvil's Payment Button answers as evertec documents them) and the
 * small readers of a request both its documented endpoints (server.ts) and its pages and control
 * routes (control-routes.ts) use.
 */
import type { Request, ResponseToolkit } from '@hapi/hapi';
import { centsToDollars } from '../../lib/payments/athmovil.ts';
import type { EmulatedPayment, EmulatorState } from './state.ts';

/** The documented error answer: `{status:'error', message, errorcode, data:null}`. */
const messages: Record<string, string> = {
  BTRA_0001: 'The transfer amount is under Minimum allowed',
  BTRA_0004: 'Amount is Over the limits',
  BTRA_0006: 'Invalid format',
  BTRA_0007: 'TransactionId does not exist',
  BTRA_0008: 'TransactionId does not belong to the business',
  BTRA_0013: 'Amount is Zero',
  BTRA_0017: 'Invalid authorization token',
  BTRA_0020: 'numeric value out of bounds (<4 digits>.<2 digits> expected)',
  BTRA_0028: 'is less than 0.01',
  BTRA_0031: 'EcommerceId does not exist',
  BTRA_0032: 'The status of the e-commerce is not confirm',
  BTRA_0035: 'The e-commerce transaction has not the expected status',
  BTRA_0038: 'The metadata field exceeds the maximum supported characters (40)',
  BTRA_0039: 'Valid time to execute the transaction has expired',
  BTRA_0040: 'The message can not exceed 50 characters',
  BTRA_0045: 'Amount is Over the limits of the card',
  BTRA_0401: 'Invalid authorization token',
  BTRA_9998: 'Communication Error',
  'token.invalid.header': 'No authorization header present.',
};

export function fail(h: ResponseToolkit, code: string, httpStatus = 400) {
  return h.response({ status: 'error', message: messages[code] ?? code, errorcode: code, data: null }).code(httpStatus);
}

/** "12.50", 12.5 or 12 as cents; null for anything else (more than 4 digits or 2 decimals, negative, not a number). */
export function parseAmount(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function dollars(cents: number): number {
  return Number(centsToDollars(cents));
}

/** findPayment's and authorization's `data`. */
export function paymentData(state: EmulatorState, payment: EmulatedPayment): Record<string, unknown> {
  const completed = payment.status === 'COMPLETED';
  return {
    ecommerceStatus: payment.status,
    ecommerceId: payment.ecommerceId,
    referenceNumber: payment.referenceNumber,
    businessCustomerId: payment.business.businessCustomerId,
    transactionDate: payment.transactionDate,
    dailyTransactionId: payment.dailyTransactionId,
    businessName: payment.business.name,
    businessPath: payment.business.path,
    industry: payment.business.industry,
    subTotal: dollars(payment.subtotalCents),
    tax: dollars(payment.taxCents),
    total: dollars(payment.totalCents),
    fee: completed ? dollars(payment.feeCents) : 0,
    netAmount: completed ? dollars(payment.totalCents - payment.feeCents) : 0,
    totalRefundedAmount: dollars(state.refundedCents(payment)),
    metadata1: payment.metadata1,
    metadata2: payment.metadata2,
    items: payment.items.map((item) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      price: dollars(item.priceCents),
      tax: dollars(item.taxCents),
      metadata: item.metadata,
      formattedPrice: '',
      sku: '',
    })),
    isNonProfit: false,
  };
}

/** What the control routes answer of a payment (never its tokens). */
export function paymentView(state: EmulatorState, payment: EmulatedPayment) {
  return {
    ecommerceId: payment.ecommerceId,
    status: payment.status,
    cancelledBy: payment.cancelledBy,
    phone: payment.phone,
    business: payment.business.name,
    total: centsToDollars(payment.totalCents),
    total_cents: payment.totalCents,
    refunded_cents: state.refundedCents(payment),
    metadata1: payment.metadata1,
    metadata2: payment.metadata2,
    referenceNumber: payment.referenceNumber || null,
    declineOnAuthorize: payment.declineOnAuthorize,
    expiresAt: payment.expiresAt.toISOString(),
    counters: { ...payment.counters },
    refunds: payment.refunds.map((r) => ({ referenceNumber: r.referenceNumber, amount_cents: r.amountCents, message: r.message })),
  };
}

export function body(request: Request): Record<string, unknown> | null {
  const payload = request.payload;
  return payload && typeof payload === 'object' && !Array.isArray(payload) && !Buffer.isBuffer(payload) ? (payload as Record<string, unknown>) : null;
}

export function bearer(request: Request): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}
