/**
 * What a provider sees of a client's place and contact (decision record 0030): before the job is
 * accepted, the municipality only; once accepted (or created by the provider), the address to go to
 * and the client's phone or email by their preferred contact; after a request ends unaccepted,
 * nothing of their contact. The client always sees their own.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { booked, patch } from './api-factories.ts';
import * as clientLinks from '../../migrations/src/20261125_0020_client_links.ts';
import * as contactAfterAcceptance from '../../migrations/src/20261125_0025_contact_after_acceptance.ts';
import { jobWorld, tuesday } from './factories.ts';

const t = useTestServer();

const address = 'Calle Luna 12, Bo. Coto Laurel, Ponce';

/** The world of jobWorld, its client with a home address in Ponce, a verified phone and a preferred contact. */
let phones = 0;
async function contactWorld(preferred: 'email' | 'phone' | 'sms' = 'phone') {
  const world = await jobWorld(t);
  phones += 1;
  await t.knex('client_profiles').insert({ id: world.clientId, address: 'Calle Sol 25', city: 'Ponce', state: 'PR', zip_code: '00730', preferred_contact: preferred });
  await t.knex('profiles').where({ id: world.clientId }).update({ phone_number: `78755501${String(phones).padStart(2, '0')}`, phone_verified_at: new Date() });
  return world;
}

async function providerView(world: { providerToken: string; clientId: string }, jobId: string) {
  const job = await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token: world.providerToken });
  const list = await call(t.server, 'GET', '/api/v1/jobs', { token: world.providerToken });
  const client = await call(t.server, 'GET', `/api/v1/clients/${world.clientId}`, { token: world.providerToken });
  const clients = await call(t.server, 'GET', '/api/v1/clients', { token: world.providerToken });
  const listed = (list.body.items as { id: string; location_address: string | null; place: unknown; client_contact: unknown }[]).find((j) => j.id === jobId);
  return {
    jobAddress: job.body.location_address,
    place: job.body.place,
    contact: job.body.client_contact,
    listAddress: listed?.location_address,
    listPlace: listed?.place,
    listContact: listed?.client_contact,
    client: client.status === 200 ? client.body : client.body.code,
    listed: (clients.body.items as { id: string }[]).some((c) => c.id === world.clientId),
  };
}

describe("a client's place and contact before acceptance", () => {
  it('shows the provider of a pending request the municipality only: no address, no phone, no client record', async () => {
    const world = await contactWorld();
    const job = await booked(t, world);
    const seen = await providerView(world, job.id);
    expect(seen).toMatchObject({ place: { municipality: 'Ponce', address: null }, contact: null, listPlace: { municipality: 'Ponce', address: null }, listContact: null });
    expect(seen).toMatchObject({ client: 'not_found', listed: false });
    expect(JSON.stringify(seen)).not.toMatch(/Calle Sol|78755501/);
  });

  it('keeps a custom address from the provider until acceptance, naming its municipality', async () => {
    const world = await contactWorld();
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    const seen = await providerView(world, job.id);
    expect(seen).toMatchObject({ jobAddress: null, listAddress: null, place: { municipality: 'Ponce', address: null }, contact: null });
    expect(JSON.stringify(seen)).not.toContain('Calle Luna');
  });

  it('still hides them while a proposed time waits for the client', async () => {
    const world = await contactWorld();
    const job = await booked(t, world);
    const proposed = await patch(t, world.providerToken, job.id, { action: 'propose_schedule', scheduled_start: `${tuesday}T14:00:00-04:00`, duration_hours: 1 });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ status: 'schedule_change_pending', place: { address: null }, client_contact: null });
  });

  it('shows the client their own address all along', async () => {
    const world = await contactWorld();
    const job = await booked(t, world);
    const own = await call(t.server, 'GET', `/api/v1/jobs/${job.id}`, { token: world.clientToken });
    expect(own.body).toMatchObject({ place: { municipality: 'Ponce', address: 'Calle Sol 25, Ponce, PR 00730' }, client_contact: null });
  });
});

describe("a client's place and contact after acceptance", () => {
  it('gives the provider the home address and the phone of a client who prefers calls, in the answer to accept and after', async () => {
    const world = await contactWorld('phone');
    const job = await booked(t, world);
    const accepted = await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: 1 });
    expect(accepted.body).toMatchObject({
      place: { municipality: 'Ponce', address: 'Calle Sol 25, Ponce, PR 00730' },
      client_contact: { preferred_contact: 'phone', phone: expect.stringMatching(/^78755501/), email: null },
    });
    const seen = await providerView(world, job.id);
    expect(seen).toMatchObject({ place: accepted.body.place, contact: accepted.body.client_contact, listContact: accepted.body.client_contact, listed: true });
  });

  it('gives the custom address once the client agrees to a proposed time', async () => {
    const world = await contactWorld('sms');
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    await patch(t, world.providerToken, job.id, { action: 'propose_schedule', scheduled_start: `${tuesday}T14:00:00-04:00`, duration_hours: 1 });
    expect((await patch(t, world.clientToken, job.id, { action: 'accept_schedule' })).status).toBe(200);
    const seen = await providerView(world, job.id);
    expect(seen).toMatchObject({ jobAddress: address, place: { municipality: 'Ponce', address }, contact: { preferred_contact: 'sms', phone: expect.stringMatching(/^78755501/) } });
  });

  it('gives the email, not the phone, of a client who prefers email', async () => {
    const world = await contactWorld('email');
    const job = await booked(t, world);
    await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: 1 });
    const seen = await providerView(world, job.id);
    expect(seen.contact).toEqual({ preferred_contact: 'email', phone: null, email: expect.stringContaining('@') });
  });

  it('gives both to a provider who created the job for the client', async () => {
    const world = await contactWorld();
    const first = await booked(t, world);
    await patch(t, world.providerToken, first.id, { action: 'accept', estimated_hours: 1 });
    const created = await call(t.server, 'POST', '/api/v1/jobs/provider-create', {
      token: world.providerToken,
      body: {
        client_id: world.clientId,
        category_id: world.categoryId,
        title: 'Revisión del calentador',
        scheduled_start: `${tuesday}T15:00:00-04:00`,
        duration_hours: 1,
        location_type: 'client_location',
        location_address: 'Urb. Las Delicias 4, Juana Díaz',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'upcoming', place: { municipality: 'Juana Díaz', address: 'Urb. Las Delicias 4, Juana Díaz' }, client_contact: { phone: expect.any(String) } });
  });

  it('stays with the provider when the client cancels after acceptance', async () => {
    const world = await contactWorld();
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    expect((await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: 1 })).status).toBe(200);
    expect((await patch(t, world.clientToken, job.id, { action: 'cancel' })).status).toBe(200);
    const seen = await providerView(world, job.id);
    expect(seen).toMatchObject({ jobAddress: address, listAddress: address, listed: true, place: { address } });
    expect(seen.client).toMatchObject({ id: world.clientId });
  });
});

describe("a client's contact after a request ends unaccepted", () => {
  it('is not the provider\'s once the client cancels; the client still sees their own', async () => {
    const world = await contactWorld();
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    expect((await patch(t, world.clientToken, job.id, { action: 'cancel' })).status).toBe(200);
    expect(await providerView(world, job.id)).toMatchObject({ jobAddress: null, listAddress: null, contact: null, client: 'not_found', listed: false });
    const own = await call(t.server, 'GET', `/api/v1/jobs/${job.id}`, { token: world.clientToken });
    expect(own.body.location_address).toBe(address);
  });

  it('is not the provider\'s when they decline the request either', async () => {
    const world = await contactWorld();
    const job = await booked(t, world, { location_type: 'client_location', location_address: address });
    expect((await patch(t, world.providerToken, job.id, { action: 'decline', reason: 'No puedo ese día' })).status).toBe(200);
    expect(await providerView(world, job.id)).toMatchObject({ jobAddress: null, place: { address: null }, client: 'not_found', listed: false });
  });
});

describe('the client links migrations', () => {
  it('roll back to links through a pending request (0025) and through every job (0020), and forward again', async () => {
    const world = await contactWorld();
    const pending = await booked(t, world);
    const linked = async () => (await t.knex('provider_client_links').where({ provider_id: world.providerId, client_id: world.clientId })).length;
    expect(await linked()).toBe(0);
    await contactAfterAcceptance.down(t.knex);
    expect(await linked()).toBe(1);
    await patch(t, world.clientToken, pending.id, { action: 'cancel' });
    expect(await linked()).toBe(0);
    await clientLinks.down(t.knex);
    expect(await linked()).toBe(1);
    await clientLinks.up(t.knex);
    await contactAfterAcceptance.up(t.knex);
    expect(await linked()).toBe(0);
  });
});
