import { describe, expect, it } from 'vitest';
import { divideRounded, formatMoney, hoursToMinutes, priceAtRate, priceForMinutes, sumCents } from './money.ts';

/** A small seeded generator, so a failing case can be read again from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % (max + 1);
  };
}

describe('money', () => {
  it('rounds half away from zero to the cent', () => {
    expect(divideRounded(125, 10)).toBe(13);
    expect(divideRounded(124, 10)).toBe(12);
    expect(divideRounded(-125, 10)).toBe(-13);
    expect(divideRounded(-124, 10)).toBe(-12);
    expect(divideRounded(0, 60)).toBe(0);
  });

  it('prices minutes at an hourly rate', () => {
    expect(priceForMinutes(90, 6500)).toBe(9750);
    expect(priceForMinutes(105, 4550)).toBe(7963); // 7962.5 cents rounds up
    expect(priceForMinutes(1, 1)).toBe(0); // 1/60 of a cent
    expect(priceForMinutes(30, 1)).toBe(1); // half a cent rounds away from zero
    expect(priceAtRate({ amount_cents: 8000, unit: 'visit' }, 240)).toBe(8000);
    expect(priceAtRate({ amount_cents: 6500, unit: 'hour' }, hoursToMinutes(1.75))).toBe(11375);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => priceForMinutes(90, 65.5)).toThrow(RangeError);
    expect(() => priceForMinutes(1.5, 6500)).toThrow(RangeError);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
  });

  it('over random inputs, gives whole cents never more than half a cent from the exact price', () => {
    const next = random(27);
    for (let i = 0; i < 5000; i += 1) {
      const minutes = next(24 * 60);
      const rate = next(500_000);
      const cents = priceForMinutes(minutes, rate);
      expect(Number.isInteger(cents)).toBe(true);
      // Exact in integers: |cents×60 − minutes×rate| ≤ 30, and exactly 30 only when rounded up.
      const error = cents * 60 - minutes * rate;
      expect(Math.abs(error)).toBeLessThanOrEqual(30);
      if (Math.abs(error) === 30) expect(error).toBe(30);
    }
  });

  it('over random inputs, sums exactly and in any order', () => {
    const next = random(11);
    for (let i = 0; i < 500; i += 1) {
      const amounts = Array.from({ length: next(30) }, () => next(2_000_000) - 1_000_000);
      const total = sumCents(amounts);
      expect(Number.isInteger(total)).toBe(true);
      expect(sumCents([...amounts].reverse())).toBe(total);
      expect(total).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
    }
    expect(sumCents([])).toBe(0);
  });

  it('writes US dollars in both languages, cents only when there are some', () => {
    expect(formatMoney(6500, 'es')).toBe('$65');
    expect(formatMoney(6500, 'en')).toBe('$65');
    expect(formatMoney(123450, 'es')).toBe('$1,234.50');
    expect(formatMoney(123450, 'en')).toBe('$1,234.50');
    expect(formatMoney(9750, 'es')).toBe('$97.50');
  });
});
