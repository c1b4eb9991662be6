import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@resuelve/contract';
import { startFakeLive, type FakeSocket } from '../../../test/fake-live-socket.ts';
import { fakePlatform, jsonResponse, profile } from '../../../test/helpers.tsx';
import { message } from '../../../test/message-fixtures.ts';
import { useSession } from '../../lib/session-store.ts';
import { setPlatform } from '../../platform/index.ts';
import { messageQueries, type Thread } from './api.ts';
import { followMessageEvents } from './message-live.ts';

const me = profile({ id: 'client-1' });
const path = '/users/client-1/events';
let queryClient: QueryClient;
let socket: FakeSocket;
let stops: (() => void)[];
const ids = () => queryClient.getQueryData<Thread>(messageQueries.thread('conv-1').queryKey)!.items.map((m) => m.id);

/** The api's GET /conversations/conv-1/messages: what came after `after`, of the messages it stores; records each query. */
function storedOnServer(count: number) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/v1/conversations/conv-1/messages') {
        asked.push(url.search);
        const after = Number(url.searchParams.get('after') ?? 0);
        const items = Array.from({ length: count }, (_, i) => message(i + 1)).filter((m) => Number(m.id) > after);
        return jsonResponse({ items, next_cursor: null });
      }
      return jsonResponse({ count: 0 });
    }),
  );
  return asked;
}

beforeEach(() => {
  setPlatform(fakePlatform());
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user: me, restoreFailed: false, signedOutByUser: false });
  queryClient = new QueryClient();
  queryClient.setQueryData<Thread>(messageQueries.thread('conv-1').queryKey, { items: [message(1), message(2)], hasOlder: false });
  const stopFollowing = followMessageEvents();
  const live = startFakeLive(queryClient);
  stops = [stopFollowing, live.stop];
  socket = live.socket();
});

afterEach(() => {
  stops.forEach((stop) => stop());
  vi.unstubAllGlobals();
});

const created = (id: number): LiveEvent => ({ type: 'message.created', conversation_id: 'conv-1', message: message(id) });

describe('messages, live', () => {
  it('adds a message that arrives to its thread once, however often it arrives', () => {
    storedOnServer(3);
    socket.push(path, created(3));
    socket.push(path, created(3));
    expect(ids()).toEqual(['1', '2', '3']);
  });

  it('after a reconnection asks for what came after the last message held, and shows each once, in order', async () => {
    // Messages 3 to 6 were written while the socket was away; 3 had arrived just before it went.
    const asked = storedOnServer(6);
    socket.push(path, created(3));
    socket.onDisconnect(true);
    socket.onConnect();
    await vi.waitFor(() => expect(ids()).toEqual(['1', '2', '3', '4', '5', '6']));
    expect(asked).toEqual(['?after=3&limit=500']);
    // The live copy of 5 comes late: still once.
    socket.push(path, created(5));
    expect(ids()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('shows a notification for a message from the other side, not for one’s own', () => {
    storedOnServer(4);
    const platform = fakePlatform();
    setPlatform(platform);
    socket.push(path, created(3));
    socket.push(path, { type: 'message.created', conversation_id: 'conv-1', message: message(4, { sender_id: 'client-1' }) });
    expect(platform.notify).toHaveBeenCalledTimes(1);
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'message', title: 'Mensaje nuevo', body: 'Mensaje 3', path: '/messages/conv-1' });
  });

  it('moves the read marks of one’s own messages when the other side reads them', () => {
    queryClient.setQueryData<Thread>(messageQueries.thread('conv-1').queryKey, {
      items: [message(1, { sender_id: 'client-1' }), message(2, { sender_id: 'client-1' })],
      hasOlder: false,
    });
    socket.push(path, { type: 'message.read', conversation_id: 'conv-1', reader_id: 'provider-1', last_read_id: '1', read_at: '2026-11-25T14:20:00.000Z' });
    const items = queryClient.getQueryData<Thread>(messageQueries.thread('conv-1').queryKey)!.items;
    expect(items.map((m) => m.read_at)).toEqual(['2026-11-25T14:20:00.000Z', null]);
  });
});
