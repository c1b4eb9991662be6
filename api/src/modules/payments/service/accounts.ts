/**
 * A provider's ATH Business account and deposit rules (issue 29, decision 0060). Connecting tests
 * the tokens at the processor first; the private token is stored only encrypted and no answer
 * carries a token (the public one shows its last four characters).
 */
import type { DepositRule, PaymentAccount, PaymentAccountConnect, PaymentAccountTest, ServiceDepositRule } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { encryptToken } from '../../../lib/payments/index.ts';
import { accountOf, accountRow, depositRuleOfRow } from '../repository.ts';
import { credentialsOf, requireProvider, type PaymentsContext } from './common.ts';

export async function paymentAccount(context: PaymentsContext, caller: Caller): Promise<PaymentAccount> {
  const providerId = await requireProvider(context.knex, caller);
  return accountOf(await accountRow(context.knex, providerId), context.processor.demo);
}

export async function connectPaymentAccount(context: PaymentsContext, caller: Caller, input: PaymentAccountConnect): Promise<PaymentAccount> {
  const providerId = await requireProvider(context.knex, caller);
  const tested = await context.processor.testConnection({ publicToken: input.public_token, privateToken: input.private_token });
  if (!tested.ok && tested.code === 'tokens_refused') throw new AppError('payment_account_refused', 'The processor refused these tokens');
  if (!tested.ok) throw new AppError('payment_processor_unavailable', 'The payment processor did not answer');
  const now = context.clock.now();
  const row = {
    provider_id: providerId,
    processor: context.processor.name,
    public_token: input.public_token,
    private_token_ciphertext: encryptToken(input.private_token, context.config.payments.tokenKey),
    demo: context.processor.demo,
    business_name: null,
    business_customer_id: null,
    connected_at: now,
    tested_at: now,
    test_ok: true,
    updated_at: now,
  };
  await context.knex('payment_accounts').insert(row).onConflict('provider_id').merge();
  return accountOf(await accountRow(context.knex, providerId), context.processor.demo);
}

export async function testPaymentAccount(context: PaymentsContext, caller: Caller): Promise<PaymentAccountTest> {
  const providerId = await requireProvider(context.knex, caller);
  const account = await accountRow(context.knex, providerId);
  if (!account) throw new AppError('payments_not_accepted', 'No payment account is connected');
  const tested = await context.processor.testConnection(credentialsOf(context, account));
  const now = context.clock.now();
  await context.knex('payment_accounts').where({ provider_id: providerId }).update({ tested_at: now, test_ok: tested.ok, updated_at: now });
  return { ok: tested.ok, code: tested.ok ? null : tested.code, tested_at: now.toISOString() };
}

/** Disconnecting forgets the tokens; payments already made stay recorded (an open one is finished by the reconciler only while tokens exist). */
export async function disconnectPaymentAccount(context: PaymentsContext, caller: Caller): Promise<void> {
  const providerId = await requireProvider(context.knex, caller);
  await context.knex('payment_accounts').where({ provider_id: providerId }).delete();
}

export async function depositRules(context: PaymentsContext, caller: Caller): Promise<ServiceDepositRule[]> {
  const providerId = await requireProvider(context.knex, caller);
  const rows = await context.knex('provider_categories').where({ provider_id: providerId }).orderBy('category_id').select('category_id', 'deposit_kind', 'deposit_fixed_cents', 'deposit_share_percent');
  return rows.map((row) => ({ category_id: row.category_id as number, ...depositRuleOfRow(row) }));
}

export async function setDepositRule(context: PaymentsContext, caller: Caller, categoryId: number, rule: DepositRule): Promise<ServiceDepositRule> {
  const providerId = await requireProvider(context.knex, caller);
  const clean: DepositRule = {
    kind: rule.kind,
    fixed_cents: rule.kind === 'fixed' ? rule.fixed_cents : null,
    share_percent: rule.kind === 'share' ? rule.share_percent : null,
  };
  const updated = await context.knex('provider_categories')
    .where({ provider_id: providerId, category_id: categoryId })
    .update({ deposit_kind: clean.kind, deposit_fixed_cents: clean.fixed_cents, deposit_share_percent: clean.share_percent });
  if (!updated) throw notFound('Service');
  return { category_id: categoryId, ...clean };
}
