import { describe, expect, it } from 'vitest';
import { seriesVisitCount, seriesVisitDay } from './series.ts';

describe('series arithmetic', () => {
  it('counts the visits asked for, or every visit up to the last day, both days included', () => {
    expect(seriesVisitCount('2026-12-01', 1, { visits: 4 })).toBe(4);
    expect(seriesVisitCount('2026-12-01', 1, { until: '2026-12-22' })).toBe(4);
    expect(seriesVisitCount('2026-12-01', 1, { until: '2026-12-21' })).toBe(3);
    expect(seriesVisitCount('2026-12-01', 2, { until: '2026-12-29' })).toBe(3);
    expect(seriesVisitCount('2026-12-01', 4, { until: '2026-12-01' })).toBe(1);
    expect(seriesVisitCount('2026-12-01', 4, { until: '2026-11-30' })).toBe(0);
  });

  it('places each visit whole weeks after the first, across months and the year end', () => {
    expect(seriesVisitDay('2026-12-01', 1, 1)).toBe('2026-12-01');
    expect(seriesVisitDay('2026-12-01', 1, 5)).toBe('2026-12-29');
    expect(seriesVisitDay('2026-12-15', 2, 2)).toBe('2026-12-29');
    expect(seriesVisitDay('2026-12-15', 4, 2)).toBe('2027-01-12');
  });
});
