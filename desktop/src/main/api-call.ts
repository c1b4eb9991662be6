import type { IpcError, IpcResult } from '../shared/ipc.ts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Messages of SPEC.md §8, for logs and api users; the ui translates by status and code. */
export const networkErrorMessage = 'Network error or server unavailable';
export const nonJsonErrorMessage = 'Invalid response format. Expected JSON';

export interface ApiCall {
  fetch: FetchLike;
  apiOrigin: string;
  path: string;
  body: unknown;
  accessToken?: string | null;
  correlationId: string;
}

/**
 * POSTs JSON to the api and answers the parsed body or an error object shaped like the ui's
 * (`{error, status, code?}`); never throws, so a failure always reaches the renderer intact.
 */
export async function postJson(call: ApiCall): Promise<IpcResult<unknown>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Correlation-Id': call.correlationId,
  };
  if (call.accessToken) headers.Authorization = `Bearer ${call.accessToken}`;

  let response: Response;
  let text: string;
  try {
    response = await call.fetch(`${call.apiOrigin}/api/v1${call.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(call.body),
      // The refresh token travels in the body; no cookie of the session's jar should ride along.
      credentials: 'omit',
    });
    text = await response.text();
  } catch {
    return {
      ok: false,
      error: { error: networkErrorMessage, status: 0, code: 'network_error', correlation_id: call.correlationId },
    };
  }

  if (response.status === 204) return { ok: true, value: null };
  const parsed = parseJson(text);

  if (!response.ok) return { ok: false, error: { ...toIpcError(response, parsed), correlation_id: call.correlationId } };
  if (parsed === undefined) {
    return { ok: false, error: { ...invalidResponse(response.status), correlation_id: call.correlationId } };
  }
  return { ok: true, value: parsed };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Codes match the ui's ApiError, which names failures without a server code the same way. */
export function invalidResponse(status: number): IpcError {
  return { error: nonJsonErrorMessage, status, code: 'invalid_response' };
}

function toIpcError(response: Response, body: unknown): IpcError {
  const error: IpcError = { error: `HTTP ${response.status}`, status: response.status, code: `http_${response.status}` };
  if (isRecord(body)) {
    if (typeof body.error === 'string') error.error = body.error;
    if (typeof body.code === 'string') error.code = body.code;
    if (isRecord(body.details)) {
      error.details = Object.fromEntries(
        Object.entries(body.details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    }
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) error.retry_after = retryAfter;
  return error;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
