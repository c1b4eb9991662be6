/**
 * Helpers for the provider, client and onboarding tests: each profile rule checked against its one
 * definition in contract. The accounts, phones and finished onboardings they start from are shared
 * (factories.ts, api-factories.ts).
 */
import { expect, it } from 'vitest';
import type { Check } from '@resuelve/contract';
import { call, type TestContext } from './server.ts';

/** Values the form would refuse or accept, with the contract check that decides (SPEC.md §5). */
export type FieldCases = [field: string, check: Check, values: string[]][];

/**
 * One test a field: PATCH `url`, as a fresh account, refuses exactly the values the field's
 * contract check refuses, each with the check's code in `details`, and accepts the rest (one
 * definition of each SPEC.md §5 rule).
 */
export function itFollowsEachCheck(t: TestContext, url: string, cases: FieldCases, account: () => Promise<{ token: string }>): void {
  for (const [field, check, values] of cases) {
    it(`${field}: the api refuses exactly what the contract check refuses, with its code`, async () => {
      const { token } = await account();
      for (const value of values) {
        const res = await call(t.server, 'PATCH', url, { token, body: { [field]: value } });
        const expected = check(value);
        if (expected) {
          expect(res.status, `${field}=${value}`).toBe(400);
          expect(res.body.details, `${field}=${value}`).toEqual({ [field]: expected });
        } else {
          expect(res.status, `${field}=${value}`).toBe(200);
        }
      }
    });
  }
}
