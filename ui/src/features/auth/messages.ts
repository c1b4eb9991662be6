import { useTranslation } from 'react-i18next';
import { limits } from '@resuelve/contract';
import { isApiError } from '../../lib/api-error.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';

/** Field error codes the auth screens have their own words for; any other code reads "check this field". */
const knownFieldCodes = [
  'required',
  'invalid_email',
  'too_long',
  'too_short',
  'password_lowercase',
  'password_uppercase',
  'password_digit',
  'password_special',
  'passwords_mismatch',
];

/** Translate a field error code (from contract's checks or the api's `details`) in the auth screens' own words. */
export function useFieldErrorText(): (code: string | null) => string | null {
  const { t } = useTranslation('auth');
  const words = Object.fromEntries(knownFieldCodes.map((code) => [code, t(`fieldErrors.${code}`, { count: limits.passwordMinLength })]));
  return (code) => fieldErrorText(t, code, { words, fallback: t('fieldErrors.invalid') });
}

export type AuthProblem =
  | { kind: 'invalid_credentials' | 'email_not_confirmed' | 'account_suspended' | 'login_blocked' | 'rate_limited' | 'validation_failed' }
  | { kind: 'too_many_attempts'; seconds: number }
  | { kind: 'network' | 'unexpected' };

const codesWithMessages = new Set(['invalid_credentials', 'email_not_confirmed', 'account_suspended', 'login_blocked', 'rate_limited', 'validation_failed']);

/** How long the server asked to wait (its Retry-After), else the lock of SPEC.md §9 (30 s). */
export function retryAfterSeconds(error: unknown): number {
  const seconds = isApiError(error) ? error.retryAfter : undefined;
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : limits.loginLockSeconds;
}

/** Name the problem behind a failed auth call by its code (the server's text is never shown). */
export function authProblemOf(error: unknown): AuthProblem {
  if (!isApiError(error)) return { kind: 'unexpected' };
  if (error.status === 0) return { kind: 'network' };
  if (error.code === 'too_many_attempts') return { kind: 'too_many_attempts', seconds: retryAfterSeconds(error) };
  if (codesWithMessages.has(error.code)) return { kind: error.code as 'invalid_credentials' };
  if (error.status === 429) return { kind: 'rate_limited' };
  return { kind: 'unexpected' };
}

/** The `errors.*` key for a failure outside sign-in, where only these few outcomes can be told apart. */
export function generalProblemKey(problem: AuthProblem): 'network' | 'rate_limited' | 'validation_failed' | 'unexpected' {
  if (problem.kind === 'network' || problem.kind === 'rate_limited' || problem.kind === 'validation_failed') return problem.kind;
  if (problem.kind === 'too_many_attempts' || problem.kind === 'login_blocked') return 'rate_limited';
  return 'unexpected';
}
