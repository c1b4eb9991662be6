import { describe, expect, it } from 'vitest';
import { dateFormat } from './date-format.ts';

// 03:21 UTC on the 28th is 11:21 p. m. on the 27th in Puerto Rico (UTC−4, no daylight saving).
const lateEvening = '2026-11-28T03:21:05.000Z';

describe('dateFormat', () => {
  it('writes Spanish day first, in Puerto Rico’s time, whatever the browser’s zone', () => {
    const es = dateFormat('es');
    expect(es.dateTime(lateEvening)).toMatch(/^27 nov 2026, 11:21\sp\.\sm\.$/);
    expect(es.dateTime(lateEvening, { seconds: true })).toMatch(/^27 nov 2026, 11:21:05\sp\.\sm\.$/);
    expect(es.date(lateEvening)).toBe('27 nov 2026');
  });

  it('writes English month first', () => {
    const en = dateFormat('en');
    expect(en.dateTime(lateEvening)).toMatch(/^Nov 27, 2026, 11:21\sPM$/);
    expect(en.date(lateEvening)).toBe('Nov 27, 2026');
  });

  it('writes a calendar day as it is, with or without its year', () => {
    expect(dateFormat('es').day('2026-12-01')).toBe('1 dic 2026');
    expect(dateFormat('es').day('2026-12-01', { year: false })).toBe('1 dic');
    expect(dateFormat('en').day('2026-12-01')).toBe('Dec 1, 2026');
  });
});
