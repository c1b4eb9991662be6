import type { Request } from '@hapi/hapi';
import { describe, expect, it } from 'vitest';
import { translate } from '../src/plugins/errors.ts';
import { User } from '../src/modules/auth/models.ts';
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
