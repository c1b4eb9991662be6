/**
 * Two accounts verifying the same number at the same moment. Each has its own valid code (a number
 * only pending for another account may still get codes); the unique index on profiles.phone_number
 * lets exactly one win, and the other hears phone_taken.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './server.ts';
import { signedIn } from './api-factories.ts';
import { lastCodeTo } from './outbox.ts';
import { freshPhone, sendCode, twoClaimsOnOneNumber, verifyCode } from './phone-fixtures.ts';

const t = useTestServer();

describe('two accounts verifying one number at once', () => {
  it('lets exactly one succeed; the other gets 409 phone_taken, never a 5xx', async () => {
    for (let round = 0; round < 8; round += 1) {
      const phone = freshPhone();
      const a = await signedIn(t.server, t.knex);
      const b = await signedIn(t.server, t.knex);
      expect((await sendCode(t.server, a.token, phone.typed)).status).toBe(202);
      const codeOfA = await lastCodeTo(t.knex, phone.digits);
      // Pending for a, not verified: b may still get a code for it.
      expect((await sendCode(t.server, b.token, phone.typed)).status).toBe(202);
      const codeOfB = await lastCodeTo(t.knex, phone.digits);

      const answers = await Promise.all([
        verifyCode(t.server, a.token, phone.typed, codeOfA),
        verifyCode(t.server, b.token, phone.typed, codeOfB),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}: ${JSON.stringify(answers.map((x) => x.body))}`).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      expect(loser.body).toMatchObject({ code: 'phone_taken', status: 409 });

      const owners = await t.knex('profiles').where({ phone_number: phone.digits }).select('id');
      const winner = answers[0]!.status === 200 ? a : b;
      expect(owners).toEqual([{ id: winner.id }]);
      // The loser's code is spent and the number is now registered: a new code is refused.
      const loserAccount = winner === a ? b : a;
      expect((await sendCode(t.server, loserAccount.token, phone.typed)).body.code).toBe('phone_already_registered');
    }
  }, 60_000);

  it('answers phone_taken, not success, when the other account already won earlier', async () => {
    const { phone, a, b, codeOfA, codeOfB } = await twoClaimsOnOneNumber(t);
    expect((await verifyCode(t.server, a.token, phone.typed, codeOfA)).status).toBe(200);
    const late = await verifyCode(t.server, b.token, phone.typed, codeOfB);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('phone_taken');
  });
});
