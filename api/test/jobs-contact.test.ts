/**
 * What a provider keeps of a client after a request ends unaccepted: nothing of their contact. The
 * client's email, phone and address (GET /clients) and the job's address go with the cancellation.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { booked, patch } from './api-factories.ts';
import * as clientLinks from '../../migrations/src/20261125_0020_client_links.ts';
import { jobWorld } from './factories.ts';

const t = useTestServer();

const address = 'Calle Luna 12, Ponce';

/** The world of jobWorld, its client with a home address and a verified phone. */
let phones = 0;
async function contactWorld() {
  const world = await jobWorld(t);
  phones += 1;
  await t.knex('client_profiles').insert({ id: world.clientId, address: 'Calle Sol 25', city: 'Ponce', state: 'PR', zip_code: '00730' });
  await t.knex('profiles').where({ id: world.clientId }).update({ phone_number: `78755501${String(phones).padStart(2, '0')}`, phone_verified_at: new Date() });
  return world;
}

async function providerView(world: { providerToken: string; clientId: string }, jobId: string) {
  const job = await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token: world.providerToken });
  const list = await call(t.server, 'GET', '/api/v1/jobs', { token: world.providerToken });
  const client = await call(t.server, 'GET', `/api/v1/clients/${world.clientId}`, { token: world.providerToken });
  const clients = await call(t.server, 'GET', '/api/v1/clients', { token: world.providerToken });
  return {
    jobAddress: job.body.location_address,
    listAddress: (list.body.items as { id: string; location_address: string | null }[]).find((j) => j.id === jobId)?.location_address,
    client: client.status === 200 ? client.body : client.body.code,
    listed: (clients.body.items as { id: string }[]).some((c) => c.id === world.clientId),
  };
}

describe("a client's contact after a request", () => {
  it('is seen by the provider while the request is pending', async () => {
    const world = await contactWorld();
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    const seen = await providerView(world, job.id);
    expect(seen).toMatchObject({ jobAddress: address, listAddress: address, listed: true });
    expect(seen.client).toMatchObject({ id: world.clientId, email: expect.stringContaining('@'), phone: expect.stringMatching(/^78755501/), address: 'Calle Sol 25' });
  });

  it('is gone for the provider once the client cancels before acceptance; the client still sees their own', async () => {
    const world = await contactWorld();
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    expect((await patch(t, world.clientToken, job.id, { action: 'cancel' })).status).toBe(200);
    expect(await providerView(world, job.id)).toEqual({ jobAddress: null, listAddress: null, client: 'not_found', listed: false });
    const own = await call(t.server, 'GET', `/api/v1/jobs/${job.id}`, { token: world.clientToken });
    expect(own.body.location_address).toBe(address);
  });

  it('is gone when the provider declines the request too', async () => {
    const world = await contactWorld();
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    expect((await patch(t, world.providerToken, job.id, { action: 'decline', reason: 'No puedo ese día' })).status).toBe(200);
    expect(await providerView(world, job.id)).toMatchObject({ jobAddress: null, client: 'not_found', listed: false });
  });

  it('stays with the provider when the client cancels after acceptance', async () => {
    const world = await contactWorld();
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    expect((await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: 1 })).status).toBe(200);
    expect((await patch(t, world.clientToken, job.id, { action: 'cancel' })).status).toBe(200);
    const seen = await providerView(world, job.id);
    expect(seen).toMatchObject({ jobAddress: address, listAddress: address, listed: true });
    expect(seen.client).toMatchObject({ id: world.clientId });
  });
});

describe('the client links migration', () => {
  it('rolls back to links through every job and forward again', async () => {
    const world = await contactWorld();
    const job = await booked(t, world);
    await patch(t, world.clientToken, job.id, { action: 'cancel' });
    const linked = async () => (await t.knex('provider_client_links').where({ provider_id: world.providerId, client_id: world.clientId })).length;
    expect(await linked()).toBe(0);
    await clientLinks.down(t.knex);
    expect(await linked()).toBe(1);
    await clientLinks.up(t.knex);
    expect(await linked()).toBe(0);
  });
});
