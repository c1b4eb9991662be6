import { toast } from 'sonner';
import { ApiError, statusOf } from './api-error.ts';
import { getI18n } from './i18n.ts';
import { recordError } from './error-recovery.ts';
import { clientLogger } from './client-logger.ts';

export type ErrorKind = 'query' | 'mutation';

export type ToastKey =
  | 'connection'
  | 'invalid_request'
  | 'auth_required'
  | 'access_denied'
  | 'not_found'
  | 'too_many_requests'
  | 'server_error'
  | 'failed_to_load'
  | 'action_failed';

/** Queries and mutations may say `meta: { silent: true }` when their screen shows the error itself. */
export interface ErrorMeta {
  silent?: boolean;
  [key: string]: unknown;
}

/** SPEC.md §8: which toast an error gets by status; null when it stays silent. */
export function toastKeyFor(status: number, kind: ErrorKind): ToastKey | null {
  switch (status) {
    case 0:
      return kind === 'query' ? null : 'connection';
    case 400:
      return 'invalid_request';
    case 401:
      return 'auth_required';
    case 403:
      return 'access_denied';
    case 404:
      return 'not_found';
    case 429:
      return 'too_many_requests';
    case 500:
    case 502:
    case 503:
    case 504:
      return 'server_error';
    default:
      return kind === 'query' ? 'failed_to_load' : 'action_failed';
  }
}

/**
 * Auth calls and the profile query are silent (SPEC.md §8): the auth screens and the guards'
 * unavailable screen answer the person directly. Saving the profile still toasts.
 */
export function isSilent(error: unknown, meta: ErrorMeta | undefined, kind: ErrorKind = 'query'): boolean {
  if (meta?.silent) return true;
  const path = error instanceof ApiError ? error.path : undefined;
  if (path === undefined) return false;
  return path.startsWith('/auth/') || (kind === 'query' && path === '/profiles/me');
}

export interface ErrorToast {
  key: ToastKey;
  title: string;
  description: string;
}

/** The translated toast for an error: title by status, description by the error's code when known. */
export function errorToastFor(error: unknown, kind: ErrorKind): ErrorToast | null {
  const key = toastKeyFor(statusOf(error), kind);
  if (!key) return null;
  const i18n = getI18n();
  const code = error instanceof ApiError ? error.code : undefined;
  const byCode = code && i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : null;
  return {
    key,
    title: i18n.t(`errors:toast.${key}.title`),
    description: byCode ?? i18n.t(`errors:toast.${key}.description`),
  };
}

/** Called by the query and mutation caches for every final failure. */
export function reportApiError(error: unknown, kind: ErrorKind, meta?: ErrorMeta): void {
  const correlationId = error instanceof ApiError ? error.correlationId : undefined;
  const message = `${kind} failed: ${error instanceof Error ? error.message : String(error)}`;
  clientLogger.log('warn', message, { category: 'api', correlationId });
  if (isSilent(error, meta, kind)) return;
  const shown = errorToastFor(error, kind);
  if (!shown) return;
  // One toast per kind of problem: a burst of failing queries replaces, not stacks.
  toast.error(shown.title, { id: `error-${shown.key}`, description: shown.description });
  recordError();
}
