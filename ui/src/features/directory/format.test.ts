import { describe, expect, it } from 'vitest';
import { todayInPuertoRico } from './format.ts';

describe('todayInPuertoRico', () => {
  it('is the date on the island at every hour of the year, as the time-zone database says', () => {
    const island = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Puerto_Rico' });
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 3_600_000 - 60_000) {
      expect(todayInPuertoRico(new Date(at))).toBe(island.format(at));
    }
  });

  it('turns the day at 04:00 UTC', () => {
    expect(todayInPuertoRico(new Date('2026-11-27T03:59:59Z'))).toBe('2026-11-26');
    expect(todayInPuertoRico(new Date('2026-11-27T04:00:00Z'))).toBe('2026-11-27');
  });
});
