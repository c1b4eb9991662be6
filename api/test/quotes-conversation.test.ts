/**
 * A quote before any booking (issue 28): the provider of a conversation offers a job at a price;
 * both people read the conversation's quotes; a second offer while one is open revises it; the
 * client's acceptance books the job (upcoming, the quote's hours) with the booking's checks, and a
 * time taken meanwhile is 409 slot_already_booked with nothing written.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { jobWorld, newConversation, tuesday, type JobWorld } from './factories.ts';
import { booked } from './api-factories.ts';
import { outsider } from './jobs-fixtures.ts';

const t = useTestServer();

function offerBody(world: JobWorld, overrides: Record<string, unknown> = {}) {
  return {
    lines: [
      { kind: 'labour_fixed', description: 'Instalar calentador', quantity: 1, unit_price_cents: 15000, tax_rate: 'standard' },
      { kind: 'material', description: 'Calentador de 40 galones', quantity: 1, unit_price_cents: 42999, tax_rate: 'standard' },
    ],
    hours: 2,
    valid_until: '2026-11-24T02:00:00Z',
    offer: { category_id: world.categoryId, title: 'Instalar calentador', scheduled_start: `${tuesday}T13:00:00-04:00`, location_type: 'on_site' },
    ...overrides,
  };
}

describe('a quote in a conversation', () => {
  it('is offered by the provider, read by both, revised while open, and accepted: the job is booked upcoming', async () => {
    const world = await jobWorld(t);
    const conversationId = await newConversation(t.knex, { clientId: world.clientId, providerId: world.providerId });
    const url = `/api/v1/conversations/${conversationId}/quote`;
    expect(await call(t.server, 'POST', url, { token: world.clientToken, body: offerBody(world) })).toMatchObject({ status: 403 });
    const stranger = await outsider(t);
    expect(await call(t.server, 'POST', url, { token: stranger.token, body: offerBody(world) })).toMatchObject({ status: 404, body: { code: 'conversation_not_found' } });
    // The offered time is checked as a booking would be.
    const closed = await call(t.server, 'POST', url, { token: world.providerToken, body: offerBody(world, { offer: { ...offerBody(world).offer, scheduled_start: `${tuesday}T22:00:00-04:00` } }) });
    expect(closed).toMatchObject({ status: 409, body: { code: 'outside_business_hours' } });

    const sent = await call(t.server, 'POST', url, { token: world.providerToken, body: offerBody(world) });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ job_id: null, conversation_id: conversationId, status: 'sent', version: 1, offer: { title: 'Instalar calentador', location_address: null } });
    const revised = await call(t.server, 'POST', url, { token: world.providerToken, body: offerBody(world, { hours: 3 }) });
    expect(revised.body).toMatchObject({ id: sent.body.id, version: 2 });

    const list = await call(t.server, 'GET', `/api/v1/conversations/${conversationId}/quotes`, { token: world.clientToken });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ id: sent.body.id, allowed_actions: ['accept', 'decline', 'counter'] });
    expect((await call(t.server, 'GET', `/api/v1/conversations/${conversationId}/quotes`, { token: stranger.token })).status).toBe(404);

    const accepted = await call(t.server, 'POST', `/api/v1/quotes/${sent.body.id}/accept`, { token: world.clientToken, body: { version: 2 } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', accepted_version: 2, job_id: expect.any(String) });
    const job = await call(t.server, 'GET', `/api/v1/jobs/${accepted.body.job_id}`, { token: world.providerToken });
    expect(job.body).toMatchObject({
      status: 'upcoming',
      client_id: world.clientId,
      title: 'Instalar calentador',
      scheduled_start: `${tuesday}T13:00:00-04:00`,
      scheduled_end: `${tuesday}T16:00:00-04:00`,
      quote: { id: sent.body.id, status: 'accepted', version: 2 },
    });
    const history = await call(t.server, 'GET', `/api/v1/jobs/${accepted.body.job_id}/history`, { token: world.clientToken });
    expect(history.body.items).toEqual([expect.objectContaining({ from_status: null, to_status: 'upcoming', action: 'accept_quote', actor: 'client' })]);
  });

  it('is refused when its time was taken meanwhile, and writes nothing', async () => {
    const world = await jobWorld(t);
    const conversationId = await newConversation(t.knex, { clientId: world.clientId, providerId: world.providerId });
    const sent = await call(t.server, 'POST', `/api/v1/conversations/${conversationId}/quote`, { token: world.providerToken, body: offerBody(world) });
    await booked(t, world, { scheduled_start: `${tuesday}T14:00:00-04:00` });
    const accepted = await call(t.server, 'POST', `/api/v1/quotes/${sent.body.id}/accept`, { token: world.clientToken, body: { version: 1 } });
    expect(accepted).toMatchObject({ status: 409, body: { code: 'slot_already_booked' } });
    expect(await t.knex('quotes').where({ id: sent.body.id }).first('status', 'job_id')).toEqual({ status: 'sent', job_id: null });
    // Declined instead: no job, the quote declined.
    const declined = await call(t.server, 'POST', `/api/v1/quotes/${sent.body.id}/decline`, { token: world.clientToken, body: { reason: '' } });
    expect(declined.body).toMatchObject({ status: 'declined', job_id: null, decline_reason: null });
  });
});
