import Jwt from '@hapi/jwt';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent } from '@resuelve/contract';
import { createKnex } from '../src/db/knex.ts';
import { start } from '../src/server.ts';
import { call, testSecret, useLiveServer } from './server.ts';
import { signedIn } from './api-factories.ts';
import { newClient } from './factories.ts';
import { connectClient, disconnectAll, subscribeOwn, tokenFor } from './live-fixtures.ts';

const live = useLiveServer();

function jobEvent(): JobEvent {
  return { type: 'job.changed', job_id: crypto.randomUUID(), status: 'upcoming', from_status: 'pending', action: 'accept', actor: 'provider', at: new Date().toISOString() };
}

const isJob = (jobId: string) => (message: unknown) => (message as JobEvent).job_id === jobId;

afterEach(disconnectAll);

describe('live updates over the WebSocket', () => {
  it("delivers a signed-in user's own events to their socket", async () => {
    const client = await signedIn(live.server, live.knex);
    const socket = await connectClient(live.url, client.token);
    await subscribeOwn(socket, client.id);
    const payload = jobEvent();
    await live.server.app.context.events.publish([client.id, crypto.randomUUID()], payload);
    expect(await socket.next(isJob(payload.job_id))).toEqual(payload);
  });

  it('stops delivering to a socket whose session ended at sign-out, and closes it', async () => {
    const client = await signedIn(live.server, live.knex);
    const socket = await connectClient(live.url, client.token);
    await subscribeOwn(socket, client.id);
    const closed = new Promise<boolean>((resolve) => {
      socket.client.onDisconnect = () => resolve(true);
      setTimeout(() => resolve(false), 3000);
    });
    const before = jobEvent();
    await live.server.app.context.events.publish([client.id], before);
    await socket.next(isJob(before.job_id));

    expect((await call(live.server, 'POST', '/api/v1/auth/signout', { body: {}, token: client.token })).status).toBe(204);
    const after = jobEvent();
    await live.server.app.context.events.publish([client.id], after);
    expect(await closed).toBe(true);
    expect(socket.received).toEqual([before]);
    // The reconnect's hello with the same token is refused.
    await expect(connectClient(live.url, client.token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('does not deliver to a user who is not a recipient', async () => {
    // Tokens are refused for accounts that do not exist.
    const [alice, bob] = [await newClient(live.knex), await newClient(live.knex)];
    const aliceSocket = await connectClient(live.url, tokenFor(alice));
    const bobSocket = await connectClient(live.url, tokenFor(bob));
    await subscribeOwn(aliceSocket, alice);
    await subscribeOwn(bobSocket, bob);
    const payload = jobEvent();
    await live.server.app.context.events.publish([alice], payload);
    await aliceSocket.next(isJob(payload.job_id));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bobSocket.received).toEqual([]);
  });

  it("refuses a subscription to another user's events with 403", async () => {
    const socket = await connectClient(live.url, tokenFor(await newClient(live.knex)));
    const error = await socket.client.subscribe(`/users/${crypto.randomUUID()}/events`, () => undefined).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 403 });
    expect(socket.client.subscriptions()).toEqual([]);
  });

  it('refuses a socket without a token', async () => {
    await expect(connectClient(live.url, null)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a socket with a token signed by another secret, or expired', async () => {
    await expect(connectClient(live.url, tokenFor(crypto.randomUUID(), 'another-secret-another-secret-0000'))).rejects.toMatchObject({ statusCode: 401 });
    const expired = Jwt.token.generate(
      { aud: 'resuelve', iss: 'resuelve-api', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) - 3600 },
      { key: testSecret, algorithm: 'HS256' },
    );
    await expect(connectClient(live.url, expired)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('closes a socket within 5 s when its session ended without a word to this process (its announcement missed)', async () => {
    const user = await newClient(live.knex);
    const socket = await connectClient(live.url, tokenFor(user));
    await subscribeOwn(socket, user);
    let closedAt: number | null = null;
    socket.client.onDisconnect = () => {
      closedAt ??= Date.now();
    };
    // Another process ended it, and this one never heard: only the database knows.
    const endedAt = Date.now();
    await live.knex('refresh_tokens').where({ user_id: user }).update({ revoked_at: new Date() });
    while (closedAt === null && Date.now() - endedAt < 5000) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(closedAt).not.toBeNull();
    expect(closedAt! - endedAt).toBeLessThanOrEqual(5000);
  });

  describe('across processes', () => {
    let other: Server;
    let otherKnex: Knex;
    beforeAll(async () => {
      otherKnex = createKnex(live.config.databaseUrl);
      other = await start(live.config, { knex: otherKnex }, { backgroundJobs: false });
    });
    afterAll(async () => {
      await other?.stop({ timeout: 1000 });
      await otherKnex?.destroy();
    });

    it("reaches a socket held by another server process when this one publishes", async () => {
      const user = await newClient(live.knex);
      const socket = await connectClient(`ws://127.0.0.1:${other.info.port}`, tokenFor(user));
      await subscribeOwn(socket, user);
      const payload = jobEvent();
      await live.server.app.context.events.publish([user], payload);
      expect(await socket.next(isJob(payload.job_id))).toEqual(payload);
    });
  });
});
