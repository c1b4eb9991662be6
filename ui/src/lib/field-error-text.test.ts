import { describe, expect, it } from 'vitest';
import { testI18n } from '../../test/setup.ts';
import { fieldErrorText } from './field-error-text.ts';

const t = testI18n.getFixedT('en');

describe('a field error code in words', () => {
  it('says nothing without a code', () => {
    expect(fieldErrorText(t, null)).toBeNull();
    expect(fieldErrorText(t, undefined)).toBeNull();
    expect(fieldErrorText(t, '')).toBeNull();
  });

  it('uses the errors namespace for a known code, and "format not valid" for any other', () => {
    expect(fieldErrorText(t, 'invalid_zip')).toBe('The ZIP code must have 5 or 9 digits.');
    expect(fieldErrorText(t, 'no_such_code')).toBe('The format is not valid.');
  });

  it("prefers the screen's own words, and its fallback over the errors namespace", () => {
    const words = { required: 'Choose at least one service.' };
    expect(fieldErrorText(t, 'required', { words })).toBe('Choose at least one service.');
    expect(fieldErrorText(t, 'too_long', { words })).toBe('It is too long.');
    expect(fieldErrorText(t, 'invalid_zip', { words, fallback: 'Check this field.' })).toBe('Check this field.');
    // Names an object inherits are no words of the screen's.
    expect(fieldErrorText(t, 'constructor', { words })).toBe('The format is not valid.');
  });
});
