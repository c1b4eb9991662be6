import { describe, expect, it } from 'vitest';
import {
  checkBirthDate,
  checkCity,
  checkCompanyName,
  checkEin,
  checkEmail,
  checkName,
  checkPassword,
  checkPasswordsMatch,
  checkPhone,
  checkState,
  checkUrl,
  checkVerificationCode,
  checkYearsExperience,
  checkZip,
  isPuertoRicoZip,
} from './validation.ts';
import { retryDelayMs } from './limits.ts';
import { toLocale } from './locale.ts';

describe('password rules', () => {
  it('accepts a password with every kind of character', () => expect(checkPassword('Secreto#2026')).toBeNull());
  it.each([
    ['', 'required'],
    ['Ab1#', 'too_short'],
    ['SECRETO#2026', 'password_lowercase'],
    ['secreto#2026', 'password_uppercase'],
    ['Secreto#abcd', 'password_digit'],
    ['Secreto2026', 'password_special'],
  ])('refuses %j with %s', (value, code) => expect(checkPassword(value)).toBe(code));
  it('requires both passwords to match', () => {
    expect(checkPasswordsMatch('Secreto#2026', 'Secreto#2025')).toBe('passwords_mismatch');
    expect(checkPasswordsMatch('Secreto#2026', 'Secreto#2026')).toBeNull();
  });
});

describe('field rules', () => {
  it('checks email', () => {
    expect(checkEmail('ana@example.pr')).toBeNull();
    expect(checkEmail('ana@example')).toBe('invalid_email');
    expect(checkEmail('')).toBe('required');
  });
  it('allows letters with accents, spaces, hyphens and apostrophes in names', () => {
    expect(checkName("María O'Neill-Rivera")).toBeNull();
    expect(checkName('R2D2')).toBe('invalid_name');
  });
  it('needs at least 10 digits in a phone', () => {
    expect(checkPhone('(787) 555-0123')).toBeNull();
    expect(checkPhone('555-0123')).toBe('too_short');
    expect(checkPhone('1234567890123456')).toBe('too_long');
    expect(checkPhone('787-555-abcd')).toBe('invalid_phone');
  });
  it('needs exactly 9 digits in an EIN', () => {
    expect(checkEin('66-1234567')).toBeNull();
    expect(checkEin('12345678')).toBe('invalid_ein');
  });
  it('takes 5 or 9 digit ZIPs and knows Puerto Rico ZIPs start with 00', () => {
    expect(checkZip('00680')).toBeNull();
    expect(checkZip('00680-1234')).toBeNull();
    expect(checkZip('0068')).toBe('invalid_zip');
    expect(isPuertoRicoZip('00680')).toBe(true);
    expect(isPuertoRicoZip('10001')).toBe(false);
  });
  it('bounds company names to 2..100 characters', () => {
    expect(checkCompanyName('A')).toBe('too_short');
    expect(checkCompanyName('x'.repeat(101))).toBe('too_long');
    expect(checkCompanyName('Plomería Rivera')).toBeNull();
  });
  it('takes only http and https URLs', () => {
    expect(checkUrl('https://plomeria.pr')).toBeNull();
    expect(checkUrl('ftp://plomeria.pr')).toBe('invalid_url');
    expect(checkUrl('not a url')).toBe('invalid_url');
  });
  it('bounds years of experience', () => {
    expect(checkYearsExperience('12')).toBeNull();
    expect(checkYearsExperience('-1')).toBe('out_of_range');
    expect(checkYearsExperience('200')).toBe('out_of_range');
  });
  it('checks city and state', () => {
    expect(checkCity('Mayagüez')).toBeNull();
    expect(checkCity('M')).toBe('too_short');
    expect(checkCity('San Juan 3')).toBe('invalid_city');
    expect(checkState('PR')).toBeNull();
    expect(checkState('XX')).toBe('invalid_state');
  });
  it('needs a 6 digit verification code', () => {
    expect(checkVerificationCode('123456')).toBeNull();
    expect(checkVerificationCode('12345')).toBe('invalid_code');
  });
  it('needs a birth date at least 13 years back and not in the future', () => {
    const today = new Date('2026-11-21T12:00:00Z');
    expect(checkBirthDate('2013-11-21', today)).toBeNull();
    expect(checkBirthDate('2013-11-22', today)).toBe('too_young');
    expect(checkBirthDate('2027-01-01', today)).toBe('date_in_future');
    expect(checkBirthDate('2001-02-30', today)).toBe('invalid_date');
  });
});

describe('policies', () => {
  it('doubles the retry delay from 1s up to 30s', () => {
    expect([0, 1, 2, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });
  it('falls back to Spanish for unknown languages', () => {
    expect(toLocale('en-US')).toBe('en');
    expect(toLocale('fr')).toBe('es');
    expect(toLocale(undefined)).toBe('es');
  });
});
