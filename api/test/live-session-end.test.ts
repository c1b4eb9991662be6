/**
 * A session that ends, ends everywhere (issue 25, decision 0046): with two api processes
 * (`API_PROCESSES=2`, as `npm start` runs them), a session is ended each way — sign-out, password
 * reset, suspension, the access token's expiry — over an HTTP connection served by one process,
 * while sockets of that session are open on both. Every socket closes within 5 s (the bound the
 * issue names, polled with that deadline), the token is refused by HTTP, a REST request sent over
 * the socket is refused, and a reconnect with the same token is refused.
 */
import http from 'node:http';
import Jwt from '@hapi/jwt';
import { Client } from '@hapi/nes/lib/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../src/db/knex.ts';
import { freePort } from '../src/db/embedded.ts';
import { apiWorkersOf, processServing, startApiProcess, type ApiProcess } from './api-process.ts';
import { createTestDatabase } from './database.ts';
import { freshEmail, newAdmin, strongPassword } from './factories.ts';
import './live-fixtures.ts'; // the nes client's WebSocket under Node
import { lastLinkTo, tokenOf } from './outbox.ts';

const secret = 'live-session-end-secret-0046-live-session-end';
/** The bound: a socket of an ended session is closed within 5 s. */
const closeDeadlineMs = 5000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let knex: ReturnType<typeof createKnex>;
let api: ApiProcess | undefined;
let port: number;
let workers: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  knex = createKnex(database.url, { poolMax: 2 });
  port = await freePort();
  api = await startApiProcess({
    NODE_ENV: 'production',
    JWT_SECRET: secret,
    DATABASE_URL: database.url,
    PORT: String(port),
    API_PROCESSES: '2',
    LOG_LEVEL: 'warn',
    SEARCH_INDEX: 'off',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_SCALE: '1000',
  });
  workers = apiWorkersOf(api.child.pid!);
}, 120_000);

const sockets = new Set<Client>();

afterEach(async () => {
  await Promise.all([...sockets].map((client) => client.disconnect()));
  sockets.clear();
});

afterAll(async () => {
  if (api && api.child.exitCode === null) {
    api.child.kill('SIGTERM');
    await api.exited;
  }
  await knex?.destroy();
  await database?.drop();
}, 60_000);

interface Answer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

/** One keep-alive connection to the api, held open so the process serving it can be found. */
class Connection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  localPort = 0;

  send(method: string, path: string, options: { token?: string; body?: unknown; cookie?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, path, method, headers, agent: this.agent }, (response) => {
        this.localPort = response.socket.localPort ?? this.localPort;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: response.headers }));
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  /** The api process serving this connection. */
  process(): number | null {
    return processServing(this.localPort, port, workers);
  }

  close(): void {
    this.agent.destroy();
  }
}

async function signedInAccount(): Promise<{ id: string; email: string; token: string; cookie: string }> {
  const connection = new Connection();
  const email = freshEmail('live-end');
  const signUp = await connection.send('POST', '/api/v1/auth/signup', { body: { email, password: strongPassword, locale: 'es' } });
  expect(signUp.status).toBe(201);
  const link = tokenOf(await waitFor(() => lastLinkTo(knex, email, '/verify-email')));
  expect((await connection.send('POST', '/api/v1/auth/verify-email', { body: { token: link } })).status).toBe(200);
  const signIn = await connection.send('POST', '/api/v1/auth/signin', { body: { email, password: strongPassword } });
  expect(signIn.status).toBe(200);
  const cookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!).join('; ');
  connection.close();
  return { id: signIn.body.user.id, email, token: signIn.body.access_token, cookie };
}

async function waitFor<T>(read: () => Promise<T>, ms = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (Date.now() - started > ms) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

interface OpenSocket {
  client: Client;
  process: number | null;
  closedAt: number | null;
}

async function openSocket(userId: string, token: string): Promise<OpenSocket> {
  const client = new Client(`ws://127.0.0.1:${port}/api/v1/live`);
  client.onError = () => undefined;
  sockets.add(client);
  const open: OpenSocket = { client, process: null, closedAt: null };
  client.onDisconnect = () => {
    open.closedAt ??= Date.now();
  };
  await client.connect({ reconnect: false, auth: { headers: { authorization: `Bearer ${token}` } } });
  await client.subscribe(`/users/${userId}/events`, () => undefined);
  const ws = (client as unknown as { _ws: { _socket: { localPort: number } } })._ws;
  open.process = processServing(ws._socket.localPort, port, workers);
  return open;
}

/** Sockets of the session until one is served by a process other than `other`. */
async function socketsOnBothProcesses(userId: string, token: string, other: number | null): Promise<OpenSocket[]> {
  expect(workers).toHaveLength(2);
  const opened: OpenSocket[] = [];
  while (opened.length < 12) {
    opened.push(await openSocket(userId, token));
    const processes = new Set(opened.map((socket) => socket.process));
    if (other !== null && opened.some((socket) => socket.process !== other) && processes.size === 2) break;
  }
  expect(opened.some((socket) => socket.process !== null && socket.process !== other)).toBe(true);
  return opened;
}

/** A REST request sent over the socket (nes `request`): refused, whatever the session. */
async function socketRequest(socket: OpenSocket): Promise<unknown> {
  return socket.client.request('/api/v1/profiles/me').then(
    (answer) => ({ refused: false, answer }),
    (error: { statusCode?: number; data?: { code?: string } }) => ({ refused: true, statusCode: error.statusCode, code: error.data?.code }),
  );
}

/** Polls until every socket has closed or the deadline passes; answers how long each took after `since`. */
async function closedWithin(opened: OpenSocket[], since: number): Promise<(number | null)[]> {
  const deadline = since + closeDeadlineMs;
  while (Date.now() < deadline && opened.some((socket) => socket.closedAt === null)) await new Promise((resolve) => setTimeout(resolve, 25));
  return opened.map((socket) => (socket.closedAt === null ? null : socket.closedAt - since));
}

async function expectEndedEverywhere(account: { id: string; token: string }, opened: OpenSocket[], endedAt: number, connection: Connection) {
  const took = await closedWithin(opened, endedAt);
  for (const ms of took) {
    expect(ms).not.toBeNull();
    expect(ms!).toBeLessThanOrEqual(closeDeadlineMs);
  }
  expect((await connection.send('GET', '/api/v1/profiles/me', { token: account.token })).status).toBe(401);
  const other = new Connection();
  expect((await other.send('GET', '/api/v1/profiles/me', { token: account.token })).status).toBe(401);
  other.close();
  // The reconnect's hello with the same token is refused, on whichever process it lands.
  for (let i = 0; i < 2; i += 1) await expect(openSocket(account.id, account.token)).rejects.toMatchObject({ statusCode: 401 });
}

/** A session with sockets on both processes and the HTTP connection that will end it. */
async function preparedSession(account: { id: string; token: string }) {
  const connection = new Connection();
  expect((await connection.send('GET', '/api/v1/profiles/me', { token: account.token })).status).toBe(200);
  const ending = connection.process();
  expect(ending).not.toBeNull();
  const opened = await socketsOnBothProcesses(account.id, account.token, ending);
  // REST over the socket is off: no request reaches the api by that way, before or after the end.
  expect(await socketRequest(opened[0]!)).toEqual({ refused: true, statusCode: 400, code: 'live_request_refused' });
  return { connection, opened };
}

describe('a session ended on one api process, with sockets open on both (API_PROCESSES=2)', () => {
  it('at sign-out: every socket closes within 5 s and the token is refused', async () => {
    const account = await signedInAccount();
    const { connection, opened } = await preparedSession(account);
    const out = await connection.send('POST', '/api/v1/auth/signout', { token: account.token, body: {} });
    expect(out.status).toBe(204);
    await expectEndedEverywhere(account, opened, Date.now(), connection);
    connection.close();
  }, 60_000);

  it('at a password reset: every socket closes within 5 s and the token is refused', async () => {
    const account = await signedInAccount();
    const { connection, opened } = await preparedSession(account);
    expect((await connection.send('POST', '/api/v1/auth/password-reset', { body: { email: account.email } })).status).toBe(202);
    const link = tokenOf(await waitFor(() => lastLinkTo(knex, account.email, '/auth/reset-password')));
    const reset = await connection.send('POST', '/api/v1/auth/password-reset/confirm', { body: { token: link, password: 'Nueva#Clave2027' } });
    expect(reset.status).toBe(204);
    await expectEndedEverywhere(account, opened, Date.now(), connection);
    connection.close();
  }, 60_000);

  it('at suspension: every socket closes within 5 s and the token is refused', async () => {
    const account = await signedInAccount();
    const admin = await newAdmin({ knex, config: { jwtSecret: secret } });
    const { connection, opened } = await preparedSession(account);
    const suspended = await connection.send('POST', `/api/v1/admin/accounts/${account.id}/suspend`, { token: admin.token, body: {} });
    expect(suspended.status).toBe(200);
    await expectEndedEverywhere(account, opened, Date.now(), connection);
    connection.close();
  }, 60_000);

  it('at the access token’s expiry: every socket signed in with it closes within 5 s', async () => {
    const account = await signedInAccount();
    const { sid } = Jwt.token.decode(account.token).decoded.payload as { sid: string };
    const now = Math.floor(Date.now() / 1000);
    // Long enough to open the sockets on both processes first, even on a busy machine.
    const lifetime = 10;
    const short = Jwt.token.generate({ aud: 'resuelve', iss: 'resuelve-api', sub: account.id, sid, iat: now, exp: now + lifetime }, { key: secret, algorithm: 'HS256' });
    const shortLived = { id: account.id, token: short };
    const { connection, opened } = await preparedSession(shortLived);
    const expiredAt = (now + lifetime) * 1000;
    expect(Date.now()).toBeLessThan(expiredAt);
    while (Date.now() < expiredAt) await new Promise((resolve) => setTimeout(resolve, 50));
    // The library allows 15 s of clock skew on `exp` for HTTP; the socket goes at `exp` itself.
    const took = await closedWithin(opened, expiredAt);
    for (const ms of took) {
      expect(ms).not.toBeNull();
      expect(ms!).toBeLessThanOrEqual(closeDeadlineMs);
    }
    // The session itself goes on: the account's own token still works.
    expect((await connection.send('GET', '/api/v1/profiles/me', { token: account.token })).status).toBe(200);
    connection.close();
  }, 60_000);
});
