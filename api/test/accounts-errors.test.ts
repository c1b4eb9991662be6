import { randomUUID } from 'node:crypto';
import type { Request } from '@hapi/hapi';
import { describe, expect, it } from 'vitest';
import { callerOf } from '../src/lib/caller.ts';
import { translate } from '../src/plugins/errors.ts';
import { User } from '../src/modules/auth/repository.ts';
import { useTestServer } from './server.ts';

const t = useTestServer();
const request = { route: { method: 'post', path: '/api/v1/x' } } as unknown as Request;

async function failureOf(run: () => PromiseLike<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('database errors raised through Objection models', () => {
  it('become conflict for a unique violation and validation_failed for a NUL byte, never internal_error', async () => {
    const row = { email: 'doble@example.pr', password_hash: 'x' };
    await User.query(t.knex).insert(row);
    const duplicate = await failureOf(() => User.query(t.knex).insert(row));
    expect(translate(duplicate, request).code).toBe('conflict');
    const nul = await failureOf(() => User.query(t.knex).insert({ email: 'nul\u0000@example.pr', password_hash: 'x' }));
    expect(translate(nul, request).code).toBe('validation_failed');
  });
});

describe('constraints with a meaning in the product', () => {
  it('answer their own code (one phone number verified by two accounts: phone_taken), every other one conflict', async () => {
    const ids = [randomUUID(), randomUUID()];
    await t.knex('users').insert(ids.map((id, i) => ({ id, email: `tel-${i}-${id.slice(0, 8)}@example.pr`, password_hash: 'x' })));
    await t.knex('profiles').insert({ id: ids[0], phone_number: '17875550100' });
    const taken = await failureOf(() => t.knex('profiles').insert({ id: ids[1], phone_number: '17875550100' }));
    expect(translate(taken, request).code).toBe('phone_taken');
    const twice = await failureOf(() => t.knex('profiles').insert({ id: ids[0] }));
    expect(translate(twice, request).code).toBe('conflict');
    const nobody = await failureOf(() => t.knex('profiles').insert({ id: randomUUID() }));
    expect(translate(nobody, request).code).toBe('conflict');
  });
});

describe('the caller of a request', () => {
  it('is refused with 401 unauthorized when the request has no session', () => {
    const anonymous = { auth: { isAuthenticated: false, credentials: null } } as unknown as Request;
    expect(() => callerOf(anonymous)).toThrow(expect.objectContaining({ code: 'unauthorized', status: 401 }));
  });
});
