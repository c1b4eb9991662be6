import { describe, expect, it } from 'vitest';
import { cancellationFee, checkCancellationPolicy, defaultCancellationPolicy, freeUntil, policyFee, rescheduleInTime, type CancellationPolicy } from './cancellation.ts';

const start = '2026-12-01T14:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(start) + ms);
const second = 1000;
const hour = 3_600_000;

const fixed: CancellationPolicy = { free_hours: 24, fee_kind: 'fixed', fee_value: 2500, reschedule_notice_hours: 12 };
const percent: CancellationPolicy = { free_hours: 12, fee_kind: 'percent', fee_value: 50, reschedule_notice_hours: 0 };

describe('cancellation policy', () => {
  it('is free until and including exactly N hours before the start, and charges one second later', () => {
    expect(cancellationFee(fixed, 10000, start, at(-24 * hour - second))).toBe(0);
    expect(cancellationFee(fixed, 10000, start, at(-24 * hour))).toBe(0);
    expect(cancellationFee(fixed, 10000, start, at(-24 * hour + second))).toBe(2500);
    expect(cancellationFee(fixed, 10000, start, at(-second))).toBe(2500);
    expect(freeUntil(fixed, start)?.toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });

  it('takes a percent of the total, rounded half away from zero to the cent', () => {
    expect(cancellationFee(percent, 10001, start, at(-12 * hour + second))).toBe(5001);
    expect(cancellationFee(percent, 10001, start, at(-12 * hour))).toBe(0);
    expect(cancellationFee({ ...percent, fee_value: 100 }, 12345, start, at(-hour))).toBe(12345);
    expect(cancellationFee({ ...percent, fee_value: 15 }, 999, start, at(-hour))).toBe(150);
  });

  it('never charges more than the job total', () => {
    expect(cancellationFee(fixed, 2000, start, at(-hour))).toBe(2000);
    expect(cancellationFee(fixed, 0, start, at(-hour))).toBe(0);
    // No total known: a fixed fee stands, a share of nothing is nothing.
    expect(cancellationFee(fixed, null, start, at(-hour))).toBe(2500);
    expect(cancellationFee(percent, null, start, at(-hour))).toBe(0);
  });

  it("gives the policy's fee whenever it applies (a no-show), capped at the total", () => {
    expect(policyFee(fixed, 10000)).toBe(2500);
    expect(policyFee(fixed, 1000)).toBe(1000);
    expect(policyFee(percent, 4999)).toBe(2500);
    expect(policyFee(defaultCancellationPolicy, 10000)).toBe(0);
  });

  it('is always free without a window', () => {
    expect(cancellationFee(defaultCancellationPolicy, 10000, start, at(-second))).toBe(0);
    expect(freeUntil(defaultCancellationPolicy, start)).toBeNull();
  });

  it('takes reschedule requests until and including the notice before the start', () => {
    expect(rescheduleInTime(fixed, start, at(-12 * hour - second))).toBe(true);
    expect(rescheduleInTime(fixed, start, at(-12 * hour))).toBe(true);
    expect(rescheduleInTime(fixed, start, at(-12 * hour + second))).toBe(false);
    expect(rescheduleInTime(defaultCancellationPolicy, start, at(-second))).toBe(true);
    expect(rescheduleInTime(defaultCancellationPolicy, start, at(second))).toBe(false);
  });

  it('checks policies field by field', () => {
    expect(checkCancellationPolicy(fixed)).toEqual({});
    expect(checkCancellationPolicy(percent)).toEqual({});
    expect(checkCancellationPolicy(defaultCancellationPolicy)).toEqual({});
    expect(checkCancellationPolicy({ ...fixed, free_hours: 5 as never })).toEqual({ free_hours: 'not_allowed' });
    expect(checkCancellationPolicy({ ...fixed, reschedule_notice_hours: 6 as never })).toEqual({ reschedule_notice_hours: 'not_allowed' });
    expect(checkCancellationPolicy({ ...percent, fee_value: 101 })).toEqual({ fee_value: 'out_of_range' });
    expect(checkCancellationPolicy({ ...percent, fee_value: 0 })).toEqual({ fee_value: 'out_of_range' });
    expect(checkCancellationPolicy({ ...fixed, fee_value: 99 })).toEqual({ fee_value: 'out_of_range' });
    expect(checkCancellationPolicy({ ...fixed, fee_value: 100_001 })).toEqual({ fee_value: 'out_of_range' });
    expect(checkCancellationPolicy({ ...fixed, fee_value: 25.5 })).toEqual({ fee_value: 'invalid_type' });
    expect(checkCancellationPolicy({ ...fixed, fee_kind: null, fee_value: null })).toEqual({ fee_kind: 'required', fee_value: 'required' });
    expect(checkCancellationPolicy({ ...defaultCancellationPolicy, fee_kind: 'fixed', fee_value: 100 })).toEqual({ fee_kind: 'not_allowed', fee_value: 'not_allowed' });
  });
});
