/**
 * Real transitions through the jobs api reach the other side at once: on their socket (from a
 * second api process too) and by email, in their language.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import type { JobEvent } from '@resuelve/contract';
import { createKnex } from '../src/db/knex.ts';
import { start } from '../src/server.ts';
import { eventually, useLiveServer } from './server.ts';
import { jobWorld, type JobWorld, tuesday } from './factories.ts';
import { booked, patch } from './api-factories.ts';
import { outboxTo } from './outbox.ts';
import { connectClient, disconnectAll, type LiveClient, subscribeOwn } from './live-fixtures.ts';

const live = useLiveServer();
let other: Server;
let otherKnex: Knex;
let world: JobWorld;
let clientSocket: LiveClient;
let providerSocket: LiveClient;
let providerEmail: string;
let clientEmail: string;

const emailOf = async (id: string) => (await live.knex('users').where({ id }).first('email')).email as string;
const about = (jobId: string, action: string) => (message: unknown) =>
  (message as JobEvent).job_id === jobId && (message as JobEvent).action === action;

beforeAll(async () => {
  otherKnex = createKnex(live.config.databaseUrl);
  other = await start(live.config, { knex: otherKnex }, { backgroundJobs: false });
  world = await jobWorld(live);
  await live.knex('profiles').where({ id: world.providerId }).update({ language: 'en' });
  providerEmail = await emailOf(world.providerId);
  clientEmail = await emailOf(world.clientId);
  // The provider's console is connected to the second process, the client's browser to the first.
  providerSocket = await connectClient(`ws://127.0.0.1:${other.info.port}/api/v1/live`, world.providerToken);
  await subscribeOwn(providerSocket, world.providerId);
  clientSocket = await connectClient(live.url, world.clientToken);
  await subscribeOwn(clientSocket, world.clientId);
});

afterEach(() => {
  clientSocket.received.length = 0;
  providerSocket.received.length = 0;
});

afterAll(async () => {
  await disconnectAll();
  await other?.stop({ timeout: 1000 });
  await otherKnex?.destroy();
});

describe('a booking and its answers, live', () => {
  it('reaches each side on its socket and by email, whichever process holds the socket', async () => {
    const job = await booked(live, world);
    expect(await providerSocket.next(about(job.id, 'book'))).toMatchObject({ type: 'job.changed', status: 'pending', actor: 'client', from_status: null });
    const providerMail = await eventually(
      () => outboxTo(live.knex, providerEmail),
      (rows) => rows.some((row) => row.body.includes(job.id)),
    );
    expect(providerMail.find((row) => row.body.includes(job.id))!.body).toContain('sent you a new job request');

    const proposed = await patch(live, world.providerToken, job.id, { action: 'propose_schedule', scheduled_start: `${tuesday}T14:00:00-04:00`, duration_hours: 1 });
    expect(proposed.status).toBe(200);
    expect(await clientSocket.next(about(job.id, 'propose_schedule'))).toMatchObject({ status: 'schedule_change_pending', actor: 'provider' });
    const clientMail = await eventually(
      () => outboxTo(live.knex, clientEmail),
      (rows) => rows.some((row) => row.body.includes('propone otro horario')),
    );
    // The proposed time, as the client reads it: Tuesday 2:00 p. m. in Puerto Rico.
    expect(clientMail.find((row) => row.body.includes('propone otro horario'))!.body).toMatch(/martes, 24 de noviembre de 2026.*2:00/);

    expect((await patch(live, world.clientToken, job.id, { action: 'accept_schedule' })).status).toBe(200);
    expect(await providerSocket.next(about(job.id, 'accept_schedule'))).toMatchObject({ status: 'upcoming', actor: 'client' });
    // Both sides hear every change, their own too (their other tabs and devices follow).
    // Each socket's own event may still be on its way when the other side's has arrived.
    expect(await clientSocket.next(about(job.id, 'accept_schedule'))).toMatchObject({ status: 'upcoming', actor: 'client' });
    expect(await providerSocket.next(about(job.id, 'propose_schedule'))).toMatchObject({ status: 'schedule_change_pending', actor: 'provider' });
  });
});
