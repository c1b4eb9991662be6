import { describe, expect, it } from 'vitest';
import { defaultBusinessHours } from './profiles.ts';
import { businessMinutesBetween, medianOf, responseBucketOf, responseTimes, shownMedian, type WorkingSchedule } from './response-times.ts';

// defaultBusinessHours: Monday–Friday 08:00–17:00, Saturday 09:00–13:00, Sunday closed.
const sanJuan: WorkingSchedule = { hours: defaultBusinessHours, timeZone: 'America/Puerto_Rico', blockedDates: new Set() };
/** A wall-clock time in Puerto Rico (UTC−4 all year). */
const pr = (local: string) => new Date(`${local}:00-04:00`);
const minutes = (from: string, to: string, schedule = sanJuan) => businessMinutesBetween(pr(from), pr(to), schedule);

describe('business minutes between two instants', () => {
  // 2026-11-23 is a Monday.
  it('counts the time inside one open day', () => {
    expect(minutes('2026-11-23T09:00', '2026-11-23T09:45')).toBe(45);
  });

  it('counts nothing before opening or after closing', () => {
    expect(minutes('2026-11-23T06:00', '2026-11-23T08:30')).toBe(30);
    expect(minutes('2026-11-23T16:30', '2026-11-23T22:00')).toBe(30);
    expect(minutes('2026-11-23T18:00', '2026-11-24T07:59')).toBe(0);
  });

  it('carries over the night to the next open day', () => {
    expect(minutes('2026-11-23T16:30', '2026-11-24T08:30')).toBe(60);
  });

  it('counts Saturday short hours and Sunday as closed', () => {
    // Saturday 12:00–13:00, Sunday nothing, Monday 08:00–09:00.
    expect(minutes('2026-11-28T12:00', '2026-11-30T09:00')).toBe(120);
    expect(minutes('2026-11-29T10:00', '2026-11-29T11:00')).toBe(0);
  });

  it('skips a blocked day', () => {
    // Friday 16:00–17:00 + Saturday 09:00–13:00 + Monday 08:00–09:00.
    expect(minutes('2026-11-27T16:00', '2026-11-30T09:00')).toBe(60 + 240 + 60);
    const saturdayOff = { ...sanJuan, blockedDates: new Set(['2026-11-28']) };
    expect(minutes('2026-11-27T16:00', '2026-11-30T09:00', saturdayOff)).toBe(60 + 60);
    const mondayOff = { ...sanJuan, blockedDates: new Set(['2026-11-30']) };
    expect(minutes('2026-11-30T08:00', '2026-11-30T16:00', mondayOff)).toBe(0);
  });

  it('reads a whole week of the provider’s own hours', () => {
    const eveningsOnly = {
      ...sanJuan,
      hours: { ...defaultBusinessHours, saturday: { open: false, from: '09:00', to: '13:00' }, monday: { open: true, from: '18:00', to: '21:00' } },
    };
    // Monday 18:00–21:00, Tuesday 08:00–17:00.
    expect(minutes('2026-11-23T12:00', '2026-11-24T17:00', eveningsOnly)).toBe(180 + 540);
    // Seven days from Monday 00:00: five weekdays of 9 h and Saturday's 4 h.
    expect(minutes('2026-11-23T00:00', '2026-11-30T00:00')).toBe(5 * 540 + 240);
  });

  it('answers zero when the answer is not after the question', () => {
    expect(minutes('2026-11-23T10:00', '2026-11-23T10:00')).toBe(0);
    expect(minutes('2026-11-23T10:00', '2026-11-23T09:00')).toBe(0);
  });

  it('follows the provider’s zone across a change of clocks', () => {
    const newYork = { ...sanJuan, timeZone: 'America/New_York' };
    // Friday 2027-03-12 16:00 EST (−05:00) → Monday 2027-03-15 09:00 EDT (−04:00): the clocks moved on Sunday.
    expect(businessMinutesBetween(new Date('2027-03-12T16:00:00-05:00'), new Date('2027-03-15T09:00:00-04:00'), newYork)).toBe(60 + 240 + 60);
  });

  it('rounds down to whole minutes', () => {
    expect(businessMinutesBetween(pr('2026-11-23T09:00'), new Date(pr('2026-11-23T09:00').getTime() + 59_999), sanJuan)).toBe(0);
  });
});

describe('the median and its badge', () => {
  it('takes the middle case, or the mean of the two middle ones', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([30, 5, 600])).toBe(30);
    expect(medianOf([10, 40, 20, 30])).toBe(25);
  });

  it('shows nothing below the minimum number of cases', () => {
    expect(shownMedian(20, responseTimes.minimumCases - 1)).toBeNull();
    expect(shownMedian(20, responseTimes.minimumCases)).toBe(20);
  });

  it('puts a median in its bucket', () => {
    expect(responseBucketOf(null)).toBeNull();
    expect(responseBucketOf(0)).toBe('within_hour');
    expect(responseBucketOf(60)).toBe('within_hour');
    expect(responseBucketOf(61)).toBe('within_hours');
    expect(responseBucketOf(240)).toBe('within_hours');
    expect(responseBucketOf(541)).toBe('within_days');
    expect(responseBucketOf(300)).toBe('within_day');
  });
});
