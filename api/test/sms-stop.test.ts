/**
 * STOP and START (issue 30, acceptance 1): a number that texts STOP, PARAR or BAJA (any case,
 * accents, spaces) gets no text from any domain until it texts START or ALTA; each is answered by
 * one text; a stopped client's job notices go by email; verifying the number again is a new
 * consent, recorded with its wording and version.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { smsConsentVersion, type LiveEventOf } from '@resuelve/contract';
import type { AppContext } from '../src/context.ts';
import { notifyJobChange } from '../src/modules/jobs/notices/index.ts';
import { call, useTestServer } from './server.ts';
import { daysAhead, newJob } from './factories.ts';
import { type Account, onboardedClient, onboardedProvider, signedIn } from './api-factories.ts';
import { eventOf } from './live-job-fixtures.ts';
import { lastCodeTo, outboxTo, smsTo } from './outbox.ts';
import { freshPhone, sendCode, verifyCode } from './phone-fixtures.ts';

const test = useTestServer();
/** Each job on a day of its own: the provider's jobs may not overlap. */
let day = 3;
let context: AppContext;
let provider: Account;

async function digitsOf(knex: Knex, id: string): Promise<string> {
  return (await knex('profiles').where({ id }).first('phone_number')).phone_number as string;
}

function text(from: string, body: string) {
  return call(test.server, 'POST', '/api/v1/sms/inbound', { headers: { 'x-sms-secret': test.config.smsInboundSecret! }, body: { from, body } });
}

const notifyChange = ({ recipients, event }: { recipients: string[]; event: LiveEventOf<'job.changed'> }) => notifyJobChange(context, event, recipients);

beforeAll(async () => {
  context = test.server.app.context;
  provider = await onboardedProvider(test.server, test.knex, 'en');
});

describe('STOP', () => {
  it.each(['STOP', ' parar ', 'Bája', 'BAJA.', 'Stop!'])('%j stops every text to the number and is answered once, in the owner\'s language', async (word) => {
    const client = await onboardedClient(test.server, test.knex, { preferred_contact: 'sms' });
    const digits = await digitsOf(test.knex, client.id);
    const answer = await text(`+${digits}`, word);
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'stopped' } });
    expect(await test.knex('sms_opt_outs').where({ phone_number: digits }).first('keyword')).toEqual({ keyword: word });
    const [confirmation, ...more] = await smsTo(test.knex, digits);
    expect(more).toEqual([]);
    expect(confirmation!.body).toContain('no te enviaremos más mensajes de texto');

    // Any domain's text, straight through the server's sender, is held back.
    await context.senders.sms.send({ to: `+${digits}`, body: 'Resuelve: cualquier aviso' });
    expect(await smsTo(test.knex, digits)).toHaveLength(1);
  });

  it('sends a stopped client their job notices by email instead', async () => {
    const client = await onboardedClient(test.server, test.knex, { preferred_contact: 'sms' });
    const digits = await digitsOf(test.knex, client.id);
    await text(digits, 'PARAR');
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: daysAhead(day++), status: 'upcoming' });
    expect(await notifyChange(eventOf(job, { action: 'accept', status: 'upcoming', actor: 'provider', from: 'pending' }))).toBe(1);
    expect((await outboxTo(test.knex, client.email)).map((m) => m.channel)).toEqual(['email']);
    expect(await outboxTo(test.knex, `+${digits}`)).toEqual([]);
  });

  it('stops a number no account has, and a second STOP keeps the first time and sends nothing more', async () => {
    const digits = freshPhone().digits;
    expect((await text(`+${digits}`, 'stop')).body).toEqual({ outcome: 'stopped' });
    const first = await test.knex('sms_opt_outs').where({ phone_number: digits }).first('stopped_at');
    expect((await text(`+${digits}`, 'STOP')).body).toEqual({ outcome: 'stopped' });
    expect(await test.knex('sms_opt_outs').where({ phone_number: digits }).first('stopped_at')).toEqual(first);
    // The confirmation goes to an opted-out number too (it is asked for), once per STOP.
    expect((await smsTo(test.knex, digits)).map((sms) => sms.body)).toHaveLength(2);
  });

  it('is not a word inside a sentence: "no paren de escribir" is a reply, not a STOP', async () => {
    const digits = freshPhone().digits;
    expect((await text(digits, 'no paren de escribir')).body).toEqual({ outcome: 'unknown_number' });
    expect(await test.knex('sms_opt_outs').where({ phone_number: digits }).first()).toBeUndefined();
  });
});

describe('START', () => {
  it.each(['START', ' Alta ', 'ÁLTA'])('%j resumes the texts and is answered once', async (word) => {
    const client = await onboardedClient(test.server, test.knex, { preferred_contact: 'sms' });
    const digits = await digitsOf(test.knex, client.id);
    await text(digits, 'BAJA');
    expect((await text(`+${digits}`, word)).body).toEqual({ outcome: 'started' });
    expect(await test.knex('sms_opt_outs').where({ phone_number: digits }).first()).toBeUndefined();
    const [started] = await smsTo(test.knex, digits);
    expect(started!.body).toContain('volverás a recibir mensajes de texto');

    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: daysAhead(day++), status: 'upcoming' });
    await notifyChange(eventOf(job, { action: 'accept', status: 'upcoming', actor: 'provider', from: 'pending' }));
    expect((await outboxTo(test.knex, `+${digits}`)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('answers in English to an English-speaking owner', async () => {
    const digits = await digitsOf(test.knex, provider.id);
    await text(digits, 'stop');
    await text(digits, 'start');
    const [started, stopped] = await smsTo(test.knex, digits);
    expect(stopped!.body).toBe('Resuelve: we will send no more texts to this number. To get them again, reply START.');
    expect(started!.body).toBe('Resuelve: you will get texts about your appointments again. To stop them, reply STOP.');
  });
});

describe('consent at phone verification', () => {
  it('records the wording shown, its version, language and time, and lifts an earlier STOP', async () => {
    const account = await signedIn(test.server, test.knex, 'en');
    const phone = freshPhone();
    await text(phone.digits, 'PARAR');
    // The code is asked for: it reaches a stopped number.
    expect((await sendCode(test.server, account.token, phone.typed)).status).toBe(202);
    const code = await lastCodeTo(test.knex, phone.digits);
    expect(await test.knex('sms_consents').where({ profile_id: account.id })).toEqual([]);
    expect((await verifyCode(test.server, account.token, phone.typed, code)).status).toBe(200);

    const consents = await test.knex('sms_consents').where({ profile_id: account.id });
    expect(consents).toEqual([
      expect.objectContaining({ phone_number: phone.digits, wording_version: smsConsentVersion, language: 'en', given_at: expect.any(Date) }),
    ]);
    expect(consents[0].wording).toMatch(/^By verifying your number you agree to get text messages from Resuelve/);
    expect(await test.knex('sms_opt_outs').where({ phone_number: phone.digits }).first()).toBeUndefined();
  });

  it('records nothing for a wrong code', async () => {
    const account = await signedIn(test.server, test.knex);
    const phone = freshPhone();
    await sendCode(test.server, account.token, phone.typed);
    const code = await lastCodeTo(test.knex, phone.digits);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await verifyCode(test.server, account.token, phone.typed, wrong)).status).toBe(400);
    expect(await test.knex('sms_consents').where({ profile_id: account.id })).toEqual([]);
  });
});
