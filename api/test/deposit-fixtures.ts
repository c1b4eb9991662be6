/**
 * Helpers for the deposit tests (issue 29): a provider's connected account and deposit rule written
 * as the payments module stores them, and payment rows inserted as the processor lane records them
 * once read back, so the jobs' side is tested on its own.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { DepositRule, PaymentMethod, PaymentPurpose, PaymentStatus } from '@resuelve/contract';
import type { JobWorld } from './factories.ts';

/** A connected ATH Business account (the private token's ciphertext is never read by the jobs). */
export async function connectAccount(knex: Knex, providerId: string): Promise<void> {
  await knex('payment_accounts').insert({ provider_id: providerId, public_token: `pub-${providerId.slice(0, 8)}`, private_token_ciphertext: 'not-read-here', demo: true });
}

/** The provider's deposit for the world's service. */
export async function depositRule(knex: Knex, world: Pick<JobWorld, 'providerId' | 'categoryId'>, rule: DepositRule): Promise<void> {
  await knex('provider_categories')
    .where({ provider_id: world.providerId, category_id: world.categoryId })
    .update({ deposit_kind: rule.kind, deposit_fixed_cents: rule.fixed_cents, deposit_share_percent: rule.share_percent });
}

export const share = (percent: number): DepositRule => ({ kind: 'share', fixed_cents: null, share_percent: percent });

export interface PaymentSeed {
  purpose?: PaymentPurpose;
  method?: PaymentMethod;
  status?: PaymentStatus;
  amount: number;
  refunded?: number;
  expiresAt?: Date | null;
  paidAt?: Date;
}

/** A payment of the job as the payments module records it (a processor payment has its ecommerce id). */
export async function insertPayment(knex: Knex, world: Pick<JobWorld, 'providerId' | 'clientId'>, jobId: string, seed: PaymentSeed): Promise<string> {
  const method = seed.method ?? 'athmovil';
  const status = seed.status ?? 'paid';
  const processor = method === 'athmovil';
  const [row] = await knex('payments')
    .insert({
      job_id: jobId,
      provider_id: world.providerId,
      client_id: world.clientId,
      purpose: seed.purpose ?? 'deposit',
      method,
      status,
      amount_cents: seed.amount,
      refunded_cents: seed.refunded ?? 0,
      processor: processor ? 'athmovil' : null,
      ecommerce_id: processor ? randomUUID() : null,
      reference: processor && status === 'paid' ? `215070443-${randomUUID().slice(0, 8)}` : null,
      expires_at: seed.expiresAt ?? null,
      paid_at: status === 'paid' ? (seed.paidAt ?? new Date()) : null,
    })
    .returning('id');
  return row.id as string;
}
