/**
 * The one interface a payment processor is reached through (issue 29). The payments module knows
 * only this; `athmovil.ts` speaks ATH Móvil's Payment Button API (the real service or the
 * development emulator, `api/src/emulators/athmovil/`). Another processor is another
 * implementation of this interface.
 *
 * Amounts cross this interface in whole cents; the implementation converts to the processor's own
 * form ("12.50") and back, exactly. Credentials are the provider's own, decrypted just for the call
 * (token-cipher.ts) and never logged, returned or put in an error's message.
 */

/** A provider's own account at the processor. */
export interface ProcessorCredentials {
  publicToken: string;
  privateToken: string;
}

export interface ProcessorItem {
  name: string;
  description: string;
  quantity: number;
  price_cents: number;
  tax_cents: number;
  metadata: string;
}

/** What the product asks the client to pay; `metadata1` is the job's id, `metadata2` the payment's id (40 characters at most each). */
export interface ProcessorPaymentRequest {
  total_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  metadata1: string;
  metadata2: string;
  items: ProcessorItem[];
  /** The client's ATH Móvil phone number, ten digits. */
  phone: string;
  timeout_seconds: number;
}

/** A new payment: its id at the processor and the short-lived token that authorizes it. */
export interface ProcessorPaymentTicket {
  ecommerce_id: string;
  auth_token: string;
}

/**
 * A payment as read back from the processor. `open`: waiting on the phone; `confirmed`: approved
 * by the client, to be authorized by the business; `completed`: money moved; `cancelled`:
 * cancelled by the client or expired (ATH Móvil answers CANCEL for both).
 */
export type ProcessorStatus = 'open' | 'confirmed' | 'completed' | 'cancelled';

export interface ProcessorPayment {
  ecommerce_id: string;
  status: ProcessorStatus;
  /** Set once completed. */
  reference_number: string | null;
  business_customer_id: string | null;
  business_name: string | null;
  total_cents: number;
  refunded_cents: number;
  metadata1: string;
  metadata2: string;
  /** "2023-05-23 14:06:54" as the processor writes it, or null. */
  transaction_date: string | null;
}

export interface ProcessorRefund {
  reference_number: string;
  refunded_cents: number;
}

/**
 * A processor's refusal, with its own code ("BTRA_0045") or one of ours: `unreachable` (no answer,
 * a timeout, a 5xx) and `bad_answer` (an answer of an unknown shape). `declined` marks the codes
 * that mean the client's bank or card refused the money (a payment that is then declined, not
 * retried). The message never holds a token.
 */
export class ProcessorError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly declined = false,
  ) {
    super(message);
    this.name = 'ProcessorError';
  }
}

export interface PaymentProcessor {
  readonly name: 'athmovil';
  /** True when this is the development emulator (the "demo payments" mark). */
  readonly demo: boolean;
  /** The emulator's phone page for a phone number, where a developer plays the client; null for a real processor. */
  phoneUrl(phone: string): string | null;
  create(credentials: ProcessorCredentials, request: ProcessorPaymentRequest): Promise<ProcessorPaymentTicket>;
  /** Find payment: the read-back every decision rests on. */
  find(credentials: ProcessorCredentials, ecommerceId: string, authToken: string): Promise<ProcessorPayment>;
  /** Authorizes a payment the client confirmed: the money moves; answers the completed payment. */
  authorize(credentials: ProcessorCredentials, ecommerceId: string, authToken: string): Promise<ProcessorPayment>;
  cancel(credentials: ProcessorCredentials, ecommerceId: string, authToken: string): Promise<void>;
  /** Refunds part or all of a completed payment, by its reference number. */
  refund(credentials: ProcessorCredentials, referenceNumber: string, amountCents: number, message: string | null): Promise<ProcessorRefund>;
  /**
   * Whether the processor takes the tokens, without moving money: `tokens_refused` when it refuses
   * them, `unreachable` when it does not answer.
   */
  testConnection(credentials: ProcessorCredentials): Promise<{ ok: true } | { ok: false; code: 'tokens_refused' | 'unreachable' }>;
}
