import { describe, expect, it } from 'vitest';
import { useTestServer } from './server.ts';

const t = useTestServer();

describe('the api database connections', () => {
  it('never compile statements just in time (short statements would pay 20-30 ms for it)', async () => {
    const { rows } = await t.knex.raw<{ rows: { jit: string }[] }>('SHOW jit');
    expect(rows[0]!.jit).toBe('off');
  });
});
