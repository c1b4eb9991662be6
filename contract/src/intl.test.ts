import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.ts';

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
