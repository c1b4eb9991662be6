import type { OfflineAction, OfflineJob } from '../shared/ipc.ts';
import type { FetchLike } from './api-call.ts';
import { isRecord } from './api-call.ts';
import { describeError, type Logger } from './logger.ts';
import type { SendOutcome } from './offline-store.ts';

/** How far ahead the console keeps jobs for an outage. */
export const offlineDays = 7;
export const defaultSendTimeoutMs = 15_000;

export interface OfflineSyncOptions {
  apiOrigin: string;
  fetch: FetchLike;
  /** A current access token from the main process's session, or null when signed out. */
  accessToken: () => Promise<string | null>;
  logger: Logger;
  timeoutMs?: number;
  now?: () => Date;
}

/** Statuses in which an action has already happened: a repeat that the api refuses was the first one landing. */
const doneStatuses: Record<'start' | 'end', readonly string[]> = {
  start: ['in_progress', 'completed'],
  end: ['completed'],
};

async function call(
  options: OfflineSyncOptions,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<{ status: number; body: unknown } | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? defaultSendTimeoutMs);
  try {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const response = await options.fetch(`${options.apiOrigin}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    const parsed: unknown = await response.json().catch(() => null);
    return { status: response.status, body: parsed };
  } catch (error) {
    options.logger.warn('offline call got no answer', { path, error: describeError(error) });
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const codeOf = (body: unknown, status: number): string => (isRecord(body) && typeof body.code === 'string' ? body.code : `http_${status}`);

/**
 * Sends one queued action with its Idempotency-Key. A start or end the api refuses as already
 * done after an earlier attempt (that attempt timed out after the api applied it) counts as sent.
 */
export function createActionSender(options: OfflineSyncOptions): (action: OfflineAction) => Promise<SendOutcome> {
  return async (action) => {
    const token = await options.accessToken();
    if (!token) return { result: 'unreachable' };
    const jobPath = `/jobs/${encodeURIComponent(action.job_id)}`;
    let answer: { status: number; body: unknown } | null;
    if (action.kind === 'note') {
      const job = await call(options, token, 'GET', jobPath);
      if (!job) return { result: 'unreachable' };
      if (job.status !== 200 || !isRecord(job.body)) return job.status >= 500 ? { result: 'unreachable' } : { result: 'refused', code: codeOf(job.body, job.status) };
      answer = await call(
        options,
        token,
        'POST',
        '/conversations',
        { recipient_id: job.body.client_id, job_id: action.job_id, text: action.text ?? '' },
        action.idempotency_key,
      );
    } else {
      answer = await call(options, token, 'POST', `${jobPath}/${action.kind}`, {}, action.idempotency_key);
    }
    if (!answer || answer.status >= 500 || answer.status === 401 || answer.status === 429) return { result: 'unreachable' };
    if (answer.status < 300) return { result: 'sent' };
    if (action.kind !== 'note' && action.attempts > 1) {
      const job = await call(options, token, 'GET', jobPath);
      if (job && isRecord(job.body) && doneStatuses[action.kind].includes(String(job.body.status))) return { result: 'sent' };
    }
    return { result: 'refused', code: codeOf(answer.body, answer.status) };
  };
}

interface ApiJob {
  id: string;
  title: string;
  status: string;
  client_id: string;
  scheduled_start: string;
  scheduled_end: string;
  timezone: string;
  location_address: string | null;
  client: { id: string; name: string };
}

/** The provider's jobs of the next seven days with their clients' contact, or null when the api cannot say. */
export async function fetchOfflineJobs(options: OfflineSyncOptions): Promise<OfflineJob[] | null> {
  const token = await options.accessToken();
  if (!token) return null;
  const from = (options.now ?? (() => new Date()))();
  const to = new Date(from.getTime() + offlineDays * 24 * 60 * 60 * 1000);
  const start = new Date(from);
  start.setUTCHours(0, 0, 0, 0);
  const query = new URLSearchParams({ from: start.toISOString(), to: to.toISOString(), role: 'provider' });
  const list = await call(options, token, 'GET', `/jobs/list?${query.toString()}`);
  if (!list || list.status !== 200 || !isRecord(list.body) || !Array.isArray(list.body.items)) return null;
  const jobs = (list.body.items as ApiJob[]).filter((job) => !['cancelled', 'cancelled_by_client', 'expired'].includes(job.status));
  const contacts = new Map<string, { phone: string | null; email: string | null; address: string | null }>();
  for (const clientId of new Set(jobs.map((job) => job.client_id))) {
    const client = await call(options, token, 'GET', `/clients/${encodeURIComponent(clientId)}`);
    const body = client && client.status === 200 && isRecord(client.body) ? client.body : {};
    const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
    contacts.set(clientId, { phone: text(body.phone), email: text(body.email), address: text(body.address) });
  }
  return jobs.map((job) => ({
    id: job.id,
    title: job.title,
    status: job.status,
    scheduled_start: job.scheduled_start,
    scheduled_end: job.scheduled_end,
    timezone: job.timezone,
    location_address: job.location_address,
    client: { id: job.client_id, name: job.client.name, ...(contacts.get(job.client_id) ?? { phone: null, email: null, address: null }) },
  }));
}
