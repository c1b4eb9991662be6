import type { Server, ServerInjectOptions } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { refreshCookieName } from '@resuelve/contract';
import { loadConfig, type Config } from '../src/config.ts';
import { createKnex } from '../src/db/knex.ts';
import { init } from '../src/server.ts';
import { createTestDatabase } from './database.ts';

export interface TestContext {
  server: Server;
  knex: Knex;
  config: Config;
}

/**
 * A server on a database of this file's own, built before the file's tests and torn down after.
 * Read the fields inside tests (they are set in beforeAll).
 */
export function useTestServer(env: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    context.config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      JWT_SECRET: 'test-secret-test-secret-test-secret',
      PUBLIC_URL: 'http://localhost:3000',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Tests change providers between searches; one test proves the cache itself.
      SEARCH_CACHE_SECONDS: '0',
      ...env,
    });
    context.knex = createKnex(context.config.databaseUrl);
    context.server = await init(context.config, { knex: context.knex });
  });
  afterAll(async () => {
    await context.server?.stop();
    await context.knex?.destroy();
    await drop?.();
  });
  return context;
}

export interface CallOptions {
  body?: unknown;
  raw?: string;
  token?: string;
  /** The web's refresh cookie value. */
  cookie?: string;
  /** The caller's address (rate limits and sign-in blocks count by it). */
  address?: string;
  headers?: Record<string, string>;
}

/** `server.inject` with a JSON body, bearer token, refresh cookie; answers status, headers and parsed body. */
export async function call(server: Server, method: string, url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `${refreshCookieName}=${options.cookie}`;
  const request: ServerInjectOptions = { method, url, headers, remoteAddress: options.address ?? '127.0.0.1' };
  if (options.raw !== undefined) {
    request.payload = options.raw;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    request.payload = options.body as object;
  }
  const response = await server.inject(request);
  let body: unknown = undefined;
  if (response.payload) {
    try {
      body = JSON.parse(response.payload);
    } catch {
      body = response.payload;
    }
  }
  return { status: response.statusCode, headers: response.headers, body: body as any, raw: response.payload };
}
