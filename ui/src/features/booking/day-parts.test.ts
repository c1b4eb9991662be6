import { describe, expect, it } from 'vitest';
import { dayPartOf, groupByDayPart } from './day-parts.ts';

const pr = 'America/Puerto_Rico';
/** Puerto Rico is UTC-4: local hour h is UTC h+4. */
const at = (hour: number, minute = 0) => ({
  start: new Date(Date.UTC(2030, 0, 10, hour + 4, minute)).toISOString(),
  end: new Date(Date.UTC(2030, 0, 10, hour + 5, minute)).toISOString(),
});

describe('day parts', () => {
  it('puts 11:45 in the morning, noon to 4:45 p.m. in the afternoon and 5 p.m. on in the evening, in the provider zone', () => {
    expect(dayPartOf(at(11, 45).start, pr)).toBe('morning');
    expect(dayPartOf(at(12).start, pr)).toBe('afternoon');
    expect(dayPartOf(at(16, 45).start, pr)).toBe('afternoon');
    expect(dayPartOf(at(17).start, pr)).toBe('evening');
    // 15:00 UTC is 11:00 in Puerto Rico and 15:00 in London.
    expect(dayPartOf(at(11).start, 'Europe/London')).toBe('afternoon');
  });

  it('groups in order and leaves out the empty parts', () => {
    const groups = groupByDayPart([at(8), at(9), at(18)], pr);
    expect(groups.map((g) => [g.part, g.slots.length])).toEqual([
      ['morning', 2],
      ['evening', 1],
    ]);
  });
});
