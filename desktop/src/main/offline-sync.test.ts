import { describe, expect, it } from 'vitest';
import type { OfflineAction } from '../shared/ipc.ts';
import { createActionSender, fetchOfflineJobs } from './offline-sync.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';

const jobId = '22222222-2222-4222-8222-222222222222';

function action(kind: OfflineAction['kind'], attempts: number, extra: Partial<OfflineAction> = {}): OfflineAction {
  return { kind, job_id: jobId, id: 'a1', idempotency_key: 'key-1', sequence: 1, queued_at: '', status: 'waiting', attempts, error_code: null, ...extra };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The api as the start route behaves: the first start applies, a repeat is a 409. */
function fakeApi(options: { dropFirstAnswer: boolean }) {
  let status = 'upcoming';
  let starts = 0;
  const requests: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  let dropped = false;
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers = init.headers as Record<string, string>;
    requests.push({ method: init.method ?? 'GET', url, headers, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/start')) {
      if (status !== 'upcoming') return json(409, { error: 'Conflict', code: 'invalid_transition' });
      status = 'in_progress';
      starts += 1;
      if (options.dropFirstAnswer && !dropped) {
        dropped = true;
        throw new DOMException('The operation was aborted.', 'AbortError');
      }
      return json(200, { id: jobId, status });
    }
    if (url.endsWith(`/jobs/${jobId}`)) return json(200, { id: jobId, status, client_id: 'client-1' });
    if (url.endsWith('/conversations')) return json(201, { id: 'conv-1' });
    return json(404, { code: 'not_found' });
  };
  return { fetch, requests, starts: () => starts };
}

describe('sending queued actions to the api', () => {
  it('sends the Idempotency-Key and the bearer token', async () => {
    const api = fakeApi({ dropFirstAnswer: false });
    const send = createActionSender({ apiOrigin: 'https://api.test', fetch: api.fetch, accessToken: async () => 'token', logger: createRecordingLogger() });
    expect(await send(action('start', 1))).toEqual({ result: 'sent' });
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: `https://api.test/api/v1/jobs/${jobId}/start` });
    expect(api.requests[0]!.headers).toMatchObject({ authorization: 'Bearer token', 'idempotency-key': 'key-1' });
  });

  it('a start whose first answer timed out counts as sent on the retry, and is applied once', async () => {
    const api = fakeApi({ dropFirstAnswer: true });
    const send = createActionSender({ apiOrigin: 'https://api.test', fetch: api.fetch, accessToken: async () => 'token', logger: createRecordingLogger() });
    expect(await send(action('start', 1))).toEqual({ result: 'unreachable' });
    expect(await send(action('start', 2))).toEqual({ result: 'sent' });
    expect(api.starts()).toBe(1);
  });

  it('a note goes to the job’s client as a message with the key; signed out means try later', async () => {
    const api = fakeApi({ dropFirstAnswer: false });
    const send = createActionSender({ apiOrigin: 'https://api.test', fetch: api.fetch, accessToken: async () => 'token', logger: createRecordingLogger() });
    expect(await send(action('note', 1, { text: 'Llego en 10 minutos' }))).toEqual({ result: 'sent' });
    expect(api.requests.at(-1)).toMatchObject({ body: { recipient_id: 'client-1', job_id: jobId, text: 'Llego en 10 minutos' }, headers: { 'idempotency-key': 'key-1' } });
    const signedOut = createActionSender({ apiOrigin: 'https://api.test', fetch: api.fetch, accessToken: async () => null, logger: createRecordingLogger() });
    expect(await signedOut(action('end', 1))).toEqual({ result: 'unreachable' });
  });

  it('a refusal on a first attempt is a failure with the api’s code', async () => {
    const fetch = async () => json(409, { code: 'not_on_scheduled_day' });
    const send = createActionSender({ apiOrigin: 'https://api.test', fetch, accessToken: async () => 'token', logger: createRecordingLogger() });
    expect(await send(action('start', 1))).toEqual({ result: 'refused', code: 'not_on_scheduled_day' });
  });
});

describe('fetching the jobs to keep', () => {
  it('asks for seven days and joins each client’s contact', async () => {
    const urls: string[] = [];
    const fetch = async (url: string): Promise<Response> => {
      urls.push(url);
      if (url.includes('/jobs/list')) {
        return json(200, {
          items: [
            { id: jobId, title: 'Poda', status: 'upcoming', client_id: 'c1', scheduled_start: 's', scheduled_end: 'e', timezone: 'America/Puerto_Rico', location_address: 'Calle 1', client: { id: 'c1', name: 'Ana' } },
            { id: 'gone', title: 'X', status: 'cancelled', client_id: 'c2', scheduled_start: 's', scheduled_end: 'e', timezone: 'America/Puerto_Rico', location_address: null, client: { id: 'c2', name: 'B' } },
          ],
        });
      }
      return json(200, { phone: '+17875550100', email: 'ana@example.com', address: 'Calle 1' });
    };
    const jobs = await fetchOfflineJobs({ apiOrigin: 'https://api.test', fetch, accessToken: async () => 'token', logger: createRecordingLogger(), now: () => new Date('2026-11-25T15:00:00Z') });
    expect(jobs).toEqual([
      expect.objectContaining({ id: jobId, client: { id: 'c1', name: 'Ana', phone: '+17875550100', email: 'ana@example.com', address: 'Calle 1' } }),
    ]);
    const query = new URL(urls[0]!).searchParams;
    expect([query.get('from'), query.get('to'), query.get('role')]).toEqual(['2026-11-25T00:00:00.000Z', '2026-12-02T15:00:00.000Z', 'provider']);
  });
});
