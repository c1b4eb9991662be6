/**
 * The ATH Móvil emulator's memory: businesses, payments, refunds and the notifications it sent.
 * Nothing here moves money or survives a restart. The rules are those of the public Payment
 * Button documentation (README.md beside this file says where we had to choose).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { centsToDollars } from '../../lib/payments/athmovil.ts';

export type EcommerceStatus = 'OPEN' | 'CONFIRM' | 'COMPLETED' | 'CANCEL';

export interface Business {
  businessCustomerId: string;
  /** The 9-digit account number that starts each reference number. */
  accountNumber: string;
  name: string;
  path: string;
  industry: string;
  publicToken: string;
  privateToken: string;
  dailyCount: number;
}

export interface EmulatedItem {
  name: string;
  description: string;
  quantity: number;
  priceCents: number;
  taxCents: number;
  metadata: string;
}

export interface EmulatedRefund {
  referenceNumber: string;
  amountCents: number;
  message: string;
  date: Date;
  dailyTransactionId: string;
}

export interface EmulatedPayment {
  ecommerceId: string;
  authToken: string;
  business: Business;
  status: EcommerceStatus;
  /** Why it is CANCEL: the client, the business, the clock, or the card at authorization. */
  cancelledBy: 'phone' | 'business' | 'expired' | 'declined' | null;
  phone: string;
  totalCents: number;
  subtotalCents: number;
  taxCents: number;
  feeCents: number;
  metadata1: string;
  metadata2: string;
  items: EmulatedItem[];
  createdAt: Date;
  expiresAt: Date;
  /** Approved on the phone with a card that refuses the money at authorization (BTRA_0045). */
  declineOnAuthorize: boolean;
  /** The next authorization completes the payment but its answer is lost (a 503 instead). */
  loseNextAuthorizationAnswer: boolean;
  referenceNumber: string;
  transactionDate: string;
  dailyTransactionId: string;
  refunds: EmulatedRefund[];
  counters: { find: number; authorization: number; cancel: number; refund: number };
}

export interface SentNotification {
  ecommerceId: string;
  body: Record<string, unknown>;
  /** The listener's HTTP status, or null when it could not be reached. */
  status: number | null;
  at: Date;
}

export interface EmulatorStateOptions {
  notifyUrl?: string | null;
  /** How long a notification waits for the listener. */
  notifyTimeoutMs?: number;
}

/** The demo businesses every emulator starts with (their tokens are listed on its index page). */
export const demoBusinesses: ReadonlyArray<Pick<Business, 'name' | 'path' | 'industry' | 'publicToken' | 'privateToken'>> = [
  {
    name: 'Plomería Borinquen (demo)',
    path: 'plomeriaborinquen',
    industry: 'SERVICES',
    publicToken: 'demo-public-plomeria-0000000000000000000001',
    privateToken: 'demo-private-plomeria-000000000000000000001',
  },
  {
    name: 'Electricidad Isla (demo)',
    path: 'electricidadisla',
    industry: 'SERVICES',
    publicToken: 'demo-public-electricidad-000000000000000002',
    privateToken: 'demo-private-electricidad-00000000000000002',
  },
  {
    name: 'Jardines del Yunque (demo)',
    path: 'jardinesdelyunque',
    industry: 'SERVICES',
    publicToken: 'demo-public-jardines-0000000000000000000003',
    privateToken: 'demo-private-jardines-000000000000000000003',
  },
];

/** "2023-05-23 14:06:54" in Puerto Rico's time (UTC-4 all year), as the service writes dates. */
export function athDate(date: Date): string {
  const local = new Date(date.getTime() - 4 * 3600_000);
  return local.toISOString().slice(0, 19).replace('T', ' ');
}

export class EmulatorState {
  readonly businesses: Business[] = [];
  readonly payments = new Map<string, EmulatedPayment>();
  readonly notifications: SentNotification[] = [];
  notificationsEnabled = true;
  /** Every documented endpoint answers 503 (the service is down) while true. */
  unavailable = false;
  notifyUrl: string | null;
  private readonly notifyTimeoutMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(options: EmulatorStateOptions = {}) {
    this.notifyUrl = options.notifyUrl ?? null;
    this.notifyTimeoutMs = options.notifyTimeoutMs ?? 5_000;
    for (const business of demoBusinesses) this.addBusiness(business);
  }

  /** Payments past their timeout become CANCEL (and say so) once a second. */
  startSweeping(): void {
    this.sweeper ??= setInterval(() => this.expireDue(), 1_000);
    this.sweeper.unref();
  }

  stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  addBusiness(input: { name: string; path?: string; industry?: string; publicToken?: string; privateToken?: string }): Business {
    const business: Business = {
      businessCustomerId: randomBytes(16).toString('hex'),
      accountNumber: String(215_070_000 + this.businesses.length * 7 + 440),
      name: input.name,
      path: input.path ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, ''),
      industry: input.industry ?? 'SERVICES',
      publicToken: input.publicToken ?? randomBytes(20).toString('hex'),
      privateToken: input.privateToken ?? randomBytes(24).toString('base64url'),
      dailyCount: 0,
    };
    this.businesses.push(business);
    return business;
  }

  businessByPublicToken(token: unknown): Business | undefined {
    return typeof token === 'string' ? this.businesses.find((b) => b.publicToken === token) : undefined;
  }

  createPayment(input: Omit<EmulatedPayment, 'ecommerceId' | 'authToken' | 'status' | 'cancelledBy' | 'feeCents' | 'createdAt' | 'expiresAt' | 'declineOnAuthorize' | 'loseNextAuthorizationAnswer' | 'referenceNumber' | 'transactionDate' | 'dailyTransactionId' | 'refunds' | 'counters'> & { timeoutSeconds: number }): EmulatedPayment {
    const { timeoutSeconds, ...rest } = input;
    const now = new Date();
    const payment: EmulatedPayment = {
      ...rest,
      ecommerceId: randomUUID(),
      authToken: randomBytes(48).toString('base64url'),
      status: 'OPEN',
      cancelledBy: null,
      feeCents: 0,
      createdAt: now,
      expiresAt: new Date(now.getTime() + timeoutSeconds * 1000),
      declineOnAuthorize: false,
      loseNextAuthorizationAnswer: false,
      referenceNumber: '',
      transactionDate: '',
      dailyTransactionId: '',
      refunds: [],
      counters: { find: 0, authorization: 0, cancel: 0, refund: 0 },
    };
    this.payments.set(payment.ecommerceId, payment);
    return payment;
  }

  /** The payment as it is now (an OPEN or CONFIRM one past its time is CANCEL first). */
  get(ecommerceId: unknown): EmulatedPayment | undefined {
    if (typeof ecommerceId !== 'string') return undefined;
    const payment = this.payments.get(ecommerceId);
    if (payment) this.expireIfDue(payment);
    return payment;
  }

  byAuthToken(token: string): EmulatedPayment | undefined {
    for (const payment of this.payments.values()) {
      if (payment.authToken === token) {
        this.expireIfDue(payment);
        return payment;
      }
    }
    return undefined;
  }

  byReference(reference: unknown): EmulatedPayment | undefined {
    if (typeof reference !== 'string' || !reference) return undefined;
    for (const payment of this.payments.values()) if (payment.referenceNumber === reference) return payment;
    return undefined;
  }

  /** Payments waiting on a phone (OPEN), newest first; `all` adds the rest. */
  forPhone(phone: string, all = false): EmulatedPayment[] {
    const digits = phone.replace(/\D/g, '');
    this.expireDue();
    return [...this.payments.values()].filter((p) => p.phone === digits && (all || p.status === 'OPEN')).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  // --- What the client does on the phone -------------------------------------------------------

  approve(payment: EmulatedPayment, { cardDeclines = false } = {}): void {
    this.expireIfDue(payment);
    if (payment.status !== 'OPEN') throw new StateError('not_open', `The payment is ${payment.status}, not OPEN.`);
    payment.status = 'CONFIRM';
    payment.declineOnAuthorize = cardDeclines;
    this.notify(payment);
  }

  cancelOnPhone(payment: EmulatedPayment): void {
    this.expireIfDue(payment);
    if (payment.status !== 'OPEN' && payment.status !== 'CONFIRM') throw new StateError('not_open', `The payment is ${payment.status}.`);
    this.toCancel(payment, 'phone');
    this.notify(payment);
  }

  expireNow(payment: EmulatedPayment): void {
    if (payment.status !== 'OPEN' && payment.status !== 'CONFIRM') throw new StateError('not_open', `The payment is ${payment.status}.`);
    payment.expiresAt = new Date();
    this.toCancel(payment, 'expired');
    this.notify(payment);
  }

  // --- What the business does (the api) ---------------------------------------------------------

  /** Authorization of a CONFIRM payment: COMPLETED with a reference, or the card refuses. */
  authorize(payment: EmulatedPayment): { ok: true } | { ok: false; code: 'BTRA_0032' | 'BTRA_0039' | 'BTRA_0045' } {
    payment.counters.authorization += 1;
    this.expireIfDue(payment);
    if (payment.status === 'CANCEL' && payment.cancelledBy === 'expired') return { ok: false, code: 'BTRA_0039' };
    if (payment.status !== 'CONFIRM') return { ok: false, code: 'BTRA_0032' };
    if (payment.declineOnAuthorize) {
      this.toCancel(payment, 'declined');
      return { ok: false, code: 'BTRA_0045' };
    }
    const now = new Date();
    const business = payment.business;
    business.dailyCount += 1;
    payment.status = 'COMPLETED';
    payment.referenceNumber = `${business.accountNumber}-${randomBytes(16).toString('hex')}`;
    payment.transactionDate = athDate(now);
    payment.dailyTransactionId = String(business.dailyCount).padStart(4, '0');
    // 2.5 % with a 6-cent minimum, about what ATH Business charges; it only shows in the answers.
    payment.feeCents = Math.min(payment.totalCents, Math.max(6, Math.floor((payment.totalCents * 25 + 500) / 1000)));
    this.notify(payment);
    return { ok: true };
  }

  cancelByBusiness(payment: EmulatedPayment): { ok: true } | { ok: false; code: 'BTRA_0035' } {
    payment.counters.cancel += 1;
    this.expireIfDue(payment);
    if (payment.status === 'COMPLETED') return { ok: false, code: 'BTRA_0035' };
    if (payment.status !== 'CANCEL') this.toCancel(payment, 'business');
    return { ok: true };
  }

  refund(payment: EmulatedPayment, amountCents: number, message: string): EmulatedRefund | null {
    payment.counters.refund += 1;
    if (payment.status !== 'COMPLETED' || amountCents > payment.totalCents - this.refundedCents(payment)) return null;
    const business = payment.business;
    business.dailyCount += 1;
    const refund: EmulatedRefund = {
      referenceNumber: `${business.accountNumber}-${randomBytes(16).toString('hex')}`,
      amountCents,
      message,
      date: new Date(),
      dailyTransactionId: String(business.dailyCount).padStart(4, '0'),
    };
    payment.refunds.push(refund);
    return refund;
  }

  refundedCents(payment: EmulatedPayment): number {
    return payment.refunds.reduce((sum, r) => sum + r.amountCents, 0);
  }

  // --- Notifications ----------------------------------------------------------------------------

  /** The notification body of a payment as it is now: unsigned, only a hint. */
  notificationBody(payment: EmulatedPayment): Record<string, unknown> {
    return {
      ecommerceId: payment.ecommerceId,
      ecommerceStatus: payment.status,
      ...(payment.referenceNumber ? { referenceNumber: payment.referenceNumber } : {}),
      total: Number(centsToDollars(payment.totalCents)),
      metadata1: payment.metadata1,
      metadata2: payment.metadata2,
    };
  }

  /** POSTs the payment's state to notifyUrl (when on); never throws, never waits the caller. */
  notify(payment: EmulatedPayment, { force = false } = {}): void {
    if (!this.notifyUrl || (!this.notificationsEnabled && !force)) return;
    const url = this.notifyUrl;
    const body = this.notificationBody(payment);
    const sending = (async () => {
      let status: number | null = null;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.notifyTimeoutMs),
        });
        status = response.status;
        await response.body?.cancel().catch(() => undefined);
      } catch {
        status = null;
      }
      this.notifications.push({ ecommerceId: payment.ecommerceId, body, status, at: new Date() });
    })();
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  /** Resolves once every notification sent so far has had its answer (tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private expireDue(): void {
    for (const payment of this.payments.values()) this.expireIfDue(payment);
  }

  private expireIfDue(payment: EmulatedPayment): void {
    if ((payment.status === 'OPEN' || payment.status === 'CONFIRM') && payment.expiresAt.getTime() <= Date.now()) {
      this.toCancel(payment, 'expired');
      this.notify(payment);
    }
  }

  private toCancel(payment: EmulatedPayment, by: NonNullable<EmulatedPayment['cancelledBy']>): void {
    payment.status = 'CANCEL';
    payment.cancelledBy = by;
  }
}

/** A control route asked for a change the payment's state does not allow. */
export class StateError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
