import { afterEach, describe, expect, it } from 'vitest';
import { createBatchedCounter, type BatchedCounter } from '../src/lib/batched-counter.ts';
import { useTestDatabase } from './database.ts';
import { call, useTestServer } from './server.ts';

const db = useTestDatabase();
const made: BatchedCounter[] = [];
const counter = (flushMs = 60_000) => {
  const one = createBatchedCounter(db.knex, { flushMs, onError: (error) => { throw error; } });
  made.push(one);
  return one;
};
const stored = async (key: string) => Number((await db.knex('rate_limits').where({ key }).sum({ n: 'count' }).first())?.n ?? 0);

afterEach(async () => {
  await Promise.all(made.splice(0).map((one) => one.stop()));
});

describe('the whole-api request counter', () => {
  it('refuses past the limit at once, before anything is written to the database', async () => {
    const one = counter();
    const results = Array.from({ length: 4 }, () => one.hit('api:10.0.0.1', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(await stored('api:10.0.0.1')).toBe(0);
  });

  it('writes every key of a batch in one statement and keeps the exact total', async () => {
    const one = counter();
    for (let i = 0; i < 25; i++) one.hit('api:10.0.0.2', 100, 60);
    for (let i = 0; i < 7; i++) one.hit('api:10.0.0.3', 100, 60);
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    db.knex.on('query', listen);
    await one.flush();
    db.knex.off('query', listen);
    expect(statements.filter((sql) => /insert into rate_limits/i.test(sql))).toHaveLength(1);
    expect([await stored('api:10.0.0.2'), await stored('api:10.0.0.3')]).toEqual([25, 7]);
    await one.flush();
    expect(await stored('api:10.0.0.2')).toBe(25);
  });

  it("shares the count between processes: each learns the others' hits at its next write", async () => {
    const first = counter();
    const second = counter();
    for (let i = 0; i < 3; i++) expect(first.hit('api:10.0.0.4', 4, 60).allowed).toBe(true);
    await first.flush();
    expect(second.hit('api:10.0.0.4', 4, 60).allowed).toBe(true);
    await second.flush();
    expect(second.hit('api:10.0.0.4', 4, 60)).toMatchObject({ allowed: false, count: 5 });
    expect(await stored('api:10.0.0.4')).toBe(4);
  });

  it('writes on its own every interval, and what is left when it stops', async () => {
    const one = counter(20);
    one.hit('api:10.0.0.5', 10, 60);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await stored('api:10.0.0.5')).toBe(1);
    one.hit('api:10.0.0.5', 10, 60);
    await one.stop();
    expect(await stored('api:10.0.0.5')).toBe(2);
  });
});

describe('the whole-api limit on a server', () => {
  // The batch is written a minute later here, so no timed write can fall inside the request watched below.
  const limited = useTestServer({ RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_FLUSH_MS: '60000' });
  it('costs no database write per request, and keeps counting after the batch is written', async () => {
    const writes: string[] = [];
    const listen = (query: { sql: string }) => writes.push(query.sql);
    limited.knex.on('query', listen);
    const first = await call(limited.server, 'GET', '/api/v1/categories');
    limited.knex.off('query', listen);
    expect(first.status).toBe(200);
    expect(writes.filter((sql) => /rate_limits/i.test(sql))).toEqual([]);
    expect((await call(limited.server, 'GET', '/api/v1/categories')).status).toBe(200);
    const refused = await call(limited.server, 'GET', '/api/v1/categories');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
  });
});
