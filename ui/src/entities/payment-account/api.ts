/**
 * The provider's own ATH Business account and deposit rules (issue 29, contract payments.ts): read,
 * connected (the api tests the tokens first), tested again, disconnected; one deposit rule per
 * service. The private token is sent once, on connect, and never comes back: the account shows
 * the public token's last four characters only.
 */
import { queryOptions } from '@tanstack/react-query';
import type { DepositRule, PaymentAccount, PaymentAccountConnect, PaymentAccountTest, ServiceDepositRule } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { providerKeys } from '../provider/api.ts';

export type { DepositRule, PaymentAccount, PaymentAccountTest, ServiceDepositRule } from '@resuelve/contract';

/** Invalidate `paymentAccountKeys.all` after a change of the account or a rule. */
export const paymentAccountKeys = {
  all: [...providerKeys.all, 'me', 'payments'] as const,
  account: [...providerKeys.all, 'me', 'payments', 'account'] as const,
  depositRules: [...providerKeys.all, 'me', 'payments', 'deposit-rules'] as const,
};

export const paymentAccountQueries = {
  /** GET /providers/me/payment-account. */
  account: () =>
    queryOptions({
      queryKey: paymentAccountKeys.account,
      queryFn: ({ signal }) => apiFetch<PaymentAccount>('/providers/me/payment-account', { signal }),
    }),
  /** GET /providers/me/deposit-rules: one per service the provider offers. */
  depositRules: () =>
    queryOptions({
      queryKey: paymentAccountKeys.depositRules,
      queryFn: ({ signal }) => apiFetch<ServiceDepositRule[]>('/providers/me/deposit-rules', { signal }),
    }),
};

/** PUT /providers/me/payment-account: the tokens as pasted; refused tokens answer `payment_account_refused`. */
export function connectPaymentAccount(tokens: PaymentAccountConnect): Promise<PaymentAccount> {
  return apiFetch<PaymentAccount>('/providers/me/payment-account', { method: 'PUT', body: tokens });
}

/** POST /providers/me/payment-account/test: asks the processor whether it still takes the tokens. */
export function testPaymentAccount(): Promise<PaymentAccountTest> {
  return apiFetch<PaymentAccountTest>('/providers/me/payment-account/test', { method: 'POST' });
}

/** DELETE /providers/me/payment-account: clients can no longer pay here; payments made stay. */
export function disconnectPaymentAccount(): Promise<void> {
  return apiFetch<void>('/providers/me/payment-account', { method: 'DELETE' });
}

/** PUT /providers/me/deposit-rules/{categoryId}. */
export function saveDepositRule(input: { categoryId: number; rule: DepositRule }): Promise<ServiceDepositRule> {
  return apiFetch<ServiceDepositRule>(`/providers/me/deposit-rules/${input.categoryId}`, { method: 'PUT', body: input.rule });
}
