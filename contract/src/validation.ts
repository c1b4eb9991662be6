/**
 * Validation rules of SPEC.md §5, one definition for the api (joi schemas are built from these)
 * and the ui (forms check as the person types). Each check returns a field error code or null.
 */
import { limits } from './limits.ts';
import type { FieldErrorCode } from './errors.ts';

export const patterns = {
  // A practical standard: local@domain.tld, no spaces.
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  // Letters (any script, accents), spaces, hyphens, apostrophes.
  name: /^[\p{L}][\p{L} '\u2019-]*$/u,
  ein: /^\d{9}$/,
  zip: /^\d{5}(-?\d{4})?$/,
  state: /^(A[KLRZ]|C[AOT]|D[CE]|FL|G[AU]|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|P[AR]|RI|S[CD]|T[NX]|UT|V[AIT]|W[AIVY]|AS|MP)$/,
  city: /^[\p{L}][\p{L} .'\u2019-]*$/u,
  verificationCode: /^\d{6}$/,
  lowercase: /\p{Ll}/u,
  uppercase: /\p{Lu}/u,
  digit: /\d/,
  special: /[^\p{L}\d\s]/u,
} as const;

export type Check = (value: string) => FieldErrorCode | null;

export const passwordRules = [
  { code: 'too_short', test: (v: string) => v.length >= limits.passwordMinLength },
  { code: 'password_lowercase', test: (v: string) => patterns.lowercase.test(v) },
  { code: 'password_uppercase', test: (v: string) => patterns.uppercase.test(v) },
  { code: 'password_digit', test: (v: string) => patterns.digit.test(v) },
  { code: 'password_special', test: (v: string) => patterns.special.test(v) },
] as const satisfies readonly { code: FieldErrorCode; test: (v: string) => boolean }[];

export const checkPassword: Check = (v) => {
  if (!v) return 'required';
  if (v.length > limits.passwordMaxLength) return 'too_long';
  return passwordRules.find((rule) => !rule.test(v))?.code ?? null;
};

export function checkPasswordsMatch(password: string, confirmation: string): FieldErrorCode | null {
  if (!confirmation) return 'required';
  return password === confirmation ? null : 'passwords_mismatch';
}

export const checkEmail: Check = (v) => {
  const s = v.trim();
  if (!s) return 'required';
  if (s.length > limits.emailMaxLength) return 'too_long';
  return patterns.email.test(s) ? null : 'invalid_email';
};

export const checkName: Check = (v) => {
  const s = v.trim();
  if (!s) return 'required';
  if (s.length > limits.nameMaxLength) return 'too_long';
  return patterns.name.test(s) ? null : 'invalid_name';
};

export function phoneDigits(v: string): string {
  return v.replace(/\D/g, '');
}

export const checkPhone: Check = (v) => {
  if (!v.trim()) return 'required';
  if (/[^\d\s()+.-]/.test(v)) return 'invalid_phone';
  const digits = phoneDigits(v);
  if (digits.length < limits.phoneMinDigits) return 'too_short';
  if (digits.length > limits.phoneMaxDigits) return 'too_long';
  return null;
};

export const checkEin: Check = (v) => {
  const digits = v.replace(/-/g, '');
  if (!digits) return 'required';
  return patterns.ein.test(digits) ? null : 'invalid_ein';
};

export const checkZip: Check = (v) => {
  const s = v.trim();
  if (!s) return 'required';
  return patterns.zip.test(s) ? null : 'invalid_zip';
};

/** Puerto Rico ZIP codes start with 00 (006xx, 007xx, 009xx). */
export function isPuertoRicoZip(v: string): boolean {
  return /^00[679]\d{2}/.test(v.trim());
}

export const checkCompanyName: Check = (v) => {
  const s = v.trim();
  if (!s) return 'required';
  if (s.length < limits.companyNameMin) return 'too_short';
  if (s.length > limits.companyNameMax) return 'too_long';
  return null;
};

export const checkUrl: Check = (v) => {
  const s = v.trim();
  if (!s) return 'required';
  try {
    const url = new URL(s);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid_url';
    return url.hostname.includes('.') ? null : 'invalid_url';
  } catch {
    return 'invalid_url';
  }
};

export const checkYearsExperience: Check = (v) => {
  if (v.trim() === '') return 'required';
  const n = Number(v);
  if (!Number.isInteger(n)) return 'invalid_type';
  if (n < 0 || n > limits.yearsExperienceMax) return 'out_of_range';
  return null;
};

export const checkAddress: Check = (v) => {
  const s = v.trim();
  if (!s) return 'required';
  if (s.length < 5) return 'too_short';
  if (s.length > limits.addressMaxLength) return 'too_long';
  return null;
};

export const checkCity: Check = (v) => {
  const s = v.trim();
  if (!s) return 'required';
  if (s.length < limits.cityMinLength) return 'too_short';
  if (s.length > limits.cityMaxLength) return 'too_long';
  return patterns.city.test(s) ? null : 'invalid_city';
};

export const checkState: Check = (v) => {
  const s = v.trim();
  if (!s) return 'required';
  return patterns.state.test(s) ? null : 'invalid_state';
};

export const checkVerificationCode: Check = (v) => {
  if (!v) return 'required';
  return patterns.verificationCode.test(v) ? null : 'invalid_code';
};

/** Birth date as YYYY-MM-DD: valid, not in the future, at least 13 years old on `today`. */
export function checkBirthDate(v: string, today: Date = new Date()): FieldErrorCode | null {
  if (!v) return 'required';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return 'invalid_date';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return 'invalid_date';
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return 'date_in_future';
  const thirteenth = Date.UTC(y + limits.minimumAgeYears, mo - 1, d);
  return thirteenth <= todayUtc ? null : 'too_young';
}
