/**
 * Payments against the ATH Móvil emulator (issue 29, acceptance 1): paid, declined, expired,
 * cancelled by the customer, refunded in full and in part, a lost notification found by the
 * reconciler, 20 duplicate notifications at once, forged notifications, a wrong amount or another
 * job's id refused, and the api restarted between authorization and completion (recorded once).
 */
import { describe, expect, it } from 'vitest';
import { reconcilePayments } from '../src/modules/payments/index.ts';
import { setClock } from './factories.ts';
import {
  call,
  connectedWorld,
  emulate,
  emulated,
  emulatorProcessor,
  jobWithDeposit,
  notificationsOn,
  paymentStatus,
  settle,
  startDeposit,
  startPaymentsServer,
  unheardDeposit,
  usePaymentsServer,
  crashingAfterAuthorize,
} from './payments-fixtures.ts';

const t = usePaymentsServer();
const reconcile = () => reconcilePayments(t.server.app.context, (error) => { throw error; });

describe('a deposit paid on the phone', () => {
  it('is counted once read back: authorized, paid with its reference, the deposit paid on the job', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world, 2500);
    const payment = await startDeposit(t, world, job);
    expect(payment.body).toMatchObject({ purpose: 'deposit', method: 'athmovil', status: 'open', amount_cents: 2500, demo: true });
    expect(payment.body.phone_url).toContain('/phone?number=7875550101');
    // The processor got the job's and the payment's ids, and one line.
    const atEmulator = t.emulator.state.get(payment.ecommerceId)!;
    expect(atEmulator).toMatchObject({ metadata1: job, metadata2: payment.id, totalCents: 2500, phone: '7875550101' });
    expect(atEmulator.items).toHaveLength(1);
    expect(atEmulator.items[0]!.name).toBe('Depósito — Reparar tubería');

    await emulate(t, payment.ecommerceId, 'approve');
    await settle(t);
    const row = await paymentStatus(t, payment.id);
    expect(row.status).toBe('paid');
    expect(row.reference).toMatch(/^\d+-[0-9a-f]+$/);
    expect((await emulated(t, payment.ecommerceId)).counters.authorization).toBe(1);

    const money = await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token: world.clientToken });
    expect(money.status).toBe(200);
    expect(money.body).toMatchObject({ deposit: { state: 'paid', amount_cents: 2500 }, paid_cents: 2500, pending_cents: 0, can_pay: null, accepts_athmovil: true, demo: true });
    expect(money.body.payments[0]).toMatchObject({ status: 'paid', reference: row.reference, expires_at: null, phone_url: null });
    // The business the first payment named is remembered.
    const account = await t.knex('payment_accounts').where({ provider_id: world.providerId }).first('business_customer_id', 'business_name');
    expect(account.business_customer_id).toBe(atEmulator.business.businessCustomerId);
    expect((await call(t, 'GET', '/api/v1/providers/me/payment-account', { token: world.providerToken })).body.business_name).toBe(atEmulator.business.name);
  });

  it('asking again while one is open answers the same open payment; asking for the balance then is 409', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world, 3000);
    const first = await startDeposit(t, world, job);
    const again = await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token: world.clientToken, body: { purpose: 'deposit', phone: '7875550101' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    const balance = await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token: world.clientToken, body: { purpose: 'balance', phone: '7875550101' } });
    expect(balance.status).toBe(409);
    expect(balance.body.code).toBe('payment_already_open');
  });

  it('is declined when the card refuses the authorization', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    const payment = await startDeposit(t, world, job);
    await emulate(t, payment.ecommerceId, 'approve-declined');
    await settle(t);
    expect(await paymentStatus(t, payment.id)).toMatchObject({ status: 'declined', failure_code: 'BTRA_0045' });
    // Declined, the deposit may be tried again.
    const money = await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token: world.clientToken });
    expect(money.body).toMatchObject({ can_pay: 'deposit', paid_cents: 0 });
  });

  it('expires: the processor says CANCEL after the timeout, or the reconciler cancels one left open past it', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    const clock = setClock(t, new Date().toISOString());
    const first = await startDeposit(t, world, job);
    clock.advance(11 * 60_000);
    await emulate(t, first.ecommerceId, 'expire');
    await settle(t);
    expect((await paymentStatus(t, first.id)).status).toBe('expired');

    await t.knex('jobs').where({ id: job }).update({ deposit_hold_until: new Date(clock.now().getTime() + 30 * 60_000) });
    const second = await startDeposit(t, world, job);
    clock.advance(10 * 60_000 + 30_000); // inside the grace: still left to the processor
    await reconcile();
    expect((await paymentStatus(t, second.id)).status).toBe('open');
    clock.advance(60_000);
    await reconcile();
    expect((await paymentStatus(t, second.id)).status).toBe('expired');
    expect(await emulated(t, second.ecommerceId)).toMatchObject({ status: 'CANCEL', counters: { cancel: 1, authorization: 0 } });
    setClock(t, new Date().toISOString());
  });

  it('is cancelled by the customer, here or on the phone', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    const here = await startDeposit(t, world, job);
    const cancelled = await call(t, 'POST', `/api/v1/payments/${here.id}/cancel`, { token: world.clientToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await call(t, 'POST', `/api/v1/payments/${here.id}/cancel`, { token: world.clientToken })).body.code).toBe('payment_not_open');

    const phone = await startDeposit(t, world, job);
    await emulate(t, phone.ecommerceId, 'cancel');
    await settle(t);
    expect((await paymentStatus(t, phone.id)).status).toBe('cancelled');
  });
});

describe('refunds', () => {
  it('the provider refunds in part, then the rest; more than what is left is refused', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world, 5000);
    const payment = await startDeposit(t, world, job);
    await emulate(t, payment.ecommerceId, 'approve');
    await settle(t);
    const part = await call(t, 'POST', `/api/v1/payments/${payment.id}/refunds`, { token: world.providerToken, body: { amount_cents: 1250, message: 'Parte del depósito' } });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ status: 'paid', refunded_cents: 1250, refunds: [{ amount_cents: 1250, reason: 'by_provider', message: 'Parte del depósito' }] });
    expect(part.body.refunds[0].reference).toMatch(/^\d+-/);
    const tooMuch = await call(t, 'POST', `/api/v1/payments/${payment.id}/refunds`, { token: world.providerToken, body: { amount_cents: 3751 } });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('refund_too_large');
    const rest = await call(t, 'POST', `/api/v1/payments/${payment.id}/refunds`, { token: world.providerToken, body: { amount_cents: 3750 } });
    expect(rest.body.refunded_cents).toBe(5000);
    expect((await emulated(t, payment.ecommerceId)).refunded_cents).toBe(5000);
    const money = await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token: world.clientToken });
    expect(money.body).toMatchObject({ paid_cents: 5000, refunded_cents: 5000 });
  });

  it('a payment recorded another way is refunded without the processor; an open one cannot be', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    const other = await call(t, 'POST', `/api/v1/jobs/${job}/payments/other`, { token: world.providerToken, body: { amount_cents: 4000, method: 'cash', note: 'En efectivo' } });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ purpose: 'other', method: 'cash', status: 'paid', amount_cents: 4000, note: 'En efectivo' });
    const refunded = await call(t, 'POST', `/api/v1/payments/${other.body.id}/refunds`, { token: world.providerToken, body: { amount_cents: 4000 } });
    expect(refunded.body).toMatchObject({ refunded_cents: 4000, refunds: [{ reference: null }] });
    const open = await startDeposit(t, world, job);
    const notPaid = await call(t, 'POST', `/api/v1/payments/${open.id}/refunds`, { token: world.providerToken, body: { amount_cents: 100 } });
    expect(notPaid.body.code).toBe('payment_not_paid');
  });

  it('a cancellation refunds the paid deposit once: all of it by the provider, less the fee by the client, and the reconciler finishes one left undecided', async () => {
    const byProvider = await connectedWorld(t);
    const jobA = await jobWithDeposit(t, byProvider, 3000);
    const a = await startDeposit(t, byProvider, jobA);
    await emulate(t, a.ecommerceId, 'approve');
    await settle(t);
    await t.knex('jobs').where({ id: jobA }).update({ status: 'cancelled' });
    const event = { type: 'job.changed', job_id: jobA, status: 'cancelled', from_status: 'upcoming', action: 'cancel', actor: 'provider', at: new Date().toISOString() } as const;
    await t.server.app.context.events.publish([byProvider.clientId], event);
    await t.server.app.context.events.publish([byProvider.clientId], event); // heard twice: decided once
    expect(await paymentStatus(t, a.id)).toMatchObject({ refunded_cents: 3000 });
    expect((await emulated(t, a.ecommerceId)).counters.refund).toBe(1);

    const byClient = await connectedWorld(t);
    const jobB = await jobWithDeposit(t, byClient, 3000);
    const b = await startDeposit(t, byClient, jobB);
    await emulate(t, b.ecommerceId, 'approve');
    await settle(t);
    // Cancelled with no event heard (a crash): the reconciler decides it.
    await t.knex('jobs').where({ id: jobB }).update({ status: 'cancelled_by_client', fee_cents: 1000, fee_kind: 'late_cancellation' });
    await reconcile();
    await reconcile();
    const row = await t.knex('payments').where({ id: b.id }).first('refunded_cents', 'refund_decided_at');
    expect(row.refunded_cents).toBe(2000);
    expect(row.refund_decided_at).not.toBeNull();
    expect((await emulated(t, b.ecommerceId)).refunded_cents).toBe(2000);
  });

  it('a cancellation stops the payment still waiting on the phone', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    const open = await startDeposit(t, world, job);
    await t.knex('jobs').where({ id: job }).update({ status: 'cancelled_by_client' });
    await t.server.app.context.events.publish([world.clientId], { type: 'job.changed', job_id: job, status: 'cancelled_by_client', from_status: 'pending', action: 'cancel', actor: 'client', at: new Date().toISOString() });
    expect((await paymentStatus(t, open.id)).status).toBe('cancelled');
    expect(await emulated(t, open.ecommerceId)).toMatchObject({ status: 'CANCEL', counters: { authorization: 0 } });
  });
});

describe('notifications', () => {
  it('lost: the reconciler reads the payment back and records it', async () => {
    const { payment } = await unheardDeposit(t);
    try {
      await emulate(t, payment.ecommerceId, 'approve');
      await settle(t);
      expect((await paymentStatus(t, payment.id)).status).toBe('open');
      expect(await reconcile()).toBeGreaterThanOrEqual(1);
      expect((await paymentStatus(t, payment.id)).status).toBe('paid');
    } finally {
      await notificationsOn(t, true);
    }
  });

  it('twenty duplicates at once record one payment, one authorization, one live event', async () => {
    const { job, payment } = await unheardDeposit(t);
    try {
      await emulate(t, payment.ecommerceId, 'approve');
      await settle(t);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(t.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ecommerceId: payment.ecommerceId, ecommerceStatus: 'CONFIRM' }) }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(202));
      await settle(t);
    } finally {
      await notificationsOn(t, true);
    }
    expect((await paymentStatus(t, payment.id)).status).toBe('paid');
    expect(await t.knex('payments').where({ job_id: job, status: 'paid' }).count('* as n').first()).toEqual({ n: 1 });
    expect((await emulated(t, payment.ecommerceId)).counters.authorization).toBe(1);
    expect(t.events.filter((event) => event.payment_id === payment.id && event.status === 'paid')).toHaveLength(1);
  });

  it('forged: an unknown id and a known one still open change nothing, and answer the same 202', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    const payment = await startDeposit(t, world, job);
    const forge = (body: unknown) => call(t, 'POST', '/api/v1/payments/athmovil/notify', { body: body as object });
    const unknown = await forge({ ecommerceId: 'd7a5b2c4-0000-4000-8000-000000000000', ecommerceStatus: 'COMPLETED', total: 25 });
    const known = await forge({ ecommerceId: payment.ecommerceId, ecommerceStatus: 'COMPLETED', referenceNumber: '215070443-forged', total: 25, metadata1: job });
    const junk = await call(t, 'POST', '/api/v1/payments/athmovil/notify', { raw: 'not json' });
    const form = await call(t, 'POST', '/api/v1/payments/athmovil/notify', { raw: `ecommerceId=${payment.ecommerceId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const text = await call(t, 'POST', '/api/v1/payments/athmovil/notify', { raw: payment.ecommerceId, headers: { 'content-type': 'text/plain' } });
    const list = await call(t, 'POST', '/api/v1/payments/athmovil/notify', { body: [{ ecommerceId: payment.ecommerceId }] });
    for (const answer of [unknown, known, junk, form, text, list]) {
      expect(answer.status).toBe(202);
      expect(answer.raw).toBe('');
    }
    expect(await paymentStatus(t, payment.id)).toMatchObject({ status: 'open', reference: null });
    expect((await emulated(t, payment.ecommerceId)).counters.authorization).toBe(0);
    expect(t.events.filter((event) => event.payment_id === payment.id && event.status !== 'open')).toEqual([]);
  });
});

describe('a read-back that does not match', () => {
  it('of the wrong amount is refused, cancelled at the processor and never authorized', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world, 2500);
    const payment = await startDeposit(t, world, job);
    await emulate(t, payment.ecommerceId, 'tamper', { total: '1.00' });
    await emulate(t, payment.ecommerceId, 'approve');
    await settle(t);
    expect(await paymentStatus(t, payment.id)).toMatchObject({ status: 'refused', failure_code: 'amount_mismatch' });
    expect(await emulated(t, payment.ecommerceId)).toMatchObject({ status: 'CANCEL', counters: { authorization: 0 } });
    const money = await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token: world.clientToken });
    expect(money.body).toMatchObject({ paid_cents: 0, deposit: { state: 'due' } });
  });

  it('for another job is refused and never authorized', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    const otherJob = await jobWithDeposit(t, world, 2500, undefined, '2026-12-16T10:00:00-04:00');
    const payment = await startDeposit(t, world, job);
    await emulate(t, payment.ecommerceId, 'tamper', { metadata1: otherJob });
    await emulate(t, payment.ecommerceId, 'approve');
    await settle(t);
    expect(await paymentStatus(t, payment.id)).toMatchObject({ status: 'refused', failure_code: 'job_mismatch' });
    expect((await emulated(t, payment.ecommerceId)).counters.authorization).toBe(0);
  });
});

describe('the api restarted between authorization and completion', () => {
  it('records the payment once, authorized once', async () => {
    const { job, payment } = await unheardDeposit(t);
    const real = emulatorProcessor(t.emulator);
    // A process that dies right after the processor moved the money, before recording it.
    const crashing = crashingAfterAuthorize(real);
    const first = await startPaymentsServer(t.knex, t.config, crashing);
    try {
      await emulate(t, payment.ecommerceId, 'approve');
      await settle(t);
      const errors: unknown[] = [];
      await reconcilePayments(first.app.context, (error) => errors.push(error));
      expect(errors).toHaveLength(1);
      expect((await paymentStatus(t, payment.id)).status).toBe('open');
      expect(await emulated(t, payment.ecommerceId)).toMatchObject({ status: 'COMPLETED', counters: { authorization: 1 } });
    } finally {
      await first.stop({ timeout: 1000 });
    }
    const second = await startPaymentsServer(t.knex, t.config, real);
    try {
      await reconcilePayments(second.app.context);
      await reconcilePayments(second.app.context);
    } finally {
      await second.stop({ timeout: 1000 });
      await notificationsOn(t, true);
    }
    expect((await paymentStatus(t, payment.id)).status).toBe('paid');
    expect(await t.knex('payments').where({ job_id: job }).count('* as n').first()).toEqual({ n: 1 });
    expect((await emulated(t, payment.ecommerceId)).counters.authorization).toBe(1);
  });
});

describe('what no answer holds', () => {
  it('no answer of this file carried a private token or an auth token', () => {
    const secrets = [
      ...t.emulator.state.businesses.map((business) => business.privateToken),
      ...[...t.emulator.state.payments.values()].map((payment) => payment.authToken),
    ];
    expect(t.answers.length).toBeGreaterThan(20);
    for (const answer of t.answers) for (const secret of secrets) expect(answer.includes(secret)).toBe(false);
  });
});
