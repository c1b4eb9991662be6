import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes, fieldErrorCodes, locales } from '@resuelve/contract';

const errors = (lng: string) => JSON.parse(readFileSync(join(import.meta.dirname, lng, 'errors.json'), 'utf8'));

// Every error a person can meet has a Spanish and an English message (STYLE.md).
describe.each(locales)('errors.json (%s)', (lng) => {
  const messages = errors(lng);
  it.each(errorCodes)('has a message for %s', (code) => {
    expect(typeof messages[code], `locales/${lng}/errors.json misses "${code}"`).toBe('string');
  });
  it.each(fieldErrorCodes)('has a field message for %s', (code) => {
    expect(typeof messages.field?.[code], `locales/${lng}/errors.json misses "field.${code}"`).toBe('string');
  });
});
