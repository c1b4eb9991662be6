/**
 * Quotes over the api (issue 28): the provider of a pending job sends a quote and revises it, the
 * client counters, accepts (the job becomes upcoming for the quote's hours) or declines; every
 * version is kept; stale, expired and answered quotes are refused with a code, and strangers see
 * nothing. Real PostgreSQL, the api in-process.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../src/lib/events.ts';
import { call, useTestServer } from './server.ts';
import { jobWorld, setClock, type JobWorld } from './factories.ts';
import { booked, patch } from './api-factories.ts';
import { outsider } from './jobs-fixtures.ts';

const t = useTestServer();

/** The clock is Monday 2026-11-23 12:00Z (jobWorld); the booking is Tuesday 10:00 to 11:00 in Puerto Rico. */
const validUntil = '2026-11-24T02:00:00Z';

const threeLines = [
  { kind: 'labour_hourly', description: 'Mano de obra', quantity: 2.5, unit_price_cents: 6500, tax_rate: 'standard' },
  { kind: 'material', description: 'Tubo PVC y conexiones', quantity: 3, unit_price_cents: 1299, tax_rate: 'standard' },
  { kind: 'other', description: 'Viaje', quantity: 1, unit_price_cents: 1500, tax_rate: 'exempt' },
];

function quoteBody(overrides: Record<string, unknown> = {}) {
  return { lines: threeLines, hours: 2.5, valid_until: validUntil, note: 'Incluye limpieza.', ...overrides };
}

async function pendingJob(world: JobWorld): Promise<string> {
  return (await booked(t, world)).id;
}

const send = (world: JobWorld, jobId: string, body: Record<string, unknown> = quoteBody(), token = world.providerToken) =>
  call(t.server, 'POST', `/api/v1/jobs/${jobId}/quote`, { token, body });
const answer = (token: string, quoteId: string, what: 'accept' | 'decline' | 'counter', body: Record<string, unknown>) =>
  call(t.server, 'POST', `/api/v1/quotes/${quoteId}/${what}`, { token, body });

describe('a job quote', () => {
  it('is sent, countered, revised with its history kept, and accepted: the job holds the quoted hours', async () => {
    const world = await jobWorld(t);
    const jobId = await pendingJob(world);
    const events: DomainEvent[] = [];
    const stop = t.server.app.context.events.subscribeAll((event) => void events.push(event));

    const sent = await send(world, jobId);
    expect(sent.status).toBe(201);
    // 2.5 × $65 = $162.50 + 3 × $12.99 = $38.97 taxed 11.5 %; $15 exempt.
    expect(sent.body).toMatchObject({
      job_id: jobId,
      status: 'sent',
      version: 1,
      allowed_actions: ['revise'],
      versions: [{ number: 1, subtotal_cents: 21647, tax_cents: 1869 + 448, total_cents: 21647 + 2317, hours: 2.5, note: 'Incluye limpieza.', counter: null }],
    });
    expect(sent.body.versions[0].taxes).toEqual([{ tax_rate: 'standard', basis_points: 1150, taxable_cents: 20147, tax_cents: 2317 }]);
    const quoteId = sent.body.id as string;

    const seen = await call(t.server, 'GET', `/api/v1/jobs/${jobId}/quote`, { token: world.clientToken });
    expect(seen.body).toMatchObject({ id: quoteId, allowed_actions: ['accept', 'decline', 'counter'] });
    const job = await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token: world.clientToken });
    expect(job.body.quote).toEqual({ id: quoteId, status: 'sent', version: 1, total_cents: 23964, valid_until: '2026-11-24T02:00:00.000Z' });

    const countered = await answer(world.clientToken, quoteId, 'counter', { version: 1, message: 'El viaje me parece caro.', line_numbers: [3] });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({ status: 'countered', allowed_actions: ['accept', 'decline'] });
    expect(countered.body.versions[0].counter).toMatchObject({ message: 'El viaje me parece caro.', line_numbers: [3] });
    // One counter per version.
    expect((await answer(world.clientToken, quoteId, 'counter', { version: 1, message: 'Otra vez lo mismo.' })).body.code).toBe('quote_already_answered');

    const revised = await send(world, jobId, quoteBody({ lines: threeLines.slice(0, 2) }));
    expect(revised.status).toBe(201);
    expect(revised.body).toMatchObject({ id: quoteId, status: 'sent', version: 2 });
    expect(revised.body.versions.map((v: { number: number; total_cents: number }) => [v.number, v.total_cents])).toEqual([
      [1, 23964],
      [2, 22464],
    ]);
    expect(revised.body.versions[0].counter.message).toBe('El viaje me parece caro.');

    // Accepting the version the client read before the revision is refused.
    const stale = await answer(world.clientToken, quoteId, 'accept', { version: 1 });
    expect(stale).toMatchObject({ status: 409, body: { code: 'quote_superseded' } });
    const accepted = await answer(world.clientToken, quoteId, 'accept', { version: 2 });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', accepted_version: 2, allowed_actions: [] });
    const upcoming = await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token: world.providerToken });
    expect(upcoming.body).toMatchObject({
      status: 'upcoming',
      estimated_hours: 2.5,
      scheduled_start: '2026-11-24T10:00:00-04:00',
      scheduled_end: '2026-11-24T12:30:00-04:00',
      quote: { id: quoteId, status: 'accepted', version: 2, total_cents: 22464 },
    });
    const history = await call(t.server, 'GET', `/api/v1/jobs/${jobId}/history`, { token: world.providerToken });
    expect(history.body.items.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'upcoming', action: 'accept_quote', actor: 'client' });

    // Answered: no counter, no revision, no second acceptance.
    expect((await answer(world.clientToken, quoteId, 'counter', { version: 2, message: 'Muy tarde ya.' })).body.code).toBe('quote_already_answered');
    expect((await answer(world.clientToken, quoteId, 'accept', { version: 2 })).body.code).toBe('quote_already_answered');
    expect((await send(world, jobId)).body.code).toBe('quote_already_answered');

    await new Promise((resolve) => setTimeout(resolve, 300));
    stop();
    const quoteEvents = events.filter((e) => e.type === 'quote.changed' && e.quote_id === quoteId).map((e) => e.type === 'quote.changed' && [e.status, e.version]);
    expect(quoteEvents).toEqual([
      ['sent', 1],
      ['countered', 1],
      ['sent', 2],
      ['accepted', 2],
    ]);
    expect(events.some((e) => e.type === 'job.changed' && e.job_id === jobId && e.action === 'accept_quote')).toBe(true);
  });

  it('is declined with a reason: the request is cancelled by the client', async () => {
    const world = await jobWorld(t);
    const jobId = await pendingJob(world);
    const quoteId = (await send(world, jobId)).body.id;
    const declined = await answer(world.clientToken, quoteId, 'decline', { reason: 'Conseguí otro precio.' });
    expect(declined.body).toMatchObject({ status: 'declined', decline_reason: 'Conseguí otro precio.' });
    const job = await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token: world.clientToken });
    expect(job.body).toMatchObject({ status: 'cancelled_by_client', quote: { status: 'declined' } });
    expect((await answer(world.clientToken, quoteId, 'accept', { version: 1 })).body.code).toBe('quote_already_answered');
  });

  it('expires at its valid-until: it reads expired and cannot be accepted; a revision with a new date revives it', async () => {
    const world = await jobWorld(t);
    const jobId = await pendingJob(world);
    const quoteId = (await send(world, jobId, quoteBody({ valid_until: '2026-11-23T18:00:00Z' }))).body.id;
    setClock(t, '2026-11-23T18:00:00Z');
    const read = await call(t.server, 'GET', `/api/v1/quotes/${quoteId}`, { token: world.clientToken });
    expect(read.body).toMatchObject({ status: 'expired', allowed_actions: [] });
    expect((await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token: world.clientToken })).body.quote.status).toBe('expired');
    expect(await answer(world.clientToken, quoteId, 'accept', { version: 1 })).toMatchObject({ status: 409, body: { code: 'quote_expired' } });
    expect((await answer(world.clientToken, quoteId, 'counter', { version: 1, message: 'Todavía me interesa.' })).body.code).toBe('quote_expired');
    const revived = await send(world, jobId, quoteBody({ valid_until: '2026-11-24T01:00:00Z' }));
    expect(revived.body).toMatchObject({ status: 'sent', version: 2 });
    expect((await answer(world.clientToken, quoteId, 'accept', { version: 2 })).status).toBe(200);
  });

  it('belongs to its two parties: strangers get 404, the client cannot send, the provider cannot answer', async () => {
    const world = await jobWorld(t);
    const jobId = await pendingJob(world);
    const stranger = await outsider(t);
    expect(await send(world, jobId, quoteBody(), stranger.token)).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
    expect(await send(world, jobId, quoteBody(), world.clientToken)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await call(t.server, 'GET', `/api/v1/jobs/${jobId}/quote`, { token: world.clientToken })).toMatchObject({ status: 404, body: { code: 'quote_not_found' } });
    const quoteId = (await send(world, jobId)).body.id;
    expect(await call(t.server, 'GET', `/api/v1/quotes/${quoteId}`, { token: stranger.token })).toMatchObject({ status: 404, body: { code: 'quote_not_found' } });
    expect(await call(t.server, 'GET', `/api/v1/jobs/${jobId}/quote`, { token: stranger.token })).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
    expect(await answer(stranger.token, quoteId, 'accept', { version: 1 })).toMatchObject({ status: 404, body: { code: 'quote_not_found' } });
    expect(await answer(world.providerToken, quoteId, 'accept', { version: 1 })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await answer(world.providerToken, quoteId, 'decline', { reason: '' })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    // Another provider's request is not this provider's to quote.
    const other = await jobWorld(t, {}, null);
    expect(await send(other, jobId, quoteBody())).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
  });

  it('refuses bad lines with a code and writes nothing', async () => {
    const world = await jobWorld(t);
    const jobId = await pendingJob(world);
    const line = threeLines[1]!;
    const bad = async (body: Record<string, unknown>) => {
      const res = await send(world, jobId, body);
      expect(res.status).toBe(400);
      return res.body;
    };
    expect((await bad(quoteBody({ lines: Array(51).fill(line) }))).details).toEqual({ lines: 'too_long' });
    expect((await bad(quoteBody({ lines: [] }))).details).toEqual({ lines: 'too_short' });
    expect((await bad(quoteBody({ lines: [{ ...line, unit_price_cents: -1 }] }))).code).toBe('validation_failed');
    expect((await bad(quoteBody({ lines: [{ ...line, unit_price_cents: 12.5 }] }))).code).toBe('validation_failed');
    expect((await bad(quoteBody({ lines: [{ ...line, quantity: 1.255 }] }))).code).toBe('validation_failed');
    expect((await bad(quoteBody({ lines: [{ ...line, tax_rate: 'luxury' }] }))).code).toBe('validation_failed');
    expect((await bad(quoteBody({ hours: 0.3 }))).details).toEqual({ hours: expect.any(String) });
    expect((await bad(quoteBody({ valid_until: '2026-11-23T11:00:00Z' }))).details).toEqual({ valid_until: 'out_of_range' });
    expect((await bad(quoteBody({ valid_until: '2027-02-01T00:00:00Z' }))).details).toEqual({ valid_until: 'out_of_range' });
    const huge = { ...line, quantity: 9999, unit_price_cents: 10_000_000 };
    expect((await bad(quoteBody({ lines: [huge] }))).code).toBe('quote_total_too_large');
    expect(await t.knex('quotes').where({ job_id: jobId })).toHaveLength(0);
  });

  it('is refused on a job no longer pending, and reads withdrawn once its job is cancelled', async () => {
    const world = await jobWorld(t);
    const jobId = await pendingJob(world);
    const quoteId = (await send(world, jobId)).body.id;
    expect((await patch(t, world.clientToken, jobId, { action: 'cancel' })).status).toBe(200);
    const read = await call(t.server, 'GET', `/api/v1/quotes/${quoteId}`, { token: world.providerToken });
    expect(read.body).toMatchObject({ status: 'withdrawn', allowed_actions: [] });
    expect((await answer(world.clientToken, quoteId, 'accept', { version: 1 })).body.code).toBe('quote_already_answered');
    const other = await pendingJob(world);
    expect((await patch(t, world.providerToken, other, { action: 'decline' })).status).toBe(200);
    expect(await send(world, other)).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
  });
});

describe("the provider's accept with estimated hours", () => {
  it('records a one-line accepted quote at the rate and the default IVU, when the provider states a rate', async () => {
    const world = await jobWorld(t, { rate: { amount_cents: 6500, unit: 'hour', from: false } });
    await t.knex('providers').where({ id: world.providerId }).update({ default_tax_rate: 'reduced' });
    const jobId = await pendingJob(world);
    const events: DomainEvent[] = [];
    const stop = t.server.app.context.events.subscribeAll((event) => void events.push(event));
    const res = await patch(t, world.providerToken, jobId, { action: 'accept', estimated_hours: 1.5 });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'quote.changed' && e.job_id === jobId && e.status === 'accepted')).toBe(true));
    stop();
    // 1.5 × $65 = $97.50, 4 % = $3.90.
    expect(res.body.quote).toMatchObject({ status: 'accepted', version: 1, total_cents: 9750 + 390 });
    const quote = await call(t.server, 'GET', `/api/v1/jobs/${jobId}/quote`, { token: world.clientToken });
    expect(quote.body).toMatchObject({ status: 'accepted', accepted_version: 1, allowed_actions: [] });
    expect(quote.body.versions[0].lines).toEqual([
      { kind: 'labour_hourly', description: 'Fuga en el fregadero', quantity: 1.5, unit_price_cents: 6500, tax_rate: 'reduced', amount_cents: 9750, tax_cents: 390 },
    ]);

    // The provider picks that rate in their own record; onboarding never asks for it.
    const own = await call(t.server, 'GET', '/api/v1/providers/me', { token: world.providerToken });
    expect(own.body.default_tax_rate).toBe('reduced');
    const changed = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { default_tax_rate: 'exempt' } });
    expect(changed.body.default_tax_rate).toBe('exempt');
    expect((await call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { default_tax_rate: 'luxury' } })).status).toBe(400);

    const noRate = await jobWorld(t, {}, null);
    const plain = await pendingJob(noRate);
    expect((await patch(t, noRate.providerToken, plain, { action: 'accept', estimated_hours: 1 })).body.quote).toBeNull();
  });
});

describe('quote routes in the OpenAPI document', () => {
  it('lists each with its method, and the Quote shape', async () => {
    const res = await call(t.server, 'GET', '/api/v1/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/jobs/{id}/quote', 'post'],
      ['/jobs/{id}/quote', 'get'],
      ['/quotes/{id}', 'get'],
      ['/quotes/{id}/accept', 'post'],
      ['/quotes/{id}/decline', 'post'],
      ['/quotes/{id}/counter', 'post'],
      ['/conversations/{id}/quote', 'post'],
      ['/conversations/{id}/quotes', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    expect(JSON.stringify(res.body)).toContain('QuoteVersion');
  });
});

describe('quote notices', () => {
  const mailsOf = async (userId: string) => {
    const user = await t.knex('users').where({ id: userId }).first('email');
    return t.knex('outbox').where({ to_address: user.email, channel: 'email' }).orderBy('id').select('subject', 'body');
  };

  it('mail the client a quote sent and revised, and the provider a counter-offer and an acceptance, in their language', async () => {
    const world = await jobWorld(t);
    await t.knex('profiles').where({ id: world.providerId }).update({ language: 'en' });
    const jobId = await pendingJob(world);
    const quoteId = (await send(world, jobId)).body.id;
    await vi.waitFor(async () => expect(await mailsOf(world.clientId)).toHaveLength(1));
    const [sentMail] = await mailsOf(world.clientId);
    expect(sentMail.subject).toBe('Cotización: Fuga en el fregadero');
    expect(sentMail.body).toContain('te envió una cotización.');
    expect(sentMail.body).toContain('Total con IVU: $239.64');
    expect(sentMail.body).toContain(`/client/jobs/${jobId}`);

    await answer(world.clientToken, quoteId, 'counter', { version: 1, message: 'El viaje me parece caro.' });
    await vi.waitFor(async () => expect((await mailsOf(world.providerId)).some((m) => m.body.includes('made you a counter-offer.'))).toBe(true));
    await send(world, jobId);
    await vi.waitFor(async () => expect((await mailsOf(world.clientId)).some((m) => m.body.includes('revisó su cotización.'))).toBe(true));
    await answer(world.clientToken, quoteId, 'accept', { version: 2 });
    await vi.waitFor(async () => expect((await mailsOf(world.providerId)).some((m) => m.body.includes('accepted your quote.'))).toBe(true));
  });
});
