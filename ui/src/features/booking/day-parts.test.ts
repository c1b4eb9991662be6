import { describe, expect, it } from 'vitest';
import { dayPartOf, everyHalfHour, groupByDayPart } from './day-parts.ts';

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

  it('keeps the starts on the hour and the half hour, the chosen one, or all when none falls on them', () => {
    const quarters = [at(9), at(9, 15), at(9, 30), at(9, 45), at(10)];
    const label = (slots: { start: string }[]) => slots.map((s) => s.start.slice(11, 16));
    expect(label(everyHalfHour(quarters, pr))).toEqual(['13:00', '13:30', '14:00']);
    expect(label(everyHalfHour(quarters, pr, at(9, 45).start))).toEqual(['13:00', '13:30', '13:45', '14:00']);
    expect(label(everyHalfHour([at(10, 15), at(10, 45)], pr))).toEqual(['14:15', '14:45']);
    expect(label(everyHalfHour([at(10, 15), at(10, 45)], pr, at(10, 15).start))).toEqual(['14:15', '14:45']);
  });
});
