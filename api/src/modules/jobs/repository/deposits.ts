/**
 * What the jobs read of deposits and payments (issue 29, contract payments.ts; tables of migration
 * 0047): a provider's deposit rule for a service, counted only while they have a connected payment
 * account, and a job's payments summed as its receipt, its deposit and the provider's earnings read
 * them. The payments module writes these tables; the jobs only read them.
 */
import type { Knex } from 'knex';
import { depositFor, noDeposit, paymentTotals, type DepositKind, type DepositRule, type DepositState, type JobDeposit, type JobStatus, type PaymentMethod, type PaymentPurpose, type PaymentStatus, type ReceiptPayments } from '@resuelve/contract';

interface RuleRow {
  provider_id: string;
  category_id: number;
  deposit_kind: DepositKind;
  deposit_fixed_cents: number | null;
  deposit_share_percent: number | null;
  has_account: boolean;
}

const ruleKey = (providerId: string, categoryId: number | null) => `${providerId}/${categoryId ?? ''}`;

/**
 * The deposit rules of (provider, service) pairs, keyed by `ruleKey`: the provider's rule for the
 * service when they have a connected payment account, else none (a deposit nobody could pay).
 */
export async function depositRules(db: Knex, pairs: { providerId: string; categoryId: number | null }[]): Promise<Map<string, DepositRule>> {
  const wanted = pairs.filter((pair) => pair.categoryId !== null);
  const rules = new Map<string, DepositRule>();
  if (wanted.length === 0) return rules;
  const rows = (await db('provider_categories as pc')
    .whereIn(
      ['pc.provider_id', 'pc.category_id'],
      wanted.map((pair) => [pair.providerId, pair.categoryId!]),
    )
    .select(
      'pc.provider_id',
      'pc.category_id',
      'pc.deposit_kind',
      'pc.deposit_fixed_cents',
      'pc.deposit_share_percent',
      db.raw('EXISTS (SELECT 1 FROM payment_accounts a WHERE a.provider_id = pc.provider_id) AS has_account'),
    )) as RuleRow[];
  for (const row of rows) {
    if (!row.has_account) continue;
    rules.set(ruleKey(row.provider_id, row.category_id), { kind: row.deposit_kind, fixed_cents: row.deposit_fixed_cents, share_percent: row.deposit_share_percent });
  }
  return rules;
}

/** The deposit a total asks for under the rules read by `depositRules` (0 for none). */
export function depositOf(rules: Map<string, DepositRule>, providerId: string, categoryId: number | null, totalCents: number): number {
  return depositFor(rules.get(ruleKey(providerId, categoryId)) ?? noDeposit, totalCents);
}

/** The deposit accepting a total asks for now, for one provider and service. */
export async function depositCentsFor(db: Knex, providerId: string, categoryId: number | null, totalCents: number): Promise<number> {
  return depositOf(await depositRules(db, [{ providerId, categoryId }]), providerId, categoryId, totalCents);
}

/** A paid deposit payment of the job (status paid, read back by the payments module), as SQL over `j`. */
export const depositPaidSql = `EXISTS (SELECT 1 FROM payments dp WHERE dp.job_id = j.id AND dp.purpose = 'deposit' AND dp.status = 'paid')`;

/** `Job.deposit` from the job's columns and whether a deposit payment was read back paid. */
export function toJobDeposit(row: { status: JobStatus; deposit_cents: number | null; deposit_hold_until: Date | null; deposit_paid: boolean }): JobDeposit | null {
  if (row.deposit_cents === null) return null;
  const due = row.status === 'pending' && row.deposit_hold_until !== null;
  const state: DepositState = row.deposit_paid ? 'paid' : due ? 'due' : 'released';
  return { amount_cents: row.deposit_cents, hold_until: due ? row.deposit_hold_until!.toISOString() : null, state };
}

interface PaymentLineRow {
  id: string;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  status: PaymentStatus;
  amount_cents: number;
  refunded_cents: number;
  reference: string | null;
  paid_at: Date | null;
}

/**
 * A receipt's payments (`Receipt.payments`): the job's paid payments (every method) and its open
 * ones, oldest first; paid before refunds, pending, refunded, and the balance of `amountDueCents`
 * left after what was paid and kept, never below 0. Declined, expired, cancelled and refused
 * attempts are no money and not listed.
 */
export async function receiptPayments(db: Knex, jobId: string, amountDueCents: number): Promise<ReceiptPayments> {
  const rows = (await db('payments')
    .where({ job_id: jobId })
    .whereIn('status', ['paid', 'open'])
    .orderBy('created_at')
    .orderBy('id')
    .select('id', 'purpose', 'method', 'status', 'amount_cents', 'refunded_cents', 'reference', 'paid_at')) as PaymentLineRow[];
  const totals = paymentTotals(rows, amountDueCents);
  return {
    ...totals,
    balance_cents: totals.balance_cents!,
    lines: rows.map((row) => ({ ...row, paid_at: row.paid_at ? row.paid_at.toISOString() : null })),
  };
}
