import type { ApiErrorBody } from '@resuelve/contract';
import { hasPlatform, getPlatform } from '../platform/index.ts';
import { ApiError, invalidResponseMessage, networkErrorMessage } from './api-error.ts';
import { noteApiAnswered, noteApiUnreachable } from './connection.ts';
import { useSession } from './session-store.ts';
import { endExpiredSession, refreshSession } from './session-actions.ts';

export { ApiError, isApiError, statusOf } from './api-error.ts';

export const apiBasePath = '/api/v1';

export interface ApiFetchOptions {
  method?: string;
  /** Sent as JSON, or as is when it is FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the bearer token and handle 401 by refreshing (default true). False for sign-in and refresh calls. */
  auth?: boolean;
}

export function newCorrelationId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

export function apiUrl(path: string): string {
  const origin = hasPlatform() ? getPlatform().apiOrigin : '';
  return `${origin}${apiBasePath}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A file address the api gave (`/api/v1/…`, signed), absolute where the api has its own origin (the desktop). */
export function apiFileHref(url: string): string {
  if (!url.startsWith('/')) return url;
  return `${hasPlatform() ? getPlatform().apiOrigin : ''}${url}`;
}

interface Sent {
  response: Response;
  correlationId: string;
  token: string | null;
}

async function send(path: string, options: ApiFetchOptions): Promise<Sent> {
  const correlationId = newCorrelationId();
  const token = options.auth === false ? null : useSession.getState().accessToken;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Correlation-Id': correlationId };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, options.headers);
  try {
    const send = (hasPlatform() ? getPlatform().fetch : undefined) ?? fetch;
    const response = await send(apiUrl(path), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
    noteApiAnswered();
    return { response, correlationId, token };
  } catch (error) {
    // An abort is the caller's choice, not a failure to report.
    if (options.signal?.aborted) throw error;
    noteApiUnreachable();
    throw new ApiError(networkErrorMessage, 0, 'network_error', undefined, correlationId);
  }
}

async function readBody<T>({ response, correlationId }: Sent): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  let isJson = false;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
      isJson = true;
    } catch {
      isJson = false;
    }
  } else if (response.ok) {
    // An empty 200/201 is treated like 204: nothing to read.
    return undefined as T;
  }
  if (response.ok) {
    if (!isJson) throw new ApiError(invalidResponseMessage, response.status, 'invalid_response', undefined, correlationId);
    return parsed as T;
  }
  const errorBody = (isJson && parsed && typeof parsed === 'object' ? parsed : {}) as Partial<ApiErrorBody>;
  const message = typeof errorBody.error === 'string' && errorBody.error ? errorBody.error : `HTTP ${response.status}`;
  const code = typeof errorBody.code === 'string' && errorBody.code ? errorBody.code : `http_${response.status}`;
  const details =
    errorBody.details && typeof errorBody.details === 'object' ? (errorBody.details as Record<string, string>) : undefined;
  const error = new ApiError(message, response.status, code, details, correlationId);
  const retryAfter = Number(response.headers.get('Retry-After'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfter = retryAfter;
  throw error;
}

/**
 * Call the api (path relative to /api/v1). JSON in and out, bearer token and correlation id on
 * every request. On 401 with a signed-in session, refreshes once and retries; if the answer is
 * still 401, the session ends and the person is sent to /auth (SPEC.md §8).
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  try {
    return await fetchWithSession<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError) error.path = path;
    throw error;
  }
}

/** 401 codes that mean the session itself is over; any other 401 (a wrong password) is an answer. */
const sessionEndedCodes = new Set(['token_expired', 'unauthorized']);

async function endsSession(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body = (await response.clone().json().catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code !== 'string' || sessionEndedCodes.has(body.code);
}

async function fetchWithSession<T>(path: string, options: ApiFetchOptions): Promise<T> {
  const first = await send(path, options);
  if (options.auth === false || !first.token || !(await endsSession(first.response))) return readBody<T>(first);

  // Another request may already have refreshed while this one was in flight.
  let canRetry = useSession.getState().accessToken !== first.token && useSession.getState().accessToken !== null;
  if (!canRetry) {
    try {
      canRetry = await refreshSession();
    } catch (error) {
      // The server could not answer the refresh (offline, 5xx): report that, keep the session for later.
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      canRetry = false;
    }
  }
  if (canRetry) {
    const second = await send(path, options);
    if (!(await endsSession(second.response))) return readBody<T>(second);
    endExpiredSession();
    return readBody<T>(second);
  }
  endExpiredSession();
  return readBody<T>(first);
}
