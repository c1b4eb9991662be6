import { describe, expect, it } from 'vitest';
import { depositFor, noDeposit, paymentTotals, refundOnCancel } from './payments.ts';

describe('depositFor', () => {
  it('takes a share by the one rounding rule: 20 % of $123.45 is $24.69; 15 % of $10.10 (151.5 cents) is $1.52', () => {
    expect(depositFor({ kind: 'share', fixed_cents: null, share_percent: 20 }, 12_345)).toBe(2469);
    expect(depositFor({ kind: 'share', fixed_cents: null, share_percent: 15 }, 1010)).toBe(152);
  });

  it('takes a fixed amount, never more than the total', () => {
    expect(depositFor({ kind: 'fixed', fixed_cents: 5000, share_percent: null }, 20_000)).toBe(5000);
    expect(depositFor({ kind: 'fixed', fixed_cents: 5000, share_percent: null }, 3000)).toBe(3000);
  });

  it('asks nothing for none, and nothing under the processor’s $1; never more than one payment carries', () => {
    expect(depositFor(noDeposit, 20_000)).toBe(0);
    expect(depositFor({ kind: 'share', fixed_cents: null, share_percent: 10 }, 990)).toBe(0);
    expect(depositFor({ kind: 'share', fixed_cents: null, share_percent: 10 }, 1000)).toBe(100);
    expect(depositFor({ kind: 'share', fixed_cents: null, share_percent: 100 }, 400_000)).toBe(150_000);
  });
});

describe('refundOnCancel', () => {
  it('gives back everything left when the provider or the system cancels, less the fee when the client does', () => {
    expect(refundOnCancel({ by: 'provider', remainingCents: 2000, feeCents: 1500 })).toBe(2000);
    expect(refundOnCancel({ by: 'system', remainingCents: 2000, feeCents: 1500 })).toBe(2000);
    expect(refundOnCancel({ by: 'client', remainingCents: 2000, feeCents: 0 })).toBe(2000);
    expect(refundOnCancel({ by: 'client', remainingCents: 2000, feeCents: 1500 })).toBe(500);
    expect(refundOnCancel({ by: 'client', remainingCents: 2000, feeCents: 2500 })).toBe(0);
  });
});

describe('paymentTotals', () => {
  const payments = [
    { status: 'paid', amount_cents: 2000, refunded_cents: 500 },
    { status: 'paid', amount_cents: 3000, refunded_cents: 0 },
    { status: 'open', amount_cents: 4000, refunded_cents: 0 },
    { status: 'declined', amount_cents: 9000, refunded_cents: 0 },
    { status: 'refused', amount_cents: 9000, refunded_cents: 0 },
  ] as const;

  it('counts what was paid less its refunds, the open ones as pending, and the rest as no money', () => {
    expect(paymentTotals(payments, 10_000)).toEqual({ paid_cents: 5000, pending_cents: 4000, refunded_cents: 500, balance_cents: 5500 });
  });

  it('never owes below nothing, and owes nothing known without a total', () => {
    expect(paymentTotals(payments, 1000).balance_cents).toBe(0);
    expect(paymentTotals(payments, null).balance_cents).toBeNull();
    expect(paymentTotals([], 0)).toEqual({ paid_cents: 0, pending_cents: 0, refunded_cents: 0, balance_cents: 0 });
  });
});
