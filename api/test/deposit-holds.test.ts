/**
 * A quote accepted with a deposit (issue 29, jobs' side): the job stays pending with the deposit and
 * a hold on the provider's time; it becomes upcoming once a deposit payment is read back paid (the
 * payments module's event or the sweep, once), or expires when the hold passes unpaid, freeing the
 * time; an open payment at the hold's end is waited for. No deposit without a connected account,
 * with the rule none, or under $1. Real PostgreSQL, payment rows inserted as the payments lane
 * records them.
 */
import { describe, expect, it } from 'vitest';
import { paymentLimits } from '@resuelve/contract';
import { backgroundJobs } from '../src/background/index.ts';
import { call, eventually, useTestServer } from './server.ts';
import { jobWorld, newConversation, setClock, tuesday, type JobWorld } from './factories.ts';
import { book, booked, patch } from './api-factories.ts';
import { outsider } from './jobs-fixtures.ts';
import { connectAccount, depositRule, insertPayment, share } from './deposit-fixtures.ts';
import { outboxTo } from './outbox.ts';

const t = useTestServer();

/** $123.45, one exempt line: a 20 % deposit is 2469 cents (2469.0). */
const lines = [{ kind: 'labour_fixed', description: 'Reparar tubería', quantity: 1, unit_price_cents: 12345, tax_rate: 'exempt' }];
const quoteBody = { lines, hours: 2, valid_until: '2026-11-24T02:00:00Z' };
const context = () => t.server.app.context;
const sweep = () => backgroundJobs['deposit-holds'](context());

/** A world whose provider takes ATH Móvil and asks `percent` % (none when null). */
async function world(percent: number | null = 20, account = true): Promise<JobWorld> {
  const made = await jobWorld(t);
  if (account) await connectAccount(t.knex, made.providerId);
  if (percent !== null) await depositRule(t.knex, made, share(percent));
  return made;
}

/** A pending request of the world with a quote sent; answers the job's and the quote's ids. */
async function quoted(w: JobWorld, body: Record<string, unknown> = quoteBody) {
  const jobId = (await booked(t, w)).id;
  const sent = await call(t.server, 'POST', `/api/v1/jobs/${jobId}/quote`, { token: w.providerToken, body });
  expect(sent.status).toBe(201);
  return { jobId, quoteId: sent.body.id as string, deposit: sent.body.deposit_cents as number };
}

const accept = (w: JobWorld, quoteId: string) => call(t.server, 'POST', `/api/v1/quotes/${quoteId}/accept`, { token: w.clientToken, body: { version: 1 } });
const jobOf = (w: JobWorld, jobId: string, token = w.clientToken) => call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token });
const historyOf = async (w: JobWorld, jobId: string) => (await call(t.server, 'GET', `/api/v1/jobs/${jobId}/history`, { token: w.clientToken })).body.items as { action: string; actor: string; to_status: string }[];

describe('accepting a quote that asks for a deposit', () => {
  it('holds the job pending with the deposit and the hold; the provider may only decline, the client cancel', async () => {
    const w = await world(20);
    const { jobId, quoteId, deposit } = await quoted(w);
    expect(deposit).toBe(2469);
    const accepted = await accept(w, quoteId);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', deposit_cents: 2469 });

    const now = context().clock.now();
    const holdUntil = new Date(now.getTime() + paymentLimits.holdMinutes * 60_000).toISOString();
    const job = await jobOf(w, jobId);
    expect(job.body).toMatchObject({ status: 'pending', estimated_hours: 2, deposit: { amount_cents: 2469, hold_until: holdUntil, state: 'due' }, allowed_actions: ['cancel'] });
    expect(job.body.quote).toMatchObject({ status: 'accepted' });
    const forProvider = await jobOf(w, jobId, w.providerToken);
    expect(forProvider.body.allowed_actions).toEqual(['decline']);
    // It waits on the client now, not on the provider: not among the requests to answer.
    expect((await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: w.providerToken })).body.pending).toBe(0);
    expect(await t.knex('jobs').where({ id: jobId }).first('deposit_cents', 'deposit_hold_until')).toEqual({ deposit_cents: 2469, deposit_hold_until: new Date(holdUntil) });
    expect((await historyOf(w, jobId)).at(-1)).toMatchObject({ action: 'accept_quote_deposit_due', actor: 'client', to_status: 'pending' });

    // The client already accepted: no accept or other time from the provider meanwhile.
    const refused = await patch(t, w.providerToken, jobId, { action: 'accept', estimated_hours: 2 });
    expect(refused).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
    expect((await patch(t, w.providerToken, jobId, { action: 'propose_schedule', scheduled_start: '2026-11-24T14:00:00-04:00', duration_hours: 1 })).status).toBe(409);
    // The provider hears of it in words of its own.
    const providerEmail = (await t.knex('users').where({ id: w.providerId }).first('email')).email as string;
    const dueMail = (row: { body: string }) => row.body.includes('cuando pague el depósito');
    expect((await eventually(() => outboxTo(t.knex, providerEmail), (rows) => rows.some(dueMail))).some(dueMail)).toBe(true);
    // A stranger still sees nothing.
    const stranger = await outsider(t);
    expect((await jobOf(w, jobId, stranger.token)).status).toBe(404);
  });

  it('asks none without a connected account, with the rule none, or under $1: the job becomes upcoming', async () => {
    // 1 % of $50.00 is 50 cents, under what one payment can carry.
    const fifty = { ...quoteBody, lines: [{ ...lines[0], unit_price_cents: 5000 }] };
    const cases: [JobWorld, Record<string, unknown>][] = [
      [await world(20, false), quoteBody],
      [await world(null), quoteBody],
      [await world(1), fifty],
    ];
    for (const [made, body] of cases) {
      const { jobId, quoteId, deposit } = await quoted(made, body);
      expect(deposit).toBe(0);
      expect((await accept(made, quoteId)).body.deposit_cents).toBe(0);
      expect((await jobOf(made, jobId)).body).toMatchObject({ status: 'upcoming', deposit: null });
      expect((await historyOf(made, jobId)).at(-1)!.action).toBe('accept_quote');
    }
  });

  it('lets the client cancel for free while it is due: the hold ends and nothing is owed', async () => {
    const w = await world(20);
    const { jobId, quoteId } = await quoted(w);
    await accept(w, quoteId);
    const cancelled = await patch(t, w.clientToken, jobId, { action: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled_by_client', fee_cents: null, deposit: { amount_cents: 2469, hold_until: null, state: 'released' } });
    expect((await t.knex('jobs').where({ id: jobId }).first('deposit_hold_until')).deposit_hold_until).toBeNull();
  });
});

describe('the provider declining while the deposit is due', () => {
  it('cancels the job and ends the hold; a deposit paid later does not bring it back', async () => {
    const w = await world(20);
    const { jobId, quoteId } = await quoted(w);
    await accept(w, quoteId);
    const declined = await patch(t, w.providerToken, jobId, { action: 'decline', reason: 'Ya no tengo ese día.' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'cancelled', deposit: { hold_until: null, state: 'released' } });
    await insertPayment(t.knex, w, jobId, { amount: 2469 });
    await sweep();
    expect((await jobOf(w, jobId)).body.status).toBe('cancelled');
    expect((await historyOf(w, jobId)).some((step) => step.action === 'deposit_paid')).toBe(false);
  });
});

describe("a conversation's quote accepted with a deposit", () => {
  it('books the job pending with the hold (created as accept_quote_deposit_due), then confirms it once paid', async () => {
    const w = await world(20);
    const conversationId = await newConversation(t.knex, { clientId: w.clientId, providerId: w.providerId });
    const offer = { category_id: w.categoryId, title: 'Instalar calentador', scheduled_start: `${tuesday}T13:00:00-04:00`, location_type: 'on_site' };
    const sent = await call(t.server, 'POST', `/api/v1/conversations/${conversationId}/quote`, { token: w.providerToken, body: { ...quoteBody, offer } });
    expect(sent.body).toMatchObject({ job_id: null, deposit_cents: 2469 });
    const accepted = await accept(w, sent.body.id);
    expect(accepted.body).toMatchObject({ status: 'accepted', deposit_cents: 2469, job_id: expect.any(String) });
    const jobId = accepted.body.job_id as string;
    expect((await jobOf(w, jobId)).body).toMatchObject({ status: 'pending', deposit: { amount_cents: 2469, state: 'due' }, allowed_actions: ['cancel'] });
    expect(await historyOf(w, jobId)).toEqual([expect.objectContaining({ action: 'accept_quote_deposit_due', to_status: 'pending', actor: 'client' })]);
    await insertPayment(t.knex, w, jobId, { amount: 2469 });
    await sweep();
    expect((await jobOf(w, jobId)).body).toMatchObject({ status: 'upcoming', scheduled_end: `${tuesday}T15:00:00-04:00`, deposit: { state: 'paid' } });
  });
});

describe('the deposit read back paid', () => {
  // The file's jobs share one database: each test reads its own job, not the sweep's count.
  it('confirms the job once by the sweep: upcoming, one history row however often it runs', async () => {
    const w = await world(20);
    const { jobId, quoteId } = await quoted(w);
    await accept(w, quoteId);
    await sweep();
    expect((await jobOf(w, jobId)).body.status).toBe('pending');
    await insertPayment(t.knex, w, jobId, { amount: 2469 });
    await sweep();
    await sweep();
    const job = await jobOf(w, jobId, w.providerToken);
    expect(job.body).toMatchObject({ status: 'upcoming', deposit: { amount_cents: 2469, hold_until: null, state: 'paid' } });
    expect(job.body.allowed_actions).toContain('cancel');
    const paid = (await historyOf(w, jobId)).filter((step) => step.action === 'deposit_paid');
    expect(paid).toEqual([expect.objectContaining({ actor: 'system', to_status: 'upcoming' })]);
    expect(await t.knex('jobs').where({ id: jobId }).first('deposit_cents', 'deposit_hold_until')).toEqual({ deposit_cents: 2469, deposit_hold_until: null });
  });

  it('confirms the job by the payments event too, and an event repeated changes nothing twice', async () => {
    const w = await world(20);
    const { jobId, quoteId } = await quoted(w);
    await accept(w, quoteId);
    const paymentId = await insertPayment(t.knex, w, jobId, { amount: 2469 });
    const event = { type: 'payment.changed' as const, job_id: jobId, payment_id: paymentId, status: 'paid' as const, purpose: 'deposit' as const, amount_cents: 2469, refunded_cents: 0, at: new Date().toISOString() };
    await Promise.all([context().events.publish([w.clientId, w.providerId], event), context().events.publish([w.clientId, w.providerId], event)]);
    const job = await eventually(() => jobOf(w, jobId), (read) => read.body.status === 'upcoming');
    expect(job.body.status).toBe('upcoming');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await historyOf(w, jobId)).filter((step) => step.action === 'deposit_paid')).toHaveLength(1);
    await sweep();
  });

  it('is not taken from another payment: an open deposit, a paid balance or an event saying open confirm nothing', async () => {
    const w = await world(20);
    const { jobId, quoteId } = await quoted(w);
    await accept(w, quoteId);
    const open = await insertPayment(t.knex, w, jobId, { amount: 2469, status: 'open', expiresAt: new Date(context().clock.now().getTime() + 600_000) });
    await insertPayment(t.knex, w, jobId, { amount: 2469, purpose: 'balance' });
    await context().events.publish([w.clientId], { type: 'payment.changed', job_id: jobId, payment_id: open, status: 'open', purpose: 'deposit', amount_cents: 2469, refunded_cents: 0, at: new Date().toISOString() });
    await sweep();
    expect((await jobOf(w, jobId)).body.status).toBe('pending');
  });
});

describe('the hold passed unpaid', () => {
  it('expires the job, withdraws the quote, tells both sides and frees the time for a new booking', async () => {
    const w = await world(20);
    const { jobId, quoteId } = await quoted(w);
    await accept(w, quoteId);
    const clock = setClock(t, context().clock.now().toISOString());
    clock.advance((paymentLimits.holdMinutes - 1) * 60_000);
    await sweep();
    expect((await jobOf(w, jobId)).body.status).toBe('pending');
    clock.advance(2 * 60_000);
    await sweep();
    const job = await jobOf(w, jobId);
    expect(job.body).toMatchObject({ status: 'expired', deposit: { amount_cents: 2469, hold_until: null, state: 'released' }, quote: { status: 'withdrawn' } });
    await sweep();
    expect((await historyOf(w, jobId)).filter((step) => step.action === 'deposit_expired')).toEqual([expect.objectContaining({ actor: 'system', to_status: 'expired' })]);
    const released = (row: { body: string }) => row.body.includes('no se pagó a tiempo');
    for (const id of [w.clientId, w.providerId]) {
      const email = (await t.knex('users').where({ id }).first('email')).email as string;
      expect((await eventually(() => outboxTo(t.knex, email), (rows) => rows.some(released))).some(released)).toBe(true);
    }
    // The same time can be booked again.
    const again = await book(t, w);
    expect(again.status).toBe(201);
  });

  it('waits for a deposit still open on the phone until its own expiry, then releases', async () => {
    const w = await world(20);
    const { jobId, quoteId } = await quoted(w);
    await accept(w, quoteId);
    const clock = setClock(t, context().clock.now().toISOString());
    clock.advance((paymentLimits.holdMinutes - 5) * 60_000);
    const expiresAt = new Date(clock.now().getTime() + paymentLimits.timeoutSeconds * 1000);
    const payment = await insertPayment(t.knex, w, jobId, { amount: 2469, status: 'open', expiresAt });
    clock.advance(6 * 60_000);
    await sweep();
    expect((await jobOf(w, jobId)).body).toMatchObject({ status: 'pending', deposit: { state: 'due' } });
    // Read back expired: nothing more to wait for.
    await t.knex('payments').where({ id: payment }).update({ status: 'expired', expires_at: null });
    await sweep();
    expect((await jobOf(w, jobId)).body.status).toBe('expired');
  });

  it('confirms an open deposit read back paid after the hold, before its own expiry', async () => {
    const w = await world(20);
    const { jobId, quoteId } = await quoted(w);
    await accept(w, quoteId);
    const clock = setClock(t, context().clock.now().toISOString());
    const payment = await insertPayment(t.knex, w, jobId, { amount: 2469, status: 'open', expiresAt: new Date(clock.now().getTime() + 40 * 60_000) });
    clock.advance((paymentLimits.holdMinutes + 2) * 60_000);
    await sweep();
    expect((await jobOf(w, jobId)).body.status).toBe('pending');
    await t.knex('payments').where({ id: payment }).update({ status: 'paid', paid_at: clock.now() });
    await sweep();
    expect((await jobOf(w, jobId)).body.status).toBe('upcoming');
  });
});
