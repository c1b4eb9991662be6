import { describe, expect, it } from 'vitest';
import { checkRateAmountCents, checkRateAmountText, estimateCents, parseRateAmount, rateLimits } from './rates.ts';

describe('rates', () => {
  it('reads amounts as people type them', () => {
    expect(parseRateAmount('45')).toBe(4500);
    expect(parseRateAmount(' $45.5 ')).toBe(4550);
    expect(parseRateAmount('1,200')).toBe(120000);
    expect(parseRateAmount('')).toBeNull();
    expect(parseRateAmount('45.505')).toBeNaN();
    expect(parseRateAmount('-4')).toBeNaN();
    expect(parseRateAmount('cuarenta')).toBeNaN();
  });

  it('keeps amounts between $1 and $5,000', () => {
    expect(checkRateAmountCents(rateLimits.amountCentsMin)).toBeNull();
    expect(checkRateAmountCents(rateLimits.amountCentsMax)).toBeNull();
    expect(checkRateAmountCents(99)).toBe('out_of_range');
    expect(checkRateAmountCents(rateLimits.amountCentsMax + 1)).toBe('out_of_range');
    expect(checkRateAmountCents(45.5)).toBe('invalid_type');
    expect(checkRateAmountText('5001')).toBe('out_of_range');
    expect(checkRateAmountText('abc')).toBe('invalid_format');
    expect(checkRateAmountText('')).toBeNull();
  });

  it('estimates an hourly rate over the hours, and keeps "from" without them', () => {
    expect(estimateCents({ amount_cents: 4500, unit: 'hour', from: false }, 2.5)).toEqual({ cents: 11250, from: false, perHour: false });
    expect(estimateCents({ amount_cents: 4500, unit: 'hour', from: false }, null)).toEqual({ cents: 4500, from: true, perHour: true });
    expect(estimateCents({ amount_cents: 8000, unit: 'visit', from: true }, 3)).toEqual({ cents: 8000, from: true, perHour: false });
  });
});
