/**
 * Helpers for the live-update tests: access tokens signed with a chosen secret, and nes clients
 * that collect what arrives. The server they connect to is `useLiveServer` (server.ts).
 */
import { Client } from '@hapi/nes/lib/client';
import WebSocket from 'ws';
import { issueAccessToken } from '../src/plugins/auth.ts';
import { testSecret } from './server.ts';

// Node 20 has no global WebSocket; the nes client takes the `ws` package's.
(Client as unknown as { WebSocket: unknown }).WebSocket ??= WebSocket;

/** A socket's bearer token for an account the factories made (its factory session), signed with `secret` (the test server's unless told). */
export function tokenFor(userId: string, secret = testSecret): string {
  return issueAccessToken(secret, { id: userId, is_admin: false, is_contractor: false }, userId).token;
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
