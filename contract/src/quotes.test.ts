import { describe, expect, it } from 'vitest';
import {
  labourLine,
  lineAmountCents,
  priceLines,
  quantityHundredths,
  quoteLimits,
  quoteLineKinds,
  taxCents,
  taxRateBasisPoints,
  taxRates,
  type QuoteLineInput,
} from './quotes.ts';

/** A small seeded generator (as money.test.ts), so a failing case can be read again from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % (max + 1);
  };
}

/** Half away from zero in exact integers (BigInt), written apart from money.ts to check it. */
function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twiceRemainder = 2n * (numerator % denominator);
  return twiceRemainder >= denominator ? quotient + 1n : quotient;
}

function randomLines(next: (max: number) => number, count: number): QuoteLineInput[] {
  return Array.from({ length: count }, (_, i) => ({
    kind: quoteLineKinds[next(quoteLineKinds.length - 1)]!,
    description: `Línea ${i + 1}`,
    // Hundredths from 0.01 up to the largest quantity, mostly small, sometimes at the limits.
    quantity: (next(9) === 0 ? quoteLimits.quantityMax * 100 - next(5) : 1 + next(next(3) === 0 ? 99_999 : 1_000)) / 100,
    unit_price_cents: next(7) === 0 ? quoteLimits.unitPriceMaxCents - next(3) : next(next(2) === 0 ? 1_000_000 : 20_000),
    tax_rate: taxRates[next(taxRates.length - 1)]!,
  }));
}

describe('quote pricing', () => {
  it('over random lines, the total is the rounded amounts plus the rounded taxes, each within half a cent of exact', () => {
    const next = random(28);
    // Checked in plain comparisons and reported together: thousands of expect calls take seconds.
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok && failures.length < 10) failures.push(what);
    };
    for (let round = 0; round < 500; round += 1) {
      const inputs = randomLines(next, next(quoteLimits.maxLines));
      const priced = priceLines(inputs);
      const at = `round ${round}`;
      check(priced.lines.length === inputs.length, `${at}: line count`);
      let amounts = 0;
      let taxes = 0;
      priced.lines.forEach((line, i) => {
        const input = inputs[i]!;
        const where = `${at}, line ${i + 1} ${JSON.stringify(input)}`;
        check(line.quantity === input.quantity && line.unit_price_cents === input.unit_price_cents && line.tax_rate === input.tax_rate, `${where}: input kept`);
        check(Number.isSafeInteger(line.amount_cents) && line.amount_cents >= 0, `${where}: amount whole`);
        check(Number.isSafeInteger(line.tax_cents) && line.tax_cents >= 0, `${where}: tax whole`);
        // The amount: |amount×100 − hundredths×unit| ≤ 50 (half a cent), exactly 50 only rounding up.
        const hundredths = BigInt(Math.round(input.quantity * 100));
        const exactAmount = hundredths * BigInt(input.unit_price_cents);
        const amountError = BigInt(line.amount_cents) * 100n - exactAmount;
        check(amountError <= 50n && amountError > -50n, `${where}: amount ${line.amount_cents} off by ${amountError}/100`);
        check(BigInt(line.amount_cents) === roundedQuotient(exactAmount, 100n), `${where}: amount rounding`);
        // The tax of the rounded amount: |tax×10000 − amount×bp| ≤ 5000, exactly 5000 only rounding up.
        const exactTax = BigInt(line.amount_cents) * BigInt(taxRateBasisPoints[input.tax_rate]);
        const taxError = BigInt(line.tax_cents) * 10_000n - exactTax;
        check(taxError <= 5000n && taxError > -5000n, `${where}: tax ${line.tax_cents} off by ${taxError}/10000`);
        check(input.tax_rate !== 'exempt' || line.tax_cents === 0, `${where}: exempt taxed`);
        amounts += line.amount_cents;
        taxes += line.tax_cents;
      });
      check(priced.subtotal_cents === amounts, `${at}: subtotal`);
      check(priced.tax_cents === taxes, `${at}: tax`);
      check(priced.total_cents === amounts + taxes, `${at}: total ${priced.total_cents} is not ${amounts} + ${taxes}`);
      // The IVU listed per rate adds up to the tax, and each rate's taxable amount to its lines.
      check(priced.taxes.reduce((sum, tax) => sum + tax.tax_cents, 0) === taxes, `${at}: taxes by rate`);
      for (const summary of priced.taxes) {
        const own = priced.lines.filter((line) => line.tax_rate === summary.tax_rate);
        check(summary.tax_rate !== 'exempt' && summary.basis_points === taxRateBasisPoints[summary.tax_rate], `${at}: rate listed`);
        check(summary.taxable_cents === own.reduce((sum, line) => sum + line.amount_cents, 0), `${at}: taxable amount`);
      }
      // The order of the lines changes nothing but their order.
      const reversed = priceLines([...inputs].reverse());
      check(reversed.total_cents === priced.total_cents && JSON.stringify(reversed.taxes) === JSON.stringify(priced.taxes), `${at}: order`);
    }
    expect(failures).toEqual([]);
  });

  it('rounds at the boundaries of each rate', () => {
    // 11.5 % of $1.00 is 11.5 cents: half rounds away from zero.
    expect(taxCents(100, 'standard')).toBe(12);
    expect(taxCents(99, 'standard')).toBe(11); // 11.385
    expect(taxCents(13, 'standard')).toBe(1); // 1.495
    expect(taxCents(4, 'standard')).toBe(0); // 0.46
    expect(taxCents(5, 'standard')).toBe(1); // 0.575
    // 4 %: 12 cents → 0.48, 13 → 0.52; 4 % never lands on a half cent.
    expect(taxCents(12, 'reduced')).toBe(0);
    expect(taxCents(13, 'reduced')).toBe(1);
    expect(taxCents(37, 'reduced')).toBe(1); // 1.48
    expect(taxCents(38, 'reduced')).toBe(2); // 1.52
    expect(taxCents(quoteLimits.totalMaxCents, 'exempt')).toBe(0);
    expect(taxCents(0, 'standard')).toBe(0);
    // Two lines of 11.5 cents of tax each round on their own: 12 + 12, not round(23).
    const two = priceLines([
      { kind: 'material', description: 'Tornillos', quantity: 1, unit_price_cents: 100, tax_rate: 'standard' },
      { kind: 'material', description: 'Tuercas', quantity: 1, unit_price_cents: 100, tax_rate: 'standard' },
    ]);
    expect(two).toMatchObject({ subtotal_cents: 200, tax_cents: 24, total_cents: 224 });
    expect(two.taxes).toEqual([{ tax_rate: 'standard', basis_points: 1150, taxable_cents: 200, tax_cents: 24 }]);
  });

  it('prices quantities to the hundredth and at the largest figures exactly', () => {
    expect(lineAmountCents({ quantity: 0.29, unit_price_cents: 100 })).toBe(29); // 0.29×100 is 28.999… in floating point
    expect(lineAmountCents({ quantity: 1.25, unit_price_cents: 6550 })).toBe(8188); // 8187.5
    expect(lineAmountCents({ quantity: 0.01, unit_price_cents: 49 })).toBe(0); // 0.49
    expect(lineAmountCents({ quantity: 0.01, unit_price_cents: 50 })).toBe(1); // 0.5
    const largest = lineAmountCents({ quantity: quoteLimits.quantityMax, unit_price_cents: quoteLimits.unitPriceMaxCents });
    expect(largest).toBe(quoteLimits.quantityMax * quoteLimits.unitPriceMaxCents);
    expect(Number.isSafeInteger(taxCents(largest, 'standard'))).toBe(true);
  });

  it('refuses quantities with more than two decimals', () => {
    for (const quantity of [1.255, 0.001, 2.5001, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => quantityHundredths(quantity)).toThrow(RangeError);
      expect(() => priceLines([{ kind: 'other', description: 'Viaje', quantity, unit_price_cents: 100, tax_rate: 'exempt' }])).toThrow(RangeError);
    }
    expect(quantityHundredths(2.5)).toBe(250);
    expect(quantityHundredths(0.07)).toBe(7);
  });

  it('makes the one line of an accepted estimate from the rate', () => {
    expect(labourLine('Mano de obra', { amount_cents: 6500, unit: 'hour' }, 2.5, 'standard')).toEqual({
      kind: 'labour_hourly',
      description: 'Mano de obra',
      quantity: 2.5,
      unit_price_cents: 6500,
      tax_rate: 'standard',
    });
    expect(labourLine('Visita', { amount_cents: 8000, unit: 'visit' }, 3, 'exempt')).toMatchObject({ kind: 'labour_fixed', quantity: 1 });
    expect(priceLines([labourLine('Mano de obra', { amount_cents: 6500, unit: 'hour' }, 2.5, 'standard')])).toMatchObject({
      subtotal_cents: 16250,
      tax_cents: 1869, // 1868.75
      total_cents: 18119,
    });
  });
});
