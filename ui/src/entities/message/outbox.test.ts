import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import type { Message } from '@resuelve/contract';
import { fakePlatform, jsonResponse, mockFetch, profile } from '../../../test/helpers.tsx';
import { message } from '../../../test/message-fixtures.ts';
import { setPlatform } from '../../platform/index.ts';
import { useSession } from '../../lib/session-store.ts';
import { messageQueries, type Thread } from './api.ts';
import { cancelMessage, outboxSettings, resendWaiting, retryMessage, sendMessage, useOutbox } from './outbox.ts';

const me = profile({ id: 'client-1' });
let queryClient: QueryClient;
const states = () => useOutbox.getState().items.map((item) => [item.text, item.state]);
const thread = () => queryClient.getQueryData<Thread>(messageQueries.thread('conv-1').queryKey);

/** POST /conversations/conv-1/messages answered by `answer`; records each request's key and text. */
function api(answer: (text: string, call: number) => Response | Promise<Response>) {
  const sent: { key: string | null; text: string }[] = [];
  mockFetch({
    'POST /conversations/conv-1/messages': (init) => {
      const text = (JSON.parse(String(init?.body)) as { text: string }).text;
      sent.push({ key: new Headers(init?.headers).get('Idempotency-Key'), text });
      return answer(text, sent.length);
    },
  });
  return sent;
}

const stored = (id: number) => (text: string) => jsonResponse(message(id, { text, sender_id: me.id }), 201);

beforeEach(() => {
  setPlatform(fakePlatform());
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user: me, restoreFailed: false, signedOutByUser: false });
  queryClient = new QueryClient();
  queryClient.setQueryData<Thread>(messageQueries.thread('conv-1').queryKey, { items: [message(1)], hasOlder: false });
  outboxSettings.serverRetryMs = 1;
  onlineManager.setOnline(true);
  useOutbox.setState({ items: [] });
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('sending a message', () => {
  it('shows it sending, then puts the api’s message in the thread and drops the local one', async () => {
    const sent = api(stored(2));
    sendMessage(queryClient, 'conv-1', 'Hola, ¿tiene tiempo el martes?');
    expect(states()).toEqual([['Hola, ¿tiene tiempo el martes?', 'sending']]);
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(thread()!.items.map((m) => m.id)).toEqual(['1', '2']);
    expect(sent[0]!.key).toMatch(/\S{8,}/);
  });

  it('shows the api’s message once when its live copy arrived first', async () => {
    api((text) => {
      // The socket was quicker than the answer.
      queryClient.setQueryData<Thread>(messageQueries.thread('conv-1').queryKey, (held) => ({ ...held!, items: [...held!.items, message(2, { text })] }));
      return stored(2)(text);
    });
    sendMessage(queryClient, 'conv-1', 'Hola');
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(thread()!.items.map((m) => m.id)).toEqual(['1', '2']);
  });

  it('leaves a refused message failed with its reason, and its retry uses the key it was given when written', async () => {
    const sent = api((text, call) =>
      call === 1 ? jsonResponse({ error: 'Limit', status: 429, code: 'message_limit_reached' }, 429) : stored(2)(text),
    );
    const item = sendMessage(queryClient, 'conv-1', 'Otra pregunta');
    await vi.waitFor(() => expect(states()).toEqual([['Otra pregunta', 'failed']]));
    expect(useOutbox.getState().items[0]!.problem).toMatchObject({ code: 'message_limit_reached', status: 429 });

    retryMessage(queryClient, item.localId);
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(sent.map((s) => s.key)).toEqual([item.idempotencyKey, item.idempotencyKey]);
  });

  it('tries once more after a server error, with the same key', async () => {
    const sent = api((text, call) => (call === 1 ? jsonResponse({ error: 'Boom', status: 503, code: 'service_unavailable' }, 503) : stored(2)(text)));
    sendMessage(queryClient, 'conv-1', 'Hola');
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toBe(sent[1]!.key);
  });

  it('sends a conversation’s messages one at a time, in the order written', async () => {
    const answers: ((r: Response) => void)[] = [];
    const sent = api(() => new Promise<Response>((resolve) => answers.push(resolve)));
    sendMessage(queryClient, 'conv-1', 'uno');
    sendMessage(queryClient, 'conv-1', 'dos');
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(sent.map((s) => s.text)).toEqual(['uno']);
    answers[0]!(jsonResponse(message(2, { text: 'uno', sender_id: me.id }), 201));
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(jsonResponse(message(3, { text: 'dos', sender_id: me.id }), 201));
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(thread()!.items.map((m) => m.text)).toEqual(['Mensaje 1', 'uno', 'dos']);
  });

  it('offline, keeps messages waiting (and says so) until the connection is back, then sends them in order', async () => {
    const sent = api((text, call) => stored(call + 1)(text));
    onlineManager.setOnline(false);
    sendMessage(queryClient, 'conv-1', 'primero');
    sendMessage(queryClient, 'conv-1', 'segundo');
    expect(states()).toEqual([
      ['primero', 'waiting'],
      ['segundo', 'waiting'],
    ]);
    expect(sent).toHaveLength(0);

    onlineManager.setOnline(true);
    resendWaiting(queryClient);
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(sent.map((s) => s.text)).toEqual(['primero', 'segundo']);
  });

  it('lets a waiting message be cancelled: it never goes', async () => {
    const sent = api(stored(2));
    onlineManager.setOnline(false);
    const item = sendMessage(queryClient, 'conv-1', 'mejor no');
    cancelMessage(item.localId);
    expect(states()).toEqual([]);
    onlineManager.setOnline(true);
    resendWaiting(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(0);
    expect(thread()!.items.map((m: Message) => m.id)).toEqual(['1']);
  });

  it('a message whose answer was lost to a dropped connection waits, and goes again with its key', async () => {
    let calls = 0;
    const keys: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get('Idempotency-Key'));
        calls++;
        if (calls === 1) {
          onlineManager.setOnline(false);
          throw new TypeError('Failed to fetch');
        }
        return jsonResponse(message(2, { text: 'hola', sender_id: me.id }), 201);
      }),
    );
    sendMessage(queryClient, 'conv-1', 'hola');
    await vi.waitFor(() => expect(states()).toEqual([['hola', 'waiting']]));
    onlineManager.setOnline(true);
    resendWaiting(queryClient);
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
