import { profileLimits } from '@resuelve/contract';
import { isApiError } from '../../../lib/api-error.ts';

/**
 * What went wrong with a send or verify call, by the server's code (SPEC.md §8 phone errors):
 * which field it belongs to, whether the person needs a new code, and how long to wait.
 */
export interface PhoneProblem {
  /** `phone:<key>` or `errors:<key>` translation key. */
  message: string;
  /** A field error code from the api's `details`: worded by fieldErrorText rather than `message`. */
  fieldCode?: string;
  values?: Record<string, string | number>;
  field?: 'phone' | 'code';
  /** The code can no longer be used: offer a new one. */
  needsNewCode?: boolean;
  /** Seconds the server asked to wait before sending again. */
  wait?: number;
}

function waitOf(error: { retryAfter?: number }, fallback: number): number {
  return error.retryAfter && error.retryAfter > 0 ? Math.ceil(error.retryAfter) : fallback;
}

export function phoneProblemOf(error: unknown): PhoneProblem {
  if (!isApiError(error)) return { message: 'errors:unexpected' };
  if (error.status === 0) return { message: 'errors:network_error' };
  switch (error.code) {
    case 'invalid_code': {
      const left = Number(error.details?.attempts_remaining);
      return Number.isFinite(left)
        ? { message: 'errors:invalid_code', values: { count: left }, field: 'code' }
        : { message: 'errors:invalid_code', field: 'code' };
    }
    case 'code_expired':
      return { message: 'phone:expired', needsNewCode: true };
    case 'no_attempts_left':
      return { message: 'phone:no_attempts', needsNewCode: true, wait: waitOf(error, 0) };
    case 'rate_limited':
      return { message: 'phone:rate_limited', wait: waitOf(error, profileLimits.phoneResendSeconds) };
    case 'too_many_attempts': {
      const wait = waitOf(error, 3600);
      return { message: 'phone:too_many', values: { count: Math.ceil(wait / 60) }, wait };
    }
    case 'phone_already_registered':
    case 'phone_taken':
      return { message: `errors:${error.code}`, field: 'phone' };
    case 'phone_send_failed':
      return { message: 'errors:phone_send_failed' };
    case 'validation_failed': {
      const phone = error.details?.phoneNumber;
      if (phone) return { message: 'errors:validation_failed', fieldCode: phone, field: 'phone' };
      const code = error.details?.code;
      if (code) return { message: 'errors:validation_failed', fieldCode: code, field: 'code' };
      return { message: 'errors:validation_failed' };
    }
    default:
      return { message: `errors:${error.code}` };
  }
}
