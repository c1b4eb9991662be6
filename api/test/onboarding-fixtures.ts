/**
 * Helpers for the provider, client and onboarding tests: each profile rule checked against its one
 * definition in contract. The accounts, phones and finished onboardings they start from are shared
 * (factories.ts, api-factories.ts).
 */
import { expect } from 'vitest';
import type { Server } from '@hapi/hapi';
import { call } from './server.ts';

/**
 * The api refuses exactly the values the contract check refuses, each with the check's code in
 * `details`, and accepts the rest (one definition of each SPEC.md §5 rule).
 */
export async function expectApiFollowsCheck(
  server: Server,
  request: { method: string; url: string; token: string },
  field: string,
  check: (value: string) => string | null,
  values: string[],
): Promise<void> {
  for (const value of values) {
    const res = await call(server, request.method, request.url, { token: request.token, body: { [field]: value } });
    const expected = check(value);
    if (expected) {
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.details, `${field}=${value}`).toEqual({ [field]: expected });
    } else {
      expect(res.status, `${field}=${value}`).toBe(200);
    }
  }
}
