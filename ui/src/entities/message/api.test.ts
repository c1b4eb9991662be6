import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fakePlatform, jsonResponse, profile } from '../../../test/helpers.tsx';
import { message } from '../../../test/message-fixtures.ts';
import { useSession } from '../../lib/session-store.ts';
import { setPlatform } from '../../platform/index.ts';
import { loadOlderMessages, messageQueries, type Thread } from './api.ts';

let queryClient: QueryClient;
const key = messageQueries.thread('conv-1').queryKey;

/** The api's pages of GET /conversations/conv-1/messages over messages 1..total, as the contract says; records each query. */
function server(total: number) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.search);
      const limit = Number(url.searchParams.get('limit'));
      const all = Array.from({ length: total }, (_, i) => message(i + 1));
      const after = url.searchParams.get('after');
      const before = url.searchParams.get('before');
      if (after) {
        const items = all.filter((m) => Number(m.id) > Number(after)).slice(0, limit);
        const more = all.filter((m) => Number(m.id) > Number(after)).length > limit;
        return jsonResponse({ items, next_cursor: more ? items[items.length - 1]!.id : null });
      }
      const older = all.filter((m) => !before || Number(m.id) < Number(before));
      const items = older.slice(-limit);
      return jsonResponse({ items, next_cursor: older.length > limit ? items[0]!.id : null });
    }),
  );
  return asked;
}

beforeEach(() => {
  setPlatform(fakePlatform());
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user: profile({ id: 'client-1' }), restoreFailed: false, signedOutByUser: false });
  queryClient = new QueryClient();
});

afterEach(() => vi.unstubAllGlobals());

describe('a conversation’s messages', () => {
  it('first brings the newest page, then older pages on request, until the first message', async () => {
    const asked = server(120);
    await queryClient.fetchQuery(messageQueries.thread('conv-1'));
    let thread = queryClient.getQueryData<Thread>(key)!;
    expect(thread.items.map((m) => m.id)).toEqual(Array.from({ length: 50 }, (_, i) => String(71 + i)));
    expect(thread.hasOlder).toBe(true);
    await loadOlderMessages(queryClient, 'conv-1');
    await loadOlderMessages(queryClient, 'conv-1');
    thread = queryClient.getQueryData<Thread>(key)!;
    expect(thread.items).toHaveLength(120);
    expect(thread.items[0]!.id).toBe('1');
    expect(thread.hasOlder).toBe(false);
    expect(asked).toEqual(['?limit=50', '?before=71&limit=50', '?before=21&limit=50']);
  });

  it('asks only for what came after the last message held when fetched again, keeping the older pages', async () => {
    const asked = server(60);
    queryClient.setQueryData<Thread>(key, { items: [message(40), message(41), message(42)], hasOlder: true });
    await queryClient.fetchQuery({ ...messageQueries.thread('conv-1'), staleTime: 0 });
    const thread = queryClient.getQueryData<Thread>(key)!;
    expect(thread.items.map((m) => m.id)).toEqual(Array.from({ length: 21 }, (_, i) => String(40 + i)));
    expect(thread.hasOlder).toBe(true);
    expect(asked).toEqual(['?after=42&limit=500']);
  });
});
