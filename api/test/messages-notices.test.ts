/**
 * Email or SMS about messages: only for what stays unread a few minutes, once until the person
 * reads, by their contact preference and in their language (the `message-notices` task, run here
 * by hand on the server's clock).
 */
import { describe, expect, it } from 'vitest';
import { backgroundJobs } from '../src/background/index.ts';
import { unreadNoticeMinutes } from '../src/modules/messages/notices.ts';
import { call, useTestServer } from './server.ts';
import { newClient, newConversation, newMessage, newProvider, setClock, tokenFor, verifyPhone } from './factories.ts';

const t = useTestServer();

const start = '2026-11-24T14:00:00Z';
const minute = 60_000;

const runTask = () => backgroundJobs['message-notices'](t.server.app.context);
const mailTo = async (userId: string) => {
  const user = await t.knex('users').where({ id: userId }).first('email');
  return t.knex('outbox').where({ to_address: user.email }).whereLike('body', '%/messages/%').orderBy('id').select('channel', 'subject', 'body');
};
const send = (token: string, conversationId: string, text: string) =>
  call(t.server, 'POST', `/api/v1/conversations/${conversationId}/messages`, { token, body: { text } });

async function freshConversation() {
  const providerId = await newProvider(t.knex, { company_name: 'Jardinería Coquí' });
  const clientId = await newClient(t.knex, { first_name: 'Carmen', last_name: 'Díaz' });
  const conversationId = await newConversation(t.knex, { clientId, providerId });
  return { providerId, clientId, conversationId, clientToken: tokenFor(t, clientId), providerToken: tokenFor(t, providerId, true) };
}

describe('message notices', () => {
  it('tells the recipient once, after a few minutes unread, and again only after they have read', async () => {
    const clock = setClock(t, start);
    const c = await freshConversation();
    await send(c.clientToken, c.conversationId, '¿Pueden podar el jueves?');
    clock.advance((unreadNoticeMinutes - 1) * minute);
    await send(c.clientToken, c.conversationId, '¿O el viernes?');
    expect(await runTask()).toBe(0);
    clock.advance(minute);
    expect(await runTask()).toBe(1);
    const [mail] = await mailTo(c.providerId);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Carmen D. te escribió en Resuelve' });
    expect(mail.body).toContain('Mensajes sin leer: 2.');
    expect(mail.body).toContain(`http://localhost:3000/messages/${c.conversationId}`);
    // More messages while still unread: no second notice.
    await send(c.clientToken, c.conversationId, '¿Hola?');
    clock.advance(unreadNoticeMinutes * minute);
    expect(await runTask()).toBe(0);
    expect(await mailTo(c.clientId)).toEqual([]);
    // Once read, the next unread message is worth a notice again.
    const last = (await call(t.server, 'GET', `/api/v1/conversations/${c.conversationId}/messages`, { token: c.providerToken })).body.items.at(-1).id;
    await call(t.server, 'POST', `/api/v1/messages/${last}/read`, { token: c.providerToken });
    await send(c.clientToken, c.conversationId, 'Le espero');
    clock.advance(unreadNoticeMinutes * minute);
    expect(await runTask()).toBe(1);
    expect(await mailTo(c.providerId)).toHaveLength(2);
  });

  it('sends nothing for a message read in time, or for an automatic reply', async () => {
    const clock = setClock(t, start);
    const c = await freshConversation();
    const sent = await send(c.providerToken, c.conversationId, 'Ya voy de camino');
    await call(t.server, 'POST', `/api/v1/messages/${sent.body.id}/read`, { token: c.clientToken });
    await newMessage(t.knex, { conversationId: c.conversationId, senderId: c.providerId, automatic: true, createdAt: new Date(start) });
    clock.advance(unreadNoticeMinutes * 3 * minute);
    expect(await runTask()).toBe(0);
    expect(await mailTo(c.clientId)).toEqual([]);
  });

  it('reaches a client by SMS in English when that is their preference', async () => {
    const clock = setClock(t, start);
    const c = await freshConversation();
    const digits = await verifyPhone(t.knex, c.clientId);
    await t.knex('profiles').where({ id: c.clientId }).update({ language: 'en' });
    await t.knex('client_profiles').insert({ id: c.clientId, preferred_contact: 'sms' });
    await send(c.providerToken, c.conversationId, 'Mañana a las 8');
    clock.advance(unreadNoticeMinutes * minute);
    expect(await runTask()).toBe(1);
    const [sms] = await t.knex('outbox').where({ channel: 'sms', to_address: `+${digits}` }).select('body');
    expect(sms.body).toBe(`Resuelve: Jardinería Coquí wrote to you (1 unread). http://localhost:3000/messages/${c.conversationId}`);
  });

  it('claims each notice once when two processes run the task at the same moment', async () => {
    const clock = setClock(t, start);
    const c = await freshConversation();
    await send(c.clientToken, c.conversationId, 'Hola');
    clock.advance(unreadNoticeMinutes * minute);
    const [one, two] = await Promise.all([runTask(), runTask()]);
    expect(one + two).toBe(1);
    expect(await mailTo(c.providerId)).toHaveLength(1);
  });
});
