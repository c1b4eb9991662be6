/**
 * ATH Móvil's Payment Button API (evertec/athmovil-javascript-api, "V4 README.md") behind the one
 * PaymentProcessor interface: the real service (https://payments.athmovil.com) or the development
 * emulator (api/src/emulators/athmovil/), which speaks the same endpoints.
 *
 * - Every call has a timeout; no answer, a timeout or a 5xx is `unreachable`; an answer of a shape
 *   we do not know is `bad_answer`; `{status:'error', errorcode}` is a ProcessorError with that code.
 * - Amounts go out as decimal dollars ("12.50") and come back as numbers (2.33); both ways are
 *   converted with string arithmetic on whole cents, never with float multiplication.
 * - Tokens (public, private, auth_token) go only into the request; no message, error or log line
 *   made here holds one.
 */
import {
  ProcessorError,
  type PaymentProcessor,
  type ProcessorCredentials,
  type ProcessorPayment,
  type ProcessorPaymentRequest,
  type ProcessorPaymentTicket,
  type ProcessorRefund,
  type ProcessorStatus,
} from './processor.ts';

export interface AthMovilOptions {
  /** https://payments.athmovil.com, or the emulator's address. */
  baseUrl: string;
  /** True for the emulator (the "demo payments" mark). */
  demo: boolean;
  /** The emulator's phone page (`…/phone`); phoneUrl(phone) adds `?number=`. */
  phonePageUrl?: string | null;
  /** A fetch to use instead of the global one (tests). */
  fetch?: typeof fetch;
  /** How long one call may take before it counts as unreachable. */
  timeoutMs?: number;
}

const paths = {
  payment: '/api/business-transaction/ecommerce/payment',
  find: '/api/business-transaction/ecommerce/business/findPayment',
  authorization: '/api/business-transaction/ecommerce/authorization',
  cancel: '/api/business-transaction/ecommerce/business/cancel',
  refund: '/api/business-transaction/ecommerce/refund',
} as const;

/** The client's card or bank refused the money: the payment is declined, not retried. */
const declinedCodes = new Set(['BTRA_0003', 'BTRA_0005', 'BTRA_0044', 'BTRA_0045']);
/** The service did not take the business's tokens. */
const tokenCodes = new Set(['BTRA_0017', 'BTRA_0401', 'BTRA_0402', 'BTRA_0403', 'BTRA_0009', 'BTRA_0010', 'token.invalid.header', 'token.expired']);
/** "No such transaction (for this business)": the tokens were accepted, the reference was not. */
const noSuchTransactionCodes = new Set(['BTRA_0007', 'BTRA_0008', 'BTRA_0014', 'BTRA_0031', 'BTRA_0043', 'BTRA_0053']);

/** The reference the connection test refunds against; no payment can have it. */
export const connectionTestReference = 'resuelve-connection-test';

/** Whole cents as ATH Móvil's decimal dollars: 233 → "2.33", 7 → "0.07". */
export function centsToDollars(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a whole, non-negative number of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Decimal dollars (a JSON number like 2.33 or a string like "2.33") as whole cents, by their
 * digits: 2.33 → 233, 1500 → 150000. A third decimal and beyond (a float the service summed, like
 * 0.6000000238418579) rounds half up on the third. Null when it is not a non-negative amount.
 */
export function dollarsToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
    if (/e/i.test(text)) text = value.toFixed(10);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const decimals = (match[2] ?? '').padEnd(3, '0');
  const cents = Number(match[1]) * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

const statuses: Record<string, ProcessorStatus> = { OPEN: 'open', CONFIRM: 'confirmed', COMPLETED: 'completed', CANCEL: 'cancelled' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badAnswer(what: string): ProcessorError {
  return new ProcessorError('bad_answer', `ATH Móvil answered ${what} in a shape we do not know.`);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** ATH Móvil's payment data (findPayment, authorization) as ours; bad_answer when a field we rest on is missing. */
export function readPayment(data: unknown, what: string): ProcessorPayment {
  if (!isObject(data)) throw badAnswer(what);
  const status = statuses[String(data.ecommerceStatus)];
  const total = dollarsToCents(data.total);
  const refunded = data.totalRefundedAmount === undefined || data.totalRefundedAmount === null ? 0 : dollarsToCents(data.totalRefundedAmount);
  if (!status || typeof data.ecommerceId !== 'string' || total === null || refunded === null) throw badAnswer(what);
  const reference = text(data.referenceNumber);
  if (status === 'completed' && !reference) throw badAnswer(what);
  return {
    ecommerce_id: data.ecommerceId,
    status,
    reference_number: reference,
    business_customer_id: text(data.businessCustomerId),
    business_name: text(data.businessName),
    total_cents: total,
    refunded_cents: refunded,
    metadata1: typeof data.metadata1 === 'string' ? data.metadata1 : '',
    metadata2: typeof data.metadata2 === 'string' ? data.metadata2 : '',
    transaction_date: text(data.transactionDate),
  };
}

export function createAthMovilProcessor(options: AthMovilOptions): PaymentProcessor {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch = options.fetch ?? fetch;

  /** One POST; answers `data` of a success, throws a ProcessorError for everything else. */
  async function call(path: string, what: string, body: Record<string, unknown>, bearer?: string): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let response: Response;
    let answer: unknown;
    try {
      response = await doFetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
      if (response.status >= 500) {
        // The body may be an error of the documented shape (BTRA_9999); it still says "try later".
        await response.body?.cancel().catch(() => undefined);
        throw new ProcessorError('unreachable', `ATH Móvil answered ${what} with HTTP ${response.status}.`);
      }
      answer = await response.json().catch(() => undefined);
    } catch (error) {
      if (error instanceof ProcessorError) throw error;
      const name = (error as Error)?.name;
      throw new ProcessorError('unreachable', name === 'TimeoutError' ? `ATH Móvil did not answer ${what} within ${timeoutMs} ms.` : `ATH Móvil could not be reached for ${what}.`);
    }
    if (!isObject(answer)) throw badAnswer(what);
    if (answer.status === 'success') return answer.data;
    if (answer.status === 'error' && typeof answer.errorcode === 'string' && /^[A-Za-z0-9_.]{1,60}$/.test(answer.errorcode)) {
      const code = answer.errorcode;
      // Their message is left out: it could echo what was sent, and the code says it all (the
      // documentation's table of BTRA codes).
      throw new ProcessorError(code, `ATH Móvil refused ${what}: ${code}.`, declinedCodes.has(code));
    }
    throw badAnswer(what);
  }

  const processor: PaymentProcessor = {
    name: 'athmovil',
    demo: options.demo,

    phoneUrl(phone) {
      if (!options.phonePageUrl) return null;
      return `${options.phonePageUrl}?number=${encodeURIComponent(phone)}`;
    },

    async create(credentials: ProcessorCredentials, request: ProcessorPaymentRequest): Promise<ProcessorPaymentTicket> {
      const data = await call(paths.payment, 'the new payment', {
        env: 'production',
        publicToken: credentials.publicToken,
        timeout: request.timeout_seconds,
        total: centsToDollars(request.total_cents),
        subtotal: centsToDollars(request.subtotal_cents),
        tax: centsToDollars(request.tax_cents),
        metadata1: request.metadata1,
        metadata2: request.metadata2,
        items: request.items.map((item) => ({
          name: item.name,
          description: item.description,
          quantity: String(item.quantity),
          price: centsToDollars(item.price_cents),
          tax: centsToDollars(item.tax_cents),
          metadata: item.metadata,
        })),
        phoneNumber: request.phone,
      });
      if (!isObject(data) || typeof data.ecommerceId !== 'string' || !data.ecommerceId || typeof data.auth_token !== 'string' || !data.auth_token) {
        throw badAnswer('the new payment');
      }
      return { ecommerce_id: data.ecommerceId, auth_token: data.auth_token };
    },

    async find(credentials, ecommerceId, authToken) {
      const data = await call(paths.find, 'find payment', { ecommerceId, publicToken: credentials.publicToken }, authToken);
      return readPayment(data, 'find payment');
    },

    async authorize(_credentials, _ecommerceId, authToken) {
      // The documented call carries only the payment's auth_token (Bearer) and an empty body.
      const data = await call(paths.authorization, 'the authorization', {}, authToken);
      const payment = readPayment(data, 'the authorization');
      if (payment.status !== 'completed') throw badAnswer('the authorization');
      return payment;
    },

    async cancel(credentials, ecommerceId, authToken) {
      await call(paths.cancel, 'the cancellation', { ecommerceId, publicToken: credentials.publicToken }, authToken);
    },

    async refund(credentials: ProcessorCredentials, referenceNumber: string, amountCents: number, message: string | null): Promise<ProcessorRefund> {
      const body: Record<string, unknown> = {
        publicToken: credentials.publicToken,
        privateToken: credentials.privateToken,
        referenceNumber,
        amount: centsToDollars(amountCents),
      };
      if (message) body.message = message.slice(0, 50);
      const data = await call(paths.refund, 'the refund', body);
      if (!isObject(data) || !isObject(data.refund)) throw badAnswer('the refund');
      const refunded = dollarsToCents(data.refund.refundedAmount);
      const reference = text(data.refund.referenceNumber);
      if (data.refund.status !== 'COMPLETED' || refunded === null || !reference) throw badAnswer('the refund');
      return { reference_number: reference, refunded_cents: refunded };
    },

    async testConnection(credentials) {
      // No money moves: a refund of one cent against a reference no payment has. Our reading of
      // the documented codes, not verified against the live service: "no such transaction (for
      // this business)" means the tokens were taken and only the reference was refused, so they
      // work; an invalid-token code means they do not. Any other refusal cannot prove the tokens
      // work, so it counts as refused; no answer is unreachable.
      try {
        await processor.refund(credentials, connectionTestReference, 1, null);
        return { ok: true };
      } catch (error) {
        if (!(error instanceof ProcessorError)) throw error;
        if (noSuchTransactionCodes.has(error.code)) return { ok: true };
        if (error.code === 'unreachable' || error.code === 'bad_answer') return { ok: false, code: 'unreachable' };
        if (tokenCodes.has(error.code)) return { ok: false, code: 'tokens_refused' };
        return { ok: false, code: 'tokens_refused' };
      }
    },
  };
  return processor;
}
