import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileLimits } from '@resuelve/contract';
import { ManualClock } from '../src/lib/clock.ts';
import { createSenders, type Senders } from '../src/lib/senders.ts';
import { init } from '../src/server.ts';
import { call, useTestServer } from './server.ts';
import { signedIn } from './api-factories.ts';
import { lastCodeTo, smsTo } from './outbox.ts';
import { codeSent, freshPhone, twoClaimsOnOneNumber, sendCode, verifyCode, wrongCode } from './phone-fixtures.ts';

const t = useTestServer();
let clock: ManualClock;

beforeAll(() => {
  clock = new ManualClock();
  t.server.app.context.clock = clock;
});

afterEach(() => {
  vi.useRealTimers();
});

const status = (token: string) => call(t.server, 'GET', '/api/v1/phone/verification-status', { token });
const minute = 60_000;

describe('sending a code', () => {
  it('answers 202 with the countdowns and texts a 6-digit code in Spanish to the E.164 number', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    const res = await sendCode(t.server, me.token, phone.typed);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ phone_number: phone.digits, expires_in: 600, resend_in: 60, attempts: 5 });
    const [sms] = await smsTo(t.knex, phone.digits);
    expect(sms!.codes).toHaveLength(1);
    expect(sms!.body).toBe(`Resuelve: tu código de verificación es ${sms!.codes[0]}. Vence en 10 minutos. No lo compartas con nadie.`);
  });

  it("texts in the account's language", async () => {
    const me = await signedIn(t.server, t.knex, 'en');
    const phone = freshPhone();
    expect((await sendCode(t.server, me.token, phone.typed)).status).toBe(202);
    const [sms] = await smsTo(t.knex, phone.digits);
    expect(sms!.body).toBe(`Resuelve: your verification code is ${sms!.codes[0]}. It expires in 10 minutes. Do not share it with anyone.`);
  });

  it('normalizes the ways a number is typed: 10 digits get the country code 1', async () => {
    for (const typed of ['787-555-0100', '+1 (787) 555-0100', '1.787.555.0100', '7875550100']) {
      const me = await signedIn(t.server, t.knex);
      const res = await sendCode(t.server, me.token, typed);
      expect(res.status, typed).toBe(202);
      expect(res.body.phone_number).toBe('17875550100');
    }
  });

  it('stores only a hash of the code', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    const code = await codeSent(t, me.token, phone);
    const row = await t.knex('phone_verifications').where({ user_id: me.id }).first();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('refuses a malformed number or code with the field rule codes', async () => {
    const me = await signedIn(t.server, t.knex);
    const short = await sendCode(t.server, me.token, '787-555');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'validation_failed', details: { phoneNumber: 'too_short' } });
    const letters = await sendCode(t.server, me.token, '787-CALL-NOW');
    expect(letters.body.details).toEqual({ phoneNumber: 'invalid_phone' });
    const code = await verifyCode(t.server, me.token, '7875550123', '12a456');
    expect(code.status).toBe(400);
    expect(code.body.details).toEqual({ code: 'invalid_code' });
    const anonymous = await call(t.server, 'POST', '/api/v1/phone/send-verification', { body: { phoneNumber: '7875550123' } });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a resend within 60 s with 429 rate_limited and Retry-After; after it the new code replaces the old', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    const first = await codeSent(t, me.token, phone);
    clock.advance(20_000);
    const early = await sendCode(t.server, me.token, phone.typed);
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('rate_limited');
    expect(early.headers['retry-after']).toBe('40');
    expect(await smsTo(t.knex, phone.digits)).toHaveLength(1);

    clock.advance(40_000);
    expect((await sendCode(t.server, me.token, phone.typed)).status).toBe(202);
    const second = await lastCodeTo(t.knex, phone.digits);
    if (second !== first) {
      const old = await verifyCode(t.server, me.token, phone.typed, first);
      expect(old.body.code).toBe('invalid_code');
    }
    expect((await verifyCode(t.server, me.token, phone.typed, second)).status).toBe(200);
  });

  it('refuses a sixth send to one number within the hour with too_many_attempts, whoever asks', async () => {
    // hit() counts in fixed windows of real time: start well inside an hour so the test never straddles one.
    const hour = 3_600_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / hour) * hour + 5 * minute });
    const phone = freshPhone();
    for (let i = 0; i < profileLimits.phoneSendsPerHour; i += 1) {
      const someone = await signedIn(t.server, t.knex);
      expect((await sendCode(t.server, someone.token, phone.typed)).status).toBe(202);
    }
    const sixth = await signedIn(t.server, t.knex);
    const refused = await sendCode(t.server, sixth.token, phone.typed);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50 * 60);
    expect(await smsTo(t.knex, phone.digits)).toHaveLength(5);
    // The refused send left the sixth account without a code.
    expect((await status(sixth.token)).body.pending).toBeNull();
  });

  it('refuses a sixth send from one account within the hour, whatever the number', async () => {
    const hour = 3_600_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / hour) * hour + 5 * minute });
    const me = await signedIn(t.server, t.knex);
    for (let i = 0; i < profileLimits.phoneSendsPerHour; i += 1) {
      expect((await sendCode(t.server, me.token, freshPhone().typed)).status).toBe(202);
      clock.advance(61_000);
    }
    const refused = await sendCode(t.server, me.token, freshPhone().typed);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_attempts');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuses a number another account verified with 409 phone_already_registered', async () => {
    const owner = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    expect((await verifyCode(t.server, owner.token, phone.typed, await codeSent(t, owner.token, phone))).status).toBe(200);

    const other = await signedIn(t.server, t.knex);
    const res = await sendCode(t.server, other.token, `+${phone.digits}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('phone_already_registered');
    expect(await smsTo(t.knex, phone.digits)).toHaveLength(1);
  });

  it('answers 502 phone_send_failed when the SMS gateway fails, and leaves no wait behind', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    const outbox = createSenders(t.knex, t.config);
    const failing: Senders = { mail: outbox.mail, sms: { send: () => Promise.reject(new Error('gateway down')) } };
    const broken = await init(t.config, { knex: t.knex, senders: failing, clock });
    try {
      const res = await sendCode(broken, me.token, phone.typed);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'phone_send_failed', status: 502 });
      expect(res.body.error).not.toContain('gateway down');
      expect((await status(me.token)).body.pending).toBeNull();
    } finally {
      await broken.stop();
    }
    expect((await sendCode(t.server, me.token, phone.typed)).status).toBe(202);
  });
});

describe('verifying a code', () => {
  it('makes the number the verified phone of the account; the code works once', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    const code = await codeSent(t, me.token, phone);
    const res = await verifyCode(t.server, me.token, phone.typed, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: true, phone_number: phone.digits });
    const profile = await t.knex('profiles').where({ id: me.id }).first();
    expect(profile.phone_number).toBe(phone.digits);
    expect(profile.phone_verified_at).toBeInstanceOf(Date);

    const again = await verifyCode(t.server, me.token, phone.typed, code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('code_expired');
  });

  it('counts wrong codes down with invalid_code and attempts_remaining, then no_attempts_left even for the right one', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    const code = await codeSent(t, me.token, phone);
    for (const remaining of ['4', '3', '2', '1']) {
      const res = await verifyCode(t.server, me.token, phone.typed, wrongCode(code));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_code', details: { attempts_remaining: remaining } });
    }
    const fifth = await verifyCode(t.server, me.token, phone.typed, wrongCode(code));
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('no_attempts_left');
    expect(fifth.headers['retry-after']).toBeDefined();
    const right = await verifyCode(t.server, me.token, phone.typed, code);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('no_attempts_left');
    expect((await t.knex('profiles').where({ id: me.id }).first()).phone_number).toBeNull();
  });

  it('answers code_expired after 10 minutes', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    const code = await codeSent(t, me.token, phone);
    clock.advance(profileLimits.phoneCodeTtlMinutes * minute - 1000);
    const stillGood = await verifyCode(t.server, me.token, phone.typed, wrongCode(code));
    expect(stillGood.body.code).toBe('invalid_code');
    clock.advance(1000);
    const expired = await verifyCode(t.server, me.token, phone.typed, code);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('code_expired');
  });

  it('answers code_expired for a number no code was sent to', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = freshPhone();
    const code = await codeSent(t, me.token, phone);
    const res = await verifyCode(t.server, me.token, freshPhone().typed, code);
    expect(res.body.code).toBe('code_expired');
  });

  it("cannot use another account's code", async () => {
    const { phone, b, codeOfA, codeOfB } = await twoClaimsOnOneNumber(t);
    if (codeOfA !== codeOfB) expect((await verifyCode(t.server, b.token, phone.typed, codeOfA)).body.code).toBe('invalid_code');
    expect((await verifyCode(t.server, b.token, phone.typed, codeOfB)).status).toBe(200);
  });
});

describe('verification status', () => {
  it('shows nothing, then the pending code, then the verified number', async () => {
    const me = await signedIn(t.server, t.knex);
    expect((await status(me.token)).body).toEqual({ phone_number: null, verified: false, pending: null });

    const phone = freshPhone();
    const sentAt = clock.now().getTime();
    const code = await codeSent(t, me.token, phone);
    await verifyCode(t.server, me.token, phone.typed, wrongCode(code));
    const pending = await status(me.token);
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({
      phone_number: null,
      verified: false,
      pending: {
        phone_number: phone.digits,
        expires_at: new Date(sentAt + 10 * minute).toISOString(),
        resend_at: new Date(sentAt + minute).toISOString(),
        attempts_remaining: 4,
      },
    });

    await verifyCode(t.server, me.token, phone.typed, code);
    expect((await status(me.token)).body).toEqual({ phone_number: phone.digits, verified: true, pending: null });
  });

  it('drops an expired code from the status', async () => {
    const me = await signedIn(t.server, t.knex);
    await sendCode(t.server, me.token, freshPhone().typed);
    clock.advance(10 * minute);
    expect((await status(me.token)).body.pending).toBeNull();
  });
});
