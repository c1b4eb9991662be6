/**
 * The SMS gateway's webhook (issue 30): authenticated by the shared secret before anything else,
 * bad bodies refused with codes, unknown numbers answered 200 and recorded, and a client's reply
 * to a job text landing in that job's conversation as their message. The outbox page's reply goes
 * through the same webhook.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { LiveEventOf } from '@resuelve/contract';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { notifyJobChange } from '../src/modules/jobs/notices/index.ts';
import { call, useTestServer } from './server.ts';
import { daysAhead, newJob, type JobRow } from './factories.ts';
import { type Account, onboardedClient, onboardedProvider } from './api-factories.ts';
import { eventOf } from './live-job-fixtures.ts';
import { freshPhone } from './phone-fixtures.ts';

const test = useTestServer();
let context: AppContext;
let provider: Account;
let client: Account;
let clientDigits: string;
let day = 3;

async function digitsOf(knex: Knex, id: string): Promise<string> {
  return (await knex('profiles').where({ id }).first('phone_number')).phone_number as string;
}

function inbound(body: unknown, secret: string | null = test.config.smsInboundSecret) {
  return call(test.server, 'POST', '/api/v1/sms/inbound', { headers: secret === null ? {} : { 'x-sms-secret': secret }, body });
}

/** A job of the client's with the provider, and its acceptance texted to the client. */
async function textedJob(clientId = client.id): Promise<JobRow> {
  const job = await newJob(test.knex, { clientId, providerId: provider.id, start: daysAhead(day++), status: 'upcoming' });
  const { recipients, event } = eventOf(job, { action: 'accept', status: 'upcoming', actor: 'provider', from: 'pending' });
  await notifyJobChange(context, event as LiveEventOf<'job.changed'>, recipients);
  return job;
}

async function messagesAsProvider(conversationId: string) {
  const res = await call(test.server, 'GET', `/api/v1/conversations/${conversationId}/messages`, { token: provider.token });
  expect(res.status).toBe(200);
  return res.body.items as { text: string; sender_id: string }[];
}

beforeAll(async () => {
  context = test.server.app.context;
  provider = await onboardedProvider(test.server, test.knex);
  client = await onboardedClient(test.server, test.knex, { preferred_contact: 'sms' });
  clientDigits = await digitsOf(test.knex, client.id);
});

describe('the webhook\'s secret', () => {
  it('refuses a call without it, or with a wrong one, with 401 before reading the body', async () => {
    for (const secret of [null, '', 'not-the-secret-at-all', `${test.config.smsInboundSecret}x`]) {
      const res = await inbound({ from: `+${clientDigits}`, body: 'hola' }, secret);
      expect(res).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    }
    expect((await inbound({ nonsense: true }, 'wrong-secret-wrong-secret')).status).toBe(401);
    expect(Number((await test.knex('sms_inbound').count('* as n').first())?.n)).toBe(0);
  });

  it('is none in production unless configured: every call is then refused', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 'a'.repeat(40) };
    expect(loadConfig(base).smsInboundSecret).toBeNull();
    expect(loadConfig({ ...base, SMS_INBOUND_SECRET: 'b'.repeat(32) }).smsInboundSecret).toBe('b'.repeat(32));
    expect(() => loadConfig({ ...base, SMS_INBOUND_SECRET: 'short' })).toThrow(/SMS_INBOUND_SECRET/);
  });
});

describe('bad bodies', () => {
  it.each([
    ['no number', { body: 'hola' }],
    ['letters in the number', { from: 'abc-def-ghij', body: 'hola' }],
    ['a number too short', { from: '12345', body: 'hola' }],
    ['no body', { from: '+17875550123' }],
    ['a body too long', { from: '+17875550123', body: 'a'.repeat(1601) }],
    ['a body that is not text', { from: '+17875550123', body: 42 }],
    ['an unknown field', { from: '+17875550123', body: 'hola', extra: 1 }],
  ])('refuses %s with 400 validation_failed', async (_name, body) => {
    expect(await inbound(body)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const res = await call(test.server, 'POST', '/api/v1/sms/inbound', { headers: { 'x-sms-secret': test.config.smsInboundSecret! }, raw: '{"from": ' });
    expect(res.status).toBe(400);
  });
});

describe('a text that is not STOP or START', () => {
  it('from a number no account verified is answered 200 and recorded, nothing else', async () => {
    const stranger = freshPhone().digits;
    expect(await inbound({ from: `+${stranger}`, body: 'Hola, ¿quién es?' })).toMatchObject({ status: 200, body: { outcome: 'unknown_number' } });
    expect(await test.knex('sms_inbound').where({ from_number: stranger }).select('outcome', 'body')).toEqual([{ outcome: 'unknown_number', body: 'Hola, ¿quién es?' }]);
  });

  it('from a client with no job text to answer is answered 200 no_job', async () => {
    const other = await onboardedClient(test.server, test.knex, { preferred_contact: 'email' });
    expect((await inbound({ from: await digitsOf(test.knex, other.id), body: 'hola' })).body).toEqual({ outcome: 'no_job' });
  });

  it('with nothing in it is answered 200 empty', async () => {
    expect((await inbound({ from: clientDigits, body: '  ' })).body).toEqual({ outcome: 'empty' });
  });

  it("lands in the conversation of the job the client's latest job text was about, as the client's message", async () => {
    await textedJob();
    const latest = await textedJob();
    const res = await inbound({ from: `+${clientDigits}`, body: '  Llego tarde unos 10 minutos  ' });
    expect(res).toMatchObject({ status: 200, body: { outcome: 'replied', conversation_id: expect.any(String) } });
    const conversation = await test.knex('conversations').where({ id: res.body.conversation_id }).first('job_id', 'client_id', 'provider_id');
    expect(conversation).toEqual({ job_id: latest.id, client_id: client.id, provider_id: provider.id });
    const messages = await messagesAsProvider(res.body.conversation_id);
    expect(messages.map((m) => [m.sender_id, m.text])).toEqual([[client.id, 'Llego tarde unos 10 minutos']]);

    // A second reply joins the same conversation.
    const again = await inbound({ from: clientDigits, body: 'Ya voy' });
    expect(again.body.conversation_id).toBe(res.body.conversation_id);
    expect((await messagesAsProvider(res.body.conversation_id)).map((m) => m.text)).toEqual(['Llego tarde unos 10 minutos', 'Ya voy']);
  });

  it('counts a delivery the gateway retries (same id) once', async () => {
    await textedJob();
    const first = await inbound({ from: clientDigits, body: 'Perfecto, gracias', id: 'gw-123' });
    const retry = await inbound({ from: clientDigits, body: 'Perfecto, gracias', id: 'gw-123' });
    expect(first.body.outcome).toBe('replied');
    expect(retry.body).toEqual({ outcome: 'replied' });
    const texts = (await messagesAsProvider(first.body.conversation_id)).filter((m) => m.text === 'Perfecto, gracias');
    expect(texts).toHaveLength(1);
  });

  it('cuts a long text to what a message holds', async () => {
    await textedJob();
    const res = await inbound({ from: clientDigits, body: 'x'.repeat(1200) });
    const last = (await messagesAsProvider(res.body.conversation_id)).at(-1)!;
    expect(last.text).toHaveLength(500);
  });

  it('is refused (200, recorded with the code) when the provider blocked the conversation', async () => {
    await textedJob();
    const open = await inbound({ from: clientDigits, body: 'Hola' });
    const blocked = await call(test.server, 'PATCH', `/api/v1/conversations/${open.body.conversation_id}`, { token: provider.token, body: { status: 'blocked' } });
    expect(blocked.status).toBe(200);
    expect((await inbound({ from: clientDigits, body: '¿Hola?' })).body).toEqual({ outcome: 'refused', code: 'conversation_blocked' });
  });
});

describe("the outbox page's reply", () => {
  it('goes through the webhook and lands in the job conversation', async () => {
    const fresh = await onboardedClient(test.server, test.knex, { preferred_contact: 'sms' });
    const job = await textedJob(fresh.id);
    const res = await call(test.server, 'POST', '/api/v1/dev/sms-reply', { body: { from: `+${await digitsOf(test.knex, fresh.id)}`, body: 'Contesto desde el buzón' } });
    expect(res).toMatchObject({ status: 200, body: { outcome: 'replied' } });
    expect(await test.knex('conversations').where({ id: res.body.conversation_id }).first('job_id')).toEqual({ job_id: job.id });
  });

  it('answers only callers on this machine', async () => {
    const res = await call(test.server, 'POST', '/api/v1/dev/sms-reply', { body: { from: `+${clientDigits}`, body: 'hola' }, address: '203.0.113.9' });
    expect(res.status).toBe(403);
  });
});
