import type { Server, ServerInjectOptions } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { refreshCookieName } from '@resuelve/contract';
import { loadConfig, type Config } from '../src/config.ts';
import { init, start, type ServerDependencies, type StartOptions } from '../src/server.ts';
import { useTestDatabase } from './database.ts';

export interface TestContext {
  server: Server;
  knex: Knex;
  config: Config;
}

export const testSecret = 'test-secret-test-secret-test-secret';

/** The settings of a test server on `databaseUrl`, with `env` over them. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: testSecret,
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // A search right after a write sees it: the place index first catches up (decision 0035).
    SEARCH_INDEX_SYNC: 'true',
    ...env,
  });
}

/**
 * A server on a database of this file's own, built (not listening) before the file's tests and
 * torn down after. Read the fields inside tests (they are set in beforeAll).
 */
export function useTestServer(env: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  const database = useTestDatabase();
  beforeAll(async () => {
    // Tests change providers between searches; one test proves the cache itself.
    context.config = testConfig(database.url, { SEARCH_CACHE_SECONDS: '0', ...env });
    context.knex = database.knex;
    context.server = await init(context.config, { knex: context.knex });
  });
  afterAll(async () => {
    await context.server?.stop();
  });
  return context;
}

export interface LiveContext extends TestContext {
  url: `ws://${string}`;
}

/**
 * A server started as `npm start` starts it, listening on a free port (sockets need a real one),
 * on a database of this file's own; background work off unless asked. `url` is the live socket's.
 */
export function useLiveServer(dependencies: Omit<ServerDependencies, 'knex'> = {}, options: StartOptions = { backgroundJobs: false }): LiveContext {
  const context = {} as LiveContext;
  const database = useTestDatabase();
  beforeAll(async () => {
    context.config = testConfig(database.url, { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    context.knex = database.knex;
    context.server = await start(context.config, { ...dependencies, knex: context.knex }, options);
    context.url = `ws://127.0.0.1:${context.server.info.port}/api/v1/live`; // the path the ui uses
  });
  afterAll(async () => {
    await context.server?.stop({ timeout: 1000 });
  });
  return context;
}

/** Reads until `check` holds or `ms` pass, answering the last read (work across the database lands a moment later). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - started > ms) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
  // What a route does after answering (a password reset's mail) is done before the test reads it.
  await server.app.context.afterAnswer.settled();
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
