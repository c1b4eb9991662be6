/**
 * Conversations and messages through the api (DESIGN.md §8): who may start one, one per pair and
 * job, each side's own view, blocking, sending, pages after and before an id, reading, edits and
 * deletes of one's own.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newClient, newConversation, newJob, newMessage, newProvider, tokenFor } from './factories.ts';

const t = useTestServer();

const start = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.server, 'POST', '/api/v1/conversations', { token, body, headers });
const send = (token: string, conversationId: string, text: string, headers: Record<string, string> = {}) =>
  call(t.server, 'POST', `/api/v1/conversations/${conversationId}/messages`, { token, body: { text }, headers });
const messagesOf = (token: string, conversationId: string, query = '') => call(t.server, 'GET', `/api/v1/conversations/${conversationId}/messages${query}`, { token });

async function freshPair() {
  const providerId = await newProvider(t.knex, { company_name: 'Electricidad Isla' });
  const clientId = await newClient(t.knex, { first_name: 'Luis', last_name: 'Ortiz' });
  return { providerId, clientId, providerToken: tokenFor(t, providerId, true), clientToken: tokenFor(t, clientId) };
}

describe('starting a conversation', () => {
  it('lets a client write to any listed provider (201), and answers the same one again (200)', async () => {
    const pair = await freshPair();
    const first = await start(pair.clientToken, { recipient_id: pair.providerId, subject: 'Instalar abanico', text: 'Hola, ¿trabajan en Ponce?' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      subject: 'Instalar abanico',
      status: 'active',
      priority: 'normal',
      archived: false,
      spam: false,
      job_id: null,
      other_party: { id: pair.providerId, name: 'Electricidad Isla', is_provider: true },
      last_message: { text: 'Hola, ¿trabajan en Ponce?', sender_id: pair.clientId, automatic: false },
      unread_count: 0,
      blocked_by_other_party: false,
    });
    const again = await start(pair.clientToken, { recipient_id: pair.providerId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const seenByProvider = await call(t.server, 'GET', `/api/v1/conversations/${first.body.id}`, { token: pair.providerToken });
    expect(seenByProvider.body).toMatchObject({ other_party: { id: pair.clientId, name: 'Luis O.', is_provider: false }, unread_count: 1 });
  });

  it('keeps one conversation per job: about another job is another conversation', async () => {
    const pair = await freshPair();
    const jobA = await newJob(t.knex, { clientId: pair.clientId, providerId: pair.providerId, start: '2026-12-01T14:00:00Z' });
    const jobB = await newJob(t.knex, { clientId: pair.clientId, providerId: pair.providerId, start: '2026-12-02T14:00:00Z' });
    const a = await start(pair.clientToken, { recipient_id: pair.providerId, job_id: jobA.id });
    const b = await start(pair.providerToken, { recipient_id: pair.clientId, job_id: jobB.id });
    const a2 = await start(pair.providerToken, { recipient_id: pair.clientId, job_id: jobA.id });
    expect([a.status, b.status, a2.status]).toEqual([201, 201, 200]);
    expect(a2.body.id).toBe(a.body.id);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.body.job_id).toBe(jobB.id);
  });

  it("shows a conversation started without a word only to its starter, and to the other side from its first message", async () => {
    const pair = await freshPair();
    const started = await start(pair.clientToken, { recipient_id: pair.providerId });
    expect(started.status).toBe(201);
    const listOf = async (token: string) => ((await call(t.server, 'GET', '/api/v1/conversations', { token })).body.items as { id: string }[]).map((c) => c.id);
    expect(await listOf(pair.clientToken)).toEqual([started.body.id]);
    expect(await listOf(pair.providerToken)).toEqual([]);
    expect((await send(pair.clientToken, started.body.id, 'Hola')).status).toBe(201);
    expect(await listOf(pair.providerToken)).toEqual([started.body.id]);
  });

  it('refuses a provider writing to a client they have no job with (403 conversation_not_allowed)', async () => {
    const pair = await freshPair();
    const res = await start(pair.providerToken, { recipient_id: pair.clientId, text: 'Oferta especial' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('conversation_not_allowed');
    expect(await t.knex('conversations').where({ provider_id: pair.providerId })).toHaveLength(0);
  });

  it('finds no recipient that is not a listed provider, oneself, or a job of another pair', async () => {
    const pair = await freshPair();
    const hidden = await newProvider(t.knex, { onboarded: false });
    const otherClient = await newClient(t.knex);
    const strangersJob = await newJob(t.knex, { clientId: otherClient, providerId: pair.providerId, start: '2026-12-03T14:00:00Z' });
    expect((await start(pair.clientToken, { recipient_id: hidden })).body.code).toBe('recipient_not_found');
    expect((await start(pair.clientToken, { recipient_id: otherClient })).body.code).toBe('recipient_not_found');
    expect((await start(pair.clientToken, { recipient_id: pair.clientId })).body.code).toBe('recipient_not_found');
    expect((await start(pair.clientToken, { recipient_id: crypto.randomUUID() })).status).toBe(404);
    const wrongJob = await start(pair.clientToken, { recipient_id: pair.providerId, job_id: strangersJob.id });
    expect([wrongJob.status, wrongJob.body.code]).toEqual([404, 'job_not_found']);
  });

  it('answers a retried start with the same Idempotency-Key once, with its first message stored once', async () => {
    const pair = await freshPair();
    const headers = { 'idempotency-key': `start-${crypto.randomUUID()}` };
    const body = { recipient_id: pair.providerId, text: 'Primera vez' };
    const [one, two] = await Promise.all([start(pair.clientToken, body, headers), start(pair.clientToken, body, headers)]);
    expect([one.status, two.status].sort()).toEqual([201, 201]);
    expect(one.body.id).toBe(two.body.id);
    expect(await t.knex('messages').where({ conversation_id: one.body.id })).toHaveLength(1);
  });
});

describe('sending and reading', () => {
  it('stores a message as typed and gives it to both sides in order, oldest first', async () => {
    const pair = await freshPair();
    const conversation = await newConversation(t.knex, { clientId: pair.clientId, providerId: pair.providerId });
    const typed = '  <b>¿Mañana</b> a las 9? 🙂  ';
    const sent = await send(pair.clientToken, conversation, typed);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ conversation_id: conversation, sender_id: pair.clientId, text: typed, attachment: null, read_at: null, edited_at: null, deleted_at: null, automatic: false });
    const reply = await send(pair.providerToken, conversation, 'Sí, a las 9.');
    expect(BigInt(reply.body.id) > BigInt(sent.body.id)).toBe(true);
    for (const token of [pair.clientToken, pair.providerToken]) {
      const page = await messagesOf(token, conversation);
      expect(page.body.items.map((m: { text: string }) => m.text)).toEqual([typed, 'Sí, a las 9.']);
      expect(page.body.next_cursor).toBeNull();
    }
  });

  it('refuses 501 characters and a text of only spaces (400), and takes exactly 500', async () => {
    const pair = await freshPair();
    const conversation = await newConversation(t.knex, { clientId: pair.clientId, providerId: pair.providerId });
    const long = await send(pair.clientToken, conversation, 'a'.repeat(501));
    expect([long.status, long.body.code, long.body.details]).toEqual([400, 'validation_failed', { text: 'too_long' }]);
    const blank = await send(pair.clientToken, conversation, '   ');
    expect([blank.status, blank.body.details]).toEqual([400, { text: 'required' }]);
    expect((await send(pair.clientToken, conversation, 'ñ'.repeat(500))).status).toBe(201);
  });

  it('pages after and before an id, and catches up on everything missed in one request', async () => {
    const pair = await freshPair();
    const conversation = await newConversation(t.knex, { clientId: pair.clientId, providerId: pair.providerId });
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await newMessage(t.knex, { conversationId: conversation, senderId: i % 2 ? pair.providerId : pair.clientId, text: `m${i}` }));
    const newest = await messagesOf(pair.clientToken, conversation, '?limit=5');
    expect(newest.body.items.map((m: { text: string }) => m.text)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11']);
    expect(newest.body.next_cursor).toBe(ids[7]);
    const older = await messagesOf(pair.clientToken, conversation, `?before=${newest.body.next_cursor}&limit=5`);
    expect(older.body.items.map((m: { text: string }) => m.text)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    const oldest = await messagesOf(pair.clientToken, conversation, `?before=${older.body.next_cursor}&limit=5`);
    expect([oldest.body.items.length, oldest.body.next_cursor]).toEqual([2, null]);
    const missed = await messagesOf(pair.providerToken, conversation, `?after=${ids[3]}&limit=5`);
    expect(missed.body.items.map((m: { id: string }) => m.id)).toEqual(ids.slice(4, 9));
    expect(missed.body.next_cursor).toBe(ids[8]);
    const rest = await messagesOf(pair.providerToken, conversation, `?after=${missed.body.next_cursor}&limit=500`);
    expect([rest.body.items.map((m: { id: string }) => m.id), rest.body.next_cursor]).toEqual([ids.slice(9), null]);
    expect((await messagesOf(pair.providerToken, conversation, '?after=abc')).status).toBe(400);
    expect((await messagesOf(pair.providerToken, conversation, '?limit=501')).status).toBe(400);
  });

  it('reads a message and every earlier one from the other side, and counts what is unread', async () => {
    const pair = await freshPair();
    const conversation = await newConversation(t.knex, { clientId: pair.clientId, providerId: pair.providerId });
    const before = (await call(t.server, 'GET', '/api/v1/conversations/unread-count', { token: pair.providerToken })).body.count;
    expect(before).toBe(0);
    const sent = [];
    for (const text of ['uno', 'dos', 'tres']) sent.push((await send(pair.clientToken, conversation, text)).body.id as string);
    await send(pair.providerToken, conversation, 'respuesta');
    expect((await call(t.server, 'GET', '/api/v1/conversations/unread-count', { token: pair.providerToken })).body).toEqual({ count: 3 });
    const read = await call(t.server, 'POST', `/api/v1/messages/${sent[1]}/read`, { token: pair.providerToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ conversation_id: conversation, last_read_id: sent[1], unread_count: 1 });
    const page = await messagesOf(pair.clientToken, conversation);
    expect(page.body.items.map((m: { read_at: string | null }) => m.read_at !== null)).toEqual([true, true, false, false]);
    expect((await call(t.server, 'GET', `/api/v1/conversations/${conversation}`, { token: pair.providerToken })).body.unread_count).toBe(1);
    // Reading an earlier one later does not take the mark back.
    await call(t.server, 'POST', `/api/v1/messages/${sent[0]}/read`, { token: pair.providerToken });
    expect((await call(t.server, 'GET', '/api/v1/conversations/unread-count', { token: pair.providerToken })).body).toEqual({ count: 1 });
  });
});

describe('each side has its own view', () => {
  it('blocks the other side from writing until unblocked (403 conversation_blocked), and tells them', async () => {
    const pair = await freshPair();
    const conversation = await newConversation(t.knex, { clientId: pair.clientId, providerId: pair.providerId });
    const blocked = await call(t.server, 'PATCH', `/api/v1/conversations/${conversation}`, { token: pair.providerToken, body: { status: 'blocked' } });
    expect(blocked.body.status).toBe('blocked');
    const refused = await send(pair.clientToken, conversation, '¿Hola?');
    expect([refused.status, refused.body.code]).toEqual([403, 'conversation_blocked']);
    const clientView = await call(t.server, 'GET', `/api/v1/conversations/${conversation}`, { token: pair.clientToken });
    expect(clientView.body).toMatchObject({ status: 'active', blocked_by_other_party: true });
    await call(t.server, 'PATCH', `/api/v1/conversations/${conversation}`, { token: pair.providerToken, body: { status: 'active' } });
    expect((await send(pair.clientToken, conversation, '¿Hola?')).status).toBe(201);
  });

  it('archives for the one who flags spam only, and filters lists by status, priority, archive and words', async () => {
    const pair = await freshPair();
    const conversation = await newConversation(t.knex, { clientId: pair.clientId, providerId: pair.providerId, subject: 'Cotización de placas solares' });
    const spam = await call(t.server, 'PATCH', `/api/v1/conversations/${conversation}`, { token: pair.clientToken, body: { spam: true, priority: 'low' } });
    expect(spam.body).toMatchObject({ spam: true, archived: true, priority: 'low' });
    const inbox = await call(t.server, 'GET', '/api/v1/conversations', { token: pair.clientToken });
    expect(inbox.body.items.map((c: { id: string }) => c.id)).not.toContain(conversation);
    const archive = await call(t.server, 'GET', '/api/v1/conversations?archived=true&priority=low&q=solares', { token: pair.clientToken });
    expect(archive.body.items.map((c: { id: string }) => c.id)).toEqual([conversation]);
    const providerInbox = await call(t.server, 'GET', '/api/v1/conversations?status=active&q=luis', { token: pair.providerToken });
    expect(providerInbox.body.items).toEqual([expect.objectContaining({ id: conversation, archived: false, spam: false, priority: 'normal' })]);
    expect((await call(t.server, 'GET', '/api/v1/conversations?status=completed', { token: pair.providerToken })).body.items).toEqual([]);
    expect((await call(t.server, 'PATCH', `/api/v1/conversations/${conversation}`, { token: pair.clientToken, body: {} })).status).toBe(400);
    expect((await call(t.server, 'GET', '/api/v1/conversations?cursor=nonsense', { token: pair.clientToken })).status).toBe(400);
  });

  it('pages the list by latest activity', async () => {
    const clientId = await newClient(t.knex);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const providerId = await newProvider(t.knex);
      const id = await newConversation(t.knex, { clientId, providerId });
      await newMessage(t.knex, { conversationId: id, senderId: providerId, createdAt: new Date(Date.UTC(2026, 10, 20, 10, i)) });
      ids.push(id);
    }
    const token = tokenFor(t, clientId);
    const first = await call(t.server, 'GET', '/api/v1/conversations?limit=3', { token });
    const second = await call(t.server, 'GET', `/api/v1/conversations?limit=3&cursor=${first.body.next_cursor}`, { token });
    expect([...first.body.items, ...second.body.items].map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    expect(second.body.next_cursor).toBeNull();
  });
});

describe('editing and deleting', () => {
  it('lets only the sender edit or delete, and a deleted message stays as a trace', async () => {
    const pair = await freshPair();
    const conversation = await newConversation(t.knex, { clientId: pair.clientId, providerId: pair.providerId });
    const first = (await send(pair.clientToken, conversation, 'Nos vemos el lunes')).body.id;
    const second = (await send(pair.clientToken, conversation, 'Perdón, el martes')).body.id;
    const notYours = await call(t.server, 'PATCH', `/api/v1/messages/${first}`, { token: pair.providerToken, body: { text: 'x' } });
    expect([notYours.status, notYours.body.code]).toEqual([403, 'message_not_editable']);
    expect((await call(t.server, 'DELETE', `/api/v1/messages/${first}`, { token: pair.providerToken })).status).toBe(403);
    const edited = await call(t.server, 'PATCH', `/api/v1/messages/${first}`, { token: pair.clientToken, body: { text: 'Nos vemos el martes' } });
    expect(edited.body).toMatchObject({ text: 'Nos vemos el martes', edited_at: expect.any(String) });
    const deleted = await call(t.server, 'DELETE', `/api/v1/messages/${second}`, { token: pair.clientToken });
    expect(deleted.body).toMatchObject({ id: second, text: '', attachment: null, deleted_at: expect.any(String) });
    const page = await messagesOf(pair.providerToken, conversation);
    expect(page.body.items.map((m: { id: string; deleted_at: string | null }) => [m.id, m.deleted_at !== null])).toEqual([
      [first, false],
      [second, true],
    ]);
    expect((await call(t.server, 'GET', `/api/v1/conversations/${conversation}`, { token: pair.providerToken })).body.unread_count).toBe(1);
    const againDeleted = await call(t.server, 'DELETE', `/api/v1/messages/${second}`, { token: pair.clientToken });
    expect(againDeleted.status).toBe(200);
    expect((await call(t.server, 'PATCH', `/api/v1/messages/${second}`, { token: pair.clientToken, body: { text: 'vuelve' } })).body.text).toBe('');
  });
});

describe('a stranger', () => {
  it('meets 404 on every conversation and message route, and learns nothing', async () => {
    const pair = await freshPair();
    const conversation = await newConversation(t.knex, { clientId: pair.clientId, providerId: pair.providerId });
    const message = await newMessage(t.knex, { conversationId: conversation, senderId: pair.clientId });
    const strangerId = await newProvider(t.knex);
    const token = tokenFor(t, strangerId, true);
    const routes = t.server.table().filter((route) => /^\/api\/v1\/(conversations|messages)\/\{id\}/.test(route.path));
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const bodies: Record<string, unknown> = {
      'patch /api/v1/conversations/{id}': { archived: true },
      'post /api/v1/conversations/{id}/messages': { text: 'hola' },
      'patch /api/v1/messages/{id}': { text: 'cambio' },
      'post /api/v1/conversations/{id}/quote': {
        lines: [{ kind: 'other', description: 'Visita', quantity: 1, unit_price_cents: 5000, tax_rate: 'exempt' }],
        hours: 1,
        valid_until: '2026-11-24T02:00:00Z',
        offer: { category_id: 1, title: 'Instalar calentador', scheduled_start: '2026-11-24T13:00:00-04:00', location_type: 'on_site' },
      },
    };
    for (const route of routes) {
      const id = route.path.startsWith('/api/v1/conversations') ? conversation : message;
      const res = await call(t.server, route.method, route.path.replace('{id}', id), { token, body: bodies[`${route.method} ${route.path}`] });
      expect(res.status, `${route.method} ${route.path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(pair.clientId);
    }
    const list = await call(t.server, 'GET', '/api/v1/conversations', { token });
    expect(list.body.items).toEqual([]);
    expect((await call(t.server, 'GET', `/api/v1/conversations/${conversation}`)).status).toBe(401);
  });
});
