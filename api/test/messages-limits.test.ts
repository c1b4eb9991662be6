/**
 * The sending limits of SPEC.md §9 (20 an hour, 50 a day per sender) are business rules: counted
 * from the sender's stored messages by the server's clock, answered 429 message_limit_reached
 * with Retry-After, and untouched by RATE_LIMIT_SCALE (this server runs with it at 1000). Retries
 * with the same Idempotency-Key store one message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messageLimits } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { newClient, newConversation, newMessage, newProvider, setClock, tokenFor } from './factories.ts';

const t = useTestServer({ RATE_LIMIT_SCALE: '1000' });

const now = '2026-11-24T15:00:00Z';
const minutes = (n: number) => n * 60_000;

async function freshConversation() {
  const providerId = await newProvider(t.knex);
  const clientId = await newClient(t.knex);
  const conversationId = await newConversation(t.knex, { clientId, providerId });
  return { providerId, clientId, conversationId, clientToken: tokenFor(t, clientId), providerToken: tokenFor(t, providerId, true) };
}

const send = (token: string, conversationId: string, text: string, headers: Record<string, string> = {}) =>
  call(t.server, 'POST', `/api/v1/conversations/${conversationId}/messages`, { token, body: { text }, headers });

beforeAll(() => {
  setClock(t, now);
});

describe('sending limits', () => {
  it('refuses the 21st message in an hour with 429 and Retry-After until the oldest of the hour leaves it', async () => {
    const clock = setClock(t, now);
    const c = await freshConversation();
    // 20 in the last hour, the first of them 50 minutes ago: a place frees up in 10 minutes.
    for (let i = 0; i < messageLimits.perHour; i += 1) {
      await newMessage(t.knex, { conversationId: c.conversationId, senderId: c.clientId, createdAt: new Date(Date.parse(now) - minutes(50 - i)) });
    }
    const refused = await send(c.clientToken, c.conversationId, 'el 21');
    expect([refused.status, refused.body.code]).toEqual([429, 'message_limit_reached']);
    expect(refused.headers['retry-after']).toBe(String(10 * 60));
    expect(refused.body.details).toEqual({ retry_at: new Date(Date.parse(now) + minutes(10)).toISOString() });
    expect((await call(t.server, 'GET', '/api/v1/messages/limits', { token: c.clientToken })).body).toMatchObject({ hour_used: 20, hour_limit: 20, day_used: 20, day_limit: 50 });
    // The other side is not counted with the sender.
    expect((await send(c.providerToken, c.conversationId, 'Yo sí puedo')).status).toBe(201);
    clock.advance(minutes(10) + 1000);
    expect((await send(c.clientToken, c.conversationId, 'ahora sí')).status).toBe(201);
  });

  it('refuses the 51st message in a day, across conversations, until the oldest of the day is 24 hours old', async () => {
    setClock(t, now);
    const c = await freshConversation();
    const other = await newConversation(t.knex, { clientId: c.clientId, providerId: await newProvider(t.knex) });
    // 50 in the last 24 hours, spread so no hour holds 20; the oldest 23 hours ago.
    for (let i = 0; i < messageLimits.perDay; i += 1) {
      await newMessage(t.knex, {
        conversationId: i % 2 ? c.conversationId : other,
        senderId: c.clientId,
        createdAt: new Date(Date.parse(now) - minutes(23 * 60) + i * minutes(27)),
      });
    }
    const refused = await send(c.clientToken, c.conversationId, 'el 51');
    expect([refused.status, refused.body.code]).toEqual([429, 'message_limit_reached']);
    expect(refused.headers['retry-after']).toBe(String(60 * 60));
    // Deleting does not give places back: the limit counts what was sent.
    const last = await t.knex('messages').where({ sender_id: c.clientId }).max('id as id').first();
    await call(t.server, 'DELETE', `/api/v1/messages/${last!.id}`, { token: c.clientToken });
    expect((await send(c.clientToken, c.conversationId, 'otra vez')).status).toBe(429);
  });

  it('lets only 20 of 25 sent at once into five conversations through, and RATE_LIMIT_SCALE changes nothing', async () => {
    setClock(t, now);
    const c = await freshConversation();
    const conversations = [c.conversationId];
    for (let i = 0; i < 4; i += 1) conversations.push(await newConversation(t.knex, { clientId: c.clientId, providerId: await newProvider(t.knex) }));
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => send(c.clientToken, conversations[i % 5]!, `ráfaga ${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(messageLimits.perHour);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect(await t.knex('messages').where({ sender_id: c.clientId })).toHaveLength(messageLimits.perHour);
  });

  it('does not count automatic replies towards the provider', async () => {
    setClock(t, now);
    const c = await freshConversation();
    for (let i = 0; i < 30; i += 1) {
      await newMessage(t.knex, { conversationId: c.conversationId, senderId: c.providerId, automatic: true, createdAt: new Date(Date.parse(now) - minutes(1)) });
    }
    expect((await send(c.providerToken, c.conversationId, 'hola')).status).toBe(201);
  });
});

describe('retries with an Idempotency-Key', () => {
  it('stores one message for any number of retries, answering the first answer again', async () => {
    setClock(t, now);
    const c = await freshConversation();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(c.clientToken, c.conversationId, '¿Llegó?', headers)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await t.knex('messages').where({ conversation_id: c.conversationId })).toHaveLength(1);
    const otherText = await send(c.clientToken, c.conversationId, 'otra cosa', headers);
    expect([otherText.status, otherText.body.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('lets a refused message be retried with its key once the reason is gone', async () => {
    setClock(t, now);
    const c = await freshConversation();
    await call(t.server, 'PATCH', `/api/v1/conversations/${c.conversationId}`, { token: c.providerToken, body: { status: 'blocked' } });
    const headers = { 'idempotency-key': crypto.randomUUID() };
    expect((await send(c.clientToken, c.conversationId, 'hola', headers)).status).toBe(403);
    await call(t.server, 'PATCH', `/api/v1/conversations/${c.conversationId}`, { token: c.providerToken, body: { status: 'active' } });
    expect((await send(c.clientToken, c.conversationId, 'hola', headers)).status).toBe(201);
  });
});
