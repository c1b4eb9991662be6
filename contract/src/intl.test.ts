import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, recordFormatsWith, rememberFormats, sortByText } from './intl.ts';

describe('Intl formatters built once', () => {
  it('gives the same formatter for the same language and options, another for others', () => {
    const a = dateTimeFormat('es-PR', { timeZone: 'America/Puerto_Rico', dateStyle: 'full' });
    expect(dateTimeFormat('es-PR', { timeZone: 'America/Puerto_Rico', dateStyle: 'full' })).toBe(a);
    expect(dateTimeFormat('en-US', { timeZone: 'America/Puerto_Rico', dateStyle: 'full' })).not.toBe(a);
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).toBe(numberFormat('en-US', { style: 'currency', currency: 'USD' }));
  });

  it('formats as a new Intl formatter would', () => {
    const at = new Date('2026-11-23T13:00:00Z');
    const options = { timeZone: 'America/Puerto_Rico', dateStyle: 'full', timeStyle: 'short' } as const;
    expect(dateTimeFormat('es-PR', options).format(at)).toBe(new Intl.DateTimeFormat('es-PR', options).format(at));
  });
});

describe('texts a server render wrote, written again in the browser (decision 0043)', () => {
  it('records each text a formatter writes and gives a remembered text back without formatting', () => {
    const recorded = new Map<string, string>();
    recordFormatsWith((key, text) => recorded.set(key, text));
    try {
      const at = new Date('2026-11-23T13:00:00Z');
      const options = { timeZone: 'America/Puerto_Rico', hour: 'numeric', minute: '2-digit' } as const;
      const date = dateTimeFormat('es-PR', options).format(at);
      const range = dateTimeFormat('es-PR', options).formatRange(at, new Date('2026-11-23T15:30:00Z'));
      const price = numberFormat('en-US', { style: 'currency', currency: 'USD' }).format(45);
      const sorted = sortByText('es', ['Plomería', 'Electricidad', 'Ñame', 'Niñera'], (name) => name);
      expect(sorted).toEqual(['Electricidad', 'Niñera', 'Ñame', 'Plomería']);
      expect([...recorded.values()]).toEqual([date, range, price, '1 3 2 0']);

      // The browser, handed other texts for the same keys, writes those (the server's) instead.
      const server = Object.fromEntries([...recorded.keys()].map((key, i) => [key, `server ${i}`]));
      rememberFormats(server);
      expect(dateTimeFormat('es-PR', options).format(at.getTime())).toBe('server 0');
      expect(dateTimeFormat('es-PR', options).formatRange(at, new Date('2026-11-23T15:30:00Z'))).toBe('server 1');
      expect(numberFormat('en-US', { style: 'currency', currency: 'USD' }).format(45)).toBe('server 2');
      // A value the server did not write is formatted here.
      expect(numberFormat('en-US', { style: 'currency', currency: 'USD' }).format(46)).toBe('$46.00');
      expect(sortByText('es', ['B', 'A'], (name) => name)).toEqual(['A', 'B']);
      expect(sortByText('es', [], (name: string) => name)).toEqual([]);
    } finally {
      recordFormatsWith(null);
    }
  });
});
