/**
 * The provider's automatic reply: a provider setting in both languages, sent once per
 * conversation in the client's language when the client writes first or writes outside the
 * provider's business hours, marked automatic.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newClient, newConversation, newProvider, setClock, tokenFor } from './factories.ts';

const t = useTestServer();

/** Tuesday 24 November 2026, 10:00 in San Juan: open (default hours 08:00–17:00). */
const openHours = '2026-11-24T14:00:00Z';
/** The same Tuesday at 21:00 in San Juan: closed. */
const closedHours = '2026-11-25T01:00:00Z';

const reply = { enabled: true, text_es: 'Gracias por escribir. Contesto en horas laborables.', text_en: 'Thanks for writing. I answer during business hours.' };

async function providerWithReply(settings: Record<string, unknown> = reply) {
  const providerId = await newProvider(t.knex);
  const providerToken = tokenFor(t, providerId, true);
  const res = await call(t.server, 'PUT', '/api/v1/providers/me/auto-reply', { token: providerToken, body: settings });
  expect(res.status).toBe(200);
  return { providerId, providerToken };
}

const send = (token: string, conversationId: string, text: string) =>
  call(t.server, 'POST', `/api/v1/conversations/${conversationId}/messages`, { token, body: { text } });
const texts = async (token: string, conversationId: string) =>
  (await call(t.server, 'GET', `/api/v1/conversations/${conversationId}/messages`, { token })).body.items.map((m: { text: string; automatic: boolean; sender_id: string }) => [
    m.automatic ? 'auto' : 'typed',
    m.text,
  ]);

describe('the automatic reply setting', () => {
  it('is the provider own: read and set by them, refused to a client, checked for length and Spanish words', async () => {
    const { providerToken } = await providerWithReply();
    expect((await call(t.server, 'GET', '/api/v1/providers/me/auto-reply', { token: providerToken })).body).toEqual(reply);
    const clientToken = tokenFor(t, await newClient(t.knex));
    expect((await call(t.server, 'GET', '/api/v1/providers/me/auto-reply', { token: clientToken })).status).toBe(403);
    expect((await call(t.server, 'PUT', '/api/v1/providers/me/auto-reply', { token: clientToken, body: reply })).status).toBe(403);
    const noSpanish = await call(t.server, 'PUT', '/api/v1/providers/me/auto-reply', { token: providerToken, body: { enabled: true, text_es: '', text_en: 'Hi' } });
    expect([noSpanish.status, noSpanish.body.details]).toEqual([400, { text_es: 'required' }]);
    const tooLong = await call(t.server, 'PUT', '/api/v1/providers/me/auto-reply', { token: providerToken, body: { ...reply, text_en: 'a'.repeat(501) } });
    expect([tooLong.status, tooLong.body.details]).toEqual([400, { text_en: 'too_long' }]);
  });
});

describe('sending the automatic reply', () => {
  it('answers a client who writes first once, in Spanish, marked automatic, even in open hours', async () => {
    setClock(t, openHours);
    const { providerId } = await providerWithReply();
    const clientToken = tokenFor(t, await newClient(t.knex));
    const started = await call(t.server, 'POST', '/api/v1/conversations', { token: clientToken, body: { recipient_id: providerId, text: '¿Tienen cita el jueves?' } });
    expect(started.status).toBe(201);
    expect(started.body.last_message).toMatchObject({ automatic: true, sender_id: providerId, text: reply.text_es });
    await send(clientToken, started.body.id, '¿Y el viernes?');
    expect(await texts(clientToken, started.body.id)).toEqual([
      ['typed', '¿Tienen cita el jueves?'],
      ['auto', reply.text_es],
      ['typed', '¿Y el viernes?'],
    ]);
  });

  it('writes to an English-speaking client in English', async () => {
    setClock(t, openHours);
    const { providerId } = await providerWithReply();
    const clientId = await newClient(t.knex);
    await t.knex('profiles').where({ id: clientId }).update({ language: 'en' });
    const conversationId = await newConversation(t.knex, { clientId, providerId });
    await send(tokenFor(t, clientId), conversationId, 'Hello');
    expect((await texts(tokenFor(t, clientId), conversationId)).at(-1)).toEqual(['auto', reply.text_en]);
  });

  it('stays quiet when the provider already wrote and it is open hours, and answers outside them once', async () => {
    const clock = setClock(t, openHours);
    const { providerId, providerToken } = await providerWithReply();
    const clientId = await newClient(t.knex);
    const clientToken = tokenFor(t, clientId);
    const conversationId = await newConversation(t.knex, { clientId, providerId });
    await send(providerToken, conversationId, 'Hola, vi su solicitud.');
    await send(clientToken, conversationId, 'Gracias');
    expect((await texts(clientToken, conversationId)).filter(([kind]: string[]) => kind === 'auto')).toHaveLength(0);
    clock.advance(Date.parse(closedHours) - Date.parse(openHours));
    await send(clientToken, conversationId, '¿Sigue ahí?');
    await send(clientToken, conversationId, '¿Hola?');
    expect((await texts(clientToken, conversationId)).slice(2)).toEqual([
      ['typed', '¿Sigue ahí?'],
      ['auto', reply.text_es],
      ['typed', '¿Hola?'],
    ]);
  });

  it('sends nothing when turned off, and never to the provider writing first', async () => {
    setClock(t, closedHours);
    const off = await providerWithReply({ ...reply, enabled: false });
    const clientId = await newClient(t.knex);
    const conversationId = await newConversation(t.knex, { clientId, providerId: off.providerId });
    await send(tokenFor(t, clientId), conversationId, 'Hola');
    expect(await texts(tokenFor(t, clientId), conversationId)).toEqual([['typed', 'Hola']]);
    const on = await providerWithReply();
    const other = await newConversation(t.knex, { clientId, providerId: on.providerId });
    await send(on.providerToken, other, 'Le escribo por su trabajo');
    expect(await texts(on.providerToken, other)).toEqual([['typed', 'Le escribo por su trabajo']]);
  });
});
