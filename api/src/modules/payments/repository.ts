/**
 * Payments' SQL and row → contract mappers (issue 29, decision 0060). No rules here. A token (the
 * private one, a payment's auth token) is only ever read by `accountRow`/`paymentRow` for the
 * service to decrypt just for a processor call; no mapper copies a token into an answer.
 */
import type { Knex } from 'knex';
import type {
  AdminPayment,
  DepositRule,
  Payment,
  PaymentAccount,
  PaymentMethod,
  PaymentPurpose,
  PaymentRefund,
  PaymentStatus,
  RefundReason,
} from '@resuelve/contract';

export interface AccountRow {
  provider_id: string;
  processor: 'athmovil';
  public_token: string;
  private_token_ciphertext: string;
  demo: boolean;
  business_name: string | null;
  business_customer_id: string | null;
  connected_at: Date;
  tested_at: Date | null;
  test_ok: boolean | null;
}

export interface PaymentRow {
  id: string;
  job_id: string;
  provider_id: string;
  client_id: string;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  status: PaymentStatus;
  amount_cents: number;
  refunded_cents: number;
  processor: string | null;
  ecommerce_id: string | null;
  auth_token_ciphertext: string | null;
  reference: string | null;
  phone: string | null;
  business_customer_id: string | null;
  failure_code: string | null;
  demo: boolean;
  note: string | null;
  expires_at: Date | null;
  paid_at: Date | null;
  refund_decided_at: Date | null;
  checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface RefundRow {
  id: string;
  payment_id: string;
  amount_cents: number;
  reason: RefundReason;
  message: string | null;
  reference: string | null;
  created_at: Date;
}

/** The job as payments read it: its parties, title, status, deposit and recorded fee. */
export interface JobMoneyRow {
  id: string;
  client_id: string;
  provider_id: string;
  category_id: number | null;
  title: string;
  status: string;
  deposit_cents: number | null;
  deposit_hold_until: Date | null;
  fee_cents: number | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function accountRow(db: Knex | Knex.Transaction, providerId: string): Promise<AccountRow | undefined> {
  return db('payment_accounts').where({ provider_id: providerId }).first();
}

/** Four characters of a public token are enough to tell which one is connected. */
export function accountOf(row: AccountRow | undefined, demo: boolean): PaymentAccount {
  if (!row) return { processor: 'athmovil', connected: false, public_token_hint: null, business_name: null, connected_at: null, tested_at: null, test_ok: null, demo };
  return {
    processor: row.processor,
    connected: true,
    public_token_hint: row.public_token.slice(-4),
    business_name: row.business_name,
    connected_at: iso(row.connected_at),
    tested_at: iso(row.tested_at),
    test_ok: row.test_ok,
    demo: row.demo,
  };
}

export async function jobMoneyRow(db: Knex | Knex.Transaction, jobId: string, lock = false): Promise<JobMoneyRow | undefined> {
  const query = db('jobs')
    .where({ id: jobId })
    .first('id', 'client_id', 'provider_id', 'category_id', 'title', 'status', 'deposit_cents', 'deposit_hold_until', 'fee_cents');
  return lock ? query.forUpdate() : query;
}

/** The job's total: its bill's, else its accepted quote's; null when neither is known. */
export async function jobTotalCents(db: Knex | Knex.Transaction, jobId: string): Promise<number | null> {
  const bill = await db('job_bills').where({ job_id: jobId }).first('total_cents');
  if (bill) return bill.total_cents as number;
  const quote = await db('quotes as q')
    .join('quote_versions as v', (on) => on.on('v.quote_id', 'q.id').andOn('v.number', 'q.accepted_version'))
    .where({ 'q.job_id': jobId, 'q.status': 'accepted' })
    .orderBy('q.accepted_at', 'desc')
    .first('v.total_cents');
  return quote ? (quote.total_cents as number) : null;
}

export async function paymentRow(db: Knex | Knex.Transaction, id: string, lock = false): Promise<PaymentRow | undefined> {
  const query = db('payments').where({ id }).first();
  return lock ? query.forUpdate() : query;
}

export async function paymentRowsOfJob(db: Knex | Knex.Transaction, jobId: string): Promise<PaymentRow[]> {
  return db('payments').where({ job_id: jobId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

async function refundsOf(db: Knex | Knex.Transaction, paymentIds: string[]): Promise<Map<string, PaymentRefund[]>> {
  const found = new Map<string, PaymentRefund[]>();
  if (!paymentIds.length) return found;
  const rows: RefundRow[] = await db('payment_refunds').whereIn('payment_id', paymentIds).orderBy([{ column: 'created_at' }, { column: 'id' }]);
  for (const row of rows) {
    const list = found.get(row.payment_id) ?? [];
    list.push({ id: row.id, amount_cents: row.amount_cents, reason: row.reason, message: row.message, reference: row.reference, created_at: row.created_at.toISOString() });
    found.set(row.payment_id, list);
  }
  return found;
}

/** Rows as the contract's payments, each with its refunds; `phoneUrl` gives an open demo payment's phone page. */
export async function paymentsOf(db: Knex | Knex.Transaction, rows: PaymentRow[], phoneUrl: (phone: string) => string | null): Promise<Payment[]> {
  const refunds = await refundsOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    job_id: row.job_id,
    purpose: row.purpose,
    method: row.method,
    status: row.status,
    amount_cents: row.amount_cents,
    refunded_cents: row.refunded_cents,
    reference: row.reference,
    expires_at: row.status === 'open' ? iso(row.expires_at) : null,
    paid_at: iso(row.paid_at),
    note: row.note,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    refunds: refunds.get(row.id) ?? [],
    demo: row.demo,
    phone_url: row.status === 'open' && row.demo && row.phone ? phoneUrl(row.phone) : null,
  }));
}

export function depositRuleOfRow(row: { deposit_kind: string; deposit_fixed_cents: number | null; deposit_share_percent: number | null }): DepositRule {
  return { kind: row.deposit_kind as DepositRule['kind'], fixed_cents: row.deposit_fixed_cents, share_percent: row.deposit_share_percent };
}

export interface AdminPaymentRow extends PaymentRow {
  provider_name: string;
  client_name: string;
}

export function adminPaymentOf(row: AdminPaymentRow): AdminPayment {
  return {
    id: row.id,
    job_id: row.job_id,
    provider: { id: row.provider_id, name: row.provider_name },
    client: { id: row.client_id, name: row.client_name },
    purpose: row.purpose,
    method: row.method,
    status: row.status,
    amount_cents: row.amount_cents,
    refunded_cents: row.refunded_cents,
    reference: row.reference,
    demo: row.demo,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
