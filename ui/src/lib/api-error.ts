import type { TFunction } from 'i18next';

/** The error object of SPEC.md §8: `message` is the server's message or `HTTP {status}`; status 0 means no answer. */
export class ApiError extends Error {
  status: number;
  code: string;
  details?: Record<string, string>;
  /** The X-Correlation-Id the request carried, to find it in the server logs. */
  correlationId?: string;
  /** The api path called (relative to /api/v1), so auth calls can stay silent (SPEC.md §8). */
  path?: string;
  /** Seconds the server asked to wait (Retry-After header of a 429). */
  retryAfter?: number;

  constructor(message: string, status: number, code: string, details?: Record<string, string>, correlationId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (details) this.details = details;
    if (correlationId) this.correlationId = correlationId;
  }
}

export const networkErrorMessage = 'Network error or server unavailable';
export const invalidResponseMessage = 'Invalid response format. Expected JSON';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Status of any thrown value: an ApiError's status, 0 (no answer) for anything else. */
export function statusOf(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

/** The words for a failed call: by the server's code when it has a text (errors namespace), else by the kind of failure. */
export function problemText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors:unexpected');
  if (error.status === 0) return t('errors:network_error');
  return t(`errors:${error.code}`, { defaultValue: t('errors:unexpected') });
}
