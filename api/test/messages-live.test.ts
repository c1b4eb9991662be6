/**
 * Messages over the WebSocket: message.created, message.read and conversation.updated reach both
 * participants' sockets (and no one else's); a socket that dropped misses the events of its time
 * away and catches up with one `?after=<last id it holds>`, getting each missed message once, in
 * order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent, LiveEventOf } from '@resuelve/contract';
import { call, useLiveServer } from './server.ts';
import { newClient, newConversation, newProvider, tokenFor } from './factories.ts';
import { connectClient, disconnectAll, subscribeOwn, type LiveClient } from './live-fixtures.ts';

const live = useLiveServer();

afterEach(disconnectAll);

const ofType =
  <K extends LiveEvent['type']>(type: K, match: (event: LiveEventOf<K>) => boolean = () => true) =>
  (message: unknown) =>
    (message as LiveEvent).type === type && match(message as LiveEventOf<K>);

async function people() {
  const providerId = await newProvider(live.knex);
  const clientId = await newClient(live.knex);
  const conversationId = await newConversation(live.knex, { clientId, providerId });
  const clientToken = tokenFor(live, clientId);
  const providerToken = tokenFor(live, providerId, true);
  const socketOf = async (id: string, token: string) => {
    const socket = await connectClient(live.url, token);
    await subscribeOwn(socket, id);
    return socket;
  };
  return { providerId, clientId, conversationId, clientToken, providerToken, socketOf };
}

const send = (token: string, conversationId: string, text: string) =>
  call(live.server, 'POST', `/api/v1/conversations/${conversationId}/messages`, { token, body: { text } });

describe('messages over the WebSocket', () => {
  it('brings a new message, its read mark, an edit, a delete and a block to both participants, and to no one else', async () => {
    const p = await people();
    const providerSocket = await p.socketOf(p.providerId, p.providerToken);
    const clientSocket = await p.socketOf(p.clientId, p.clientToken);
    const strangerId = await newClient(live.knex);
    const strangerSocket = await connectClient(live.url, tokenFor(live, strangerId));
    await subscribeOwn(strangerSocket, strangerId);

    const sent = (await send(p.clientToken, p.conversationId, '¿Está libre mañana?')).body;
    const arrived = await providerSocket.next(ofType('message.created', (e) => e.message.id === sent.id));
    expect(arrived).toEqual({ type: 'message.created', conversation_id: p.conversationId, message: sent });
    await clientSocket.next(ofType('message.created', (e) => e.message.id === sent.id));

    await call(live.server, 'POST', `/api/v1/messages/${sent.id}/read`, { token: p.providerToken });
    const read = await clientSocket.next(ofType('message.read'));
    expect(read).toMatchObject({ conversation_id: p.conversationId, reader_id: p.providerId, last_read_id: sent.id });

    await call(live.server, 'PATCH', `/api/v1/messages/${sent.id}`, { token: p.clientToken, body: { text: '¿Está libre el jueves?' } });
    const edited = await providerSocket.next(ofType('message.updated', (e) => e.message.id === sent.id));
    expect(edited).toMatchObject({ conversation_id: p.conversationId, message: { text: '¿Está libre el jueves?', edited_at: expect.any(String) } });
    await call(live.server, 'DELETE', `/api/v1/messages/${sent.id}`, { token: p.clientToken });
    await providerSocket.next(ofType('message.updated', (e) => e.message.id === sent.id && e.message.deleted_at !== null));

    await call(live.server, 'PATCH', `/api/v1/conversations/${p.conversationId}`, { token: p.providerToken, body: { status: 'blocked' } });
    expect(await clientSocket.next(ofType('conversation.updated'))).toMatchObject({ conversation_id: p.conversationId, changes: ['status', 'blocked'], actor_id: p.providerId });

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strangerSocket.received).toEqual([]);
  });

  it('lets a socket that dropped catch up on what it missed with ?after=, each message once and in order', async () => {
    const p = await people();
    let providerSocket: LiveClient = await p.socketOf(p.providerId, p.providerToken);
    const first = (await send(p.clientToken, p.conversationId, 'uno')).body;
    await providerSocket.next(ofType('message.created', (e) => e.message.id === first.id));
    const lastHeld = first.id as string;

    await providerSocket.client.disconnect();
    const missed: string[] = [];
    for (const text of ['dos', 'tres', 'cuatro']) missed.push((await send(p.clientToken, p.conversationId, text)).body.id);

    providerSocket = await p.socketOf(p.providerId, p.providerToken);
    const catchUp = await call(live.server, 'GET', `/api/v1/conversations/${p.conversationId}/messages?after=${lastHeld}`, { token: p.providerToken });
    expect(catchUp.body.items.map((m: { id: string; text: string }) => [m.id, m.text])).toEqual([
      [missed[0], 'dos'],
      [missed[1], 'tres'],
      [missed[2], 'cuatro'],
    ]);
    expect(catchUp.body.next_cursor).toBeNull();

    // Live again: the next one comes by the socket, and asking after the last one held finds nothing twice.
    const fifth = (await send(p.clientToken, p.conversationId, 'cinco')).body;
    await providerSocket.next(ofType('message.created', (e) => e.message.id === fifth.id));
    const again = await call(live.server, 'GET', `/api/v1/conversations/${p.conversationId}/messages?after=${fifth.id}`, { token: p.providerToken });
    expect(again.body.items).toEqual([]);
  });
});
