/**
 * Helpers for the live-update tests: a server listening on a free port (sockets need a real one),
 * access tokens for made-up users, and nes clients that collect what arrives.
 */
import type { Server } from '@hapi/hapi';
import { Client } from '@hapi/nes/lib/client';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { loadConfig, type Config } from '../src/config.ts';
import { createKnex } from '../src/db/knex.ts';
import { issueAccessToken } from '../src/plugins/auth.ts';
import { start, type ServerDependencies, type StartOptions } from '../src/server.ts';
import { createTestDatabase } from './database.ts';

// Node 20 has no global WebSocket; the nes client takes the `ws` package's.
(Client as unknown as { WebSocket: unknown }).WebSocket ??= WebSocket;

export const testSecret = 'test-secret-test-secret-test-secret';

export interface LiveContext {
  server: Server;
  knex: Knex;
  config: Config;
  url: `ws://${string}`;
}

export function liveConfig(databaseUrl: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: testSecret,
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MINUTE: '100000',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
}

/** A started server (port 0) on a database of this file's own; background jobs off unless asked. */
export function useLiveServer(dependencies: Omit<ServerDependencies, 'knex'> = {}, options: StartOptions = { backgroundJobs: false }): LiveContext {
  const context = {} as LiveContext;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    context.config = liveConfig(database.url);
    context.knex = createKnex(database.url);
    context.server = await start(context.config, { ...dependencies, knex: context.knex }, options);
    context.url = `ws://127.0.0.1:${context.server.info.port}/api/v1/live`; // the path the ui uses
  });
  afterAll(async () => {
    await context.server?.stop({ timeout: 1000 });
    await context.knex?.destroy();
    await drop?.();
  });
  return context;
}

export function tokenFor(userId: string, secret = testSecret): string {
  return issueAccessToken(secret, { id: userId, is_admin: false, is_contractor: false }).token;
}

export interface LiveClient {
  client: Client;
  received: unknown[];
  /** Resolves with the first message (already received or to come) that matches. */
  next(match?: (message: unknown) => boolean, ms?: number): Promise<unknown>;
}

const openClients = new Set<Client>();

export async function connectClient(url: `ws://${string}`, token: string | null): Promise<LiveClient> {
  const client = new Client(url);
  client.onError = () => undefined; // failures are asserted through the promises
  openClients.add(client);
  await client.connect({ reconnect: false, ...(token ? { auth: { headers: { authorization: `Bearer ${token}` } } } : {}) });
  return collector(client);
}

export async function subscribeOwn(live: LiveClient, userId: string): Promise<void> {
  await live.client.subscribe(`/users/${userId}/events`, (message) => {
    live.received.push(message);
  });
}

function collector(client: Client): LiveClient {
  const live: LiveClient = {
    client,
    received: [],
    next: (match = () => true, ms = 3000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const look = () => {
          const found = live.received.find(match);
          if (found !== undefined) return resolve(found);
          if (Date.now() - started > ms) return reject(new Error('no matching message arrived'));
          setTimeout(look, 5);
        };
        look();
      }),
  };
  return live;
}

export async function disconnectAll(): Promise<void> {
  await Promise.all([...openClients].map((client) => client.disconnect()));
  openClients.clear();
}
