/**
 * A multipart upload that reports its progress (fetch cannot), with the same session handling as
 * `apiFetch`: the bearer token, one refresh and retry on a 401 that ends the session, and the
 * api's error object as an ApiError.
 */
import type { ApiErrorBody } from '@resuelve/contract';
import { ApiError, apiUrl, newCorrelationId } from './api-client.ts';
import { networkErrorMessage } from './api-error.ts';
import { endExpiredSession, refreshSession } from './session-actions.ts';
import { useSession } from './session-store.ts';

interface Answer {
  status: number;
  text: string;
  correlationId: string;
}

function sendOnce(path: string, body: FormData, onProgress: (share: number) => void, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const correlationId = newCorrelationId();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Correlation-Id', correlationId);
    const token = useSession.getState().accessToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, correlationId });
    xhr.onerror = () => reject(new ApiError(networkErrorMessage, 0, 'network_error', undefined, correlationId));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parse(answer: Answer): Partial<ApiErrorBody> & Record<string, unknown> {
  try {
    return JSON.parse(answer.text) as Partial<ApiErrorBody> & Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function uploadWithProgress<T>(path: string, body: FormData, onProgress: (share: number) => void, signal?: AbortSignal): Promise<T> {
  let answer = await sendOnce(path, body, onProgress, signal);
  if (answer.status === 401) {
    const refreshed = await refreshSession().catch(() => false);
    if (refreshed) answer = await sendOnce(path, body, onProgress, signal);
    if (answer.status === 401) endExpiredSession();
  }
  const parsed = parse(answer);
  if (answer.status >= 200 && answer.status < 300) return parsed as T;
  const message = typeof parsed.error === 'string' && parsed.error ? parsed.error : `HTTP ${answer.status}`;
  const code = typeof parsed.code === 'string' && parsed.code ? parsed.code : `http_${answer.status}`;
  const error = new ApiError(message, answer.status, code, parsed.details as Record<string, string> | undefined, answer.correlationId);
  error.path = path;
  throw error;
}
