/**
 * Payments, who may do what (issue 29): a provider's account (tokens tested first, never answered)
 * and deposit rules; a job's payments for its two parties only; the balance; the admins' list; the
 * notices of a change to both parties; and no token in any answer.
 */
import { describe, expect, it } from 'vitest';
import { categoryId, newAdmin } from './factories.ts';
import { jobIn, outsider } from './jobs-fixtures.ts';
import { mailsTo } from './outbox.ts';
import { call, connectedWorld, emulate, jobWithDeposit, settle, startDeposit, usePaymentsServer } from './payments-fixtures.ts';
import { jobWorld } from './factories.ts';
import { acceptedQuote } from './bills-fixtures.ts';

const t = usePaymentsServer();

describe('the payment account', () => {
  it('is tested before it is stored; refused tokens are 422; the answer shows only the last four of the public token', async () => {
    const world = await jobWorld(t, {}, null);
    const none = await call(t, 'GET', '/api/v1/providers/me/payment-account', { token: world.providerToken });
    expect(none.body).toMatchObject({ connected: false, public_token_hint: null, demo: true });
    const refused = await call(t, 'PUT', '/api/v1/providers/me/payment-account', { token: world.providerToken, body: { public_token: 'not-a-real-token-1', private_token: 'not-a-real-token-2' } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('payment_account_refused');
    expect(await t.knex('payment_accounts').where({ provider_id: world.providerId }).first()).toBeUndefined();

    const business = t.emulator.state.addBusiness({ name: 'Taller Caguas' });
    const connected = await call(t, 'PUT', '/api/v1/providers/me/payment-account', { token: world.providerToken, body: { public_token: business.publicToken, private_token: business.privateToken } });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({ connected: true, public_token_hint: business.publicToken.slice(-4), test_ok: true, demo: true });
    const row = await t.knex('payment_accounts').where({ provider_id: world.providerId }).first();
    expect(row.private_token_ciphertext).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(business.privateToken);

    const tested = await call(t, 'POST', '/api/v1/providers/me/payment-account/test', { token: world.providerToken });
    expect(tested.body).toMatchObject({ ok: true, code: null });
    expect((await call(t, 'DELETE', '/api/v1/providers/me/payment-account', { token: world.providerToken })).status).toBe(204);
    expect((await call(t, 'GET', '/api/v1/providers/me/payment-account', { token: world.providerToken })).body.connected).toBe(false);
  });

  it('is a provider’s: a client is 403; bad tokens are 400', async () => {
    const world = await jobWorld(t, {}, null);
    for (const [method, url] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['POST', '/test']] as const) {
      const answer = await call(t, method, `/api/v1/providers/me/payment-account${url}`, { token: world.clientToken, ...(method === 'PUT' ? { body: { public_token: 'abcdefghij', private_token: 'abcdefghij' } } : {}) });
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
    const short = await call(t, 'PUT', '/api/v1/providers/me/payment-account', { token: world.providerToken, body: { public_token: 'short', private_token: 'with space inside' } });
    expect(short.status).toBe(400);
    expect(short.body.details).toMatchObject({ public_token: 'too_short', private_token: 'invalid_format' });
  });
});

describe('deposit rules', () => {
  it('one per service the provider offers; set within the limits; another service is 404', async () => {
    const world = await jobWorld(t, {}, null);
    const listed = await call(t, 'GET', '/api/v1/providers/me/deposit-rules', { token: world.providerToken });
    expect(listed.body).toEqual([{ category_id: world.categoryId, kind: 'none', fixed_cents: null, share_percent: null }]);
    const share = await call(t, 'PUT', `/api/v1/providers/me/deposit-rules/${world.categoryId}`, { token: world.providerToken, body: { kind: 'share', share_percent: 20 } });
    expect(share.body).toEqual({ category_id: world.categoryId, kind: 'share', fixed_cents: null, share_percent: 20 });
    expect((await call(t, 'GET', '/api/v1/providers/me/deposit-rules', { token: world.providerToken })).body).toEqual([share.body]);
    const fixed = await call(t, 'PUT', `/api/v1/providers/me/deposit-rules/${world.categoryId}`, { token: world.providerToken, body: { kind: 'fixed', fixed_cents: 5000 } });
    expect(fixed.body).toMatchObject({ kind: 'fixed', fixed_cents: 5000, share_percent: null });
    for (const body of [{ kind: 'share', share_percent: 0 }, { kind: 'share', share_percent: 101 }, { kind: 'fixed', fixed_cents: 99 }, { kind: 'fixed' }, { kind: 'none', fixed_cents: 100 }, { kind: 'half' }]) {
      expect((await call(t, 'PUT', `/api/v1/providers/me/deposit-rules/${world.categoryId}`, { token: world.providerToken, body })).status, JSON.stringify(body)).toBe(400);
    }
    const electrical = await categoryId(t.knex, 'electrical');
    const notOffered = await call(t, 'PUT', `/api/v1/providers/me/deposit-rules/${electrical}`, { token: world.providerToken, body: { kind: 'none' } });
    expect(notOffered.status).toBe(404);
    expect(await t.knex('provider_categories').where({ provider_id: world.providerId, category_id: electrical }).first()).toBeUndefined();
    expect((await call(t, 'GET', '/api/v1/providers/me/deposit-rules', { token: world.clientToken })).status).toBe(403);
  });
});

describe('a job’s payments', () => {
  it('are its two parties’: others 404, the provider may not pay, the client may not record or refund', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    const stranger = await outsider(t);
    const otherProvider = await jobWorld(t, {}, null);
    const payment = await startDeposit(t, world, job);
    for (const token of [stranger.token, otherProvider.providerToken]) {
      expect((await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token })).status).toBe(404);
      expect((await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token, body: { purpose: 'deposit', phone: '7875550101' } })).status).toBe(404);
      expect((await call(t, 'POST', `/api/v1/jobs/${job}/payments/other`, { token, body: { amount_cents: 100, method: 'cash' } })).status).toBe(404);
      expect((await call(t, 'POST', `/api/v1/payments/${payment.id}/check`, { token })).status).toBe(404);
      expect((await call(t, 'POST', `/api/v1/payments/${payment.id}/cancel`, { token })).status).toBe(404);
      expect((await call(t, 'POST', `/api/v1/payments/${payment.id}/refunds`, { token, body: { amount_cents: 100 } })).status).toBe(404);
    }
    expect((await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token: world.providerToken, body: { purpose: 'deposit', phone: '7875550101' } })).status).toBe(403);
    expect((await call(t, 'POST', `/api/v1/payments/${payment.id}/cancel`, { token: world.providerToken })).status).toBe(403);
    expect((await call(t, 'POST', `/api/v1/jobs/${job}/payments/other`, { token: world.clientToken, body: { amount_cents: 100, method: 'cash' } })).status).toBe(403);
    expect((await call(t, 'POST', `/api/v1/payments/${payment.id}/refunds`, { token: world.clientToken, body: { amount_cents: 100 } })).status).toBe(403);
    // Either party checks it.
    expect((await call(t, 'POST', `/api/v1/payments/${payment.id}/check`, { token: world.providerToken })).body.status).toBe('open');
    expect((await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token: world.providerToken })).body.can_pay).toBeNull();
    expect((await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token: world.clientToken, body: { purpose: 'deposit', phone: '12' } })).body.details).toEqual({ phone: 'invalid_phone' });
  });

  it('a provider without an account takes none; nothing due is 409', async () => {
    const world = await jobWorld(t, {}, null);
    const job = await jobWithDeposit(t, world);
    const refused = await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token: world.clientToken, body: { purpose: 'deposit', phone: '7875550101' } });
    expect(refused.body.code).toBe('payments_not_accepted');
    expect((await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token: world.clientToken })).body).toMatchObject({ accepts_athmovil: false, can_pay: null });
    const connected = await connectedWorld(t);
    const noTotal = await jobIn(t, connected, 'upcoming', '2026-12-17T10:00:00-04:00');
    const notDue = await call(t, 'POST', `/api/v1/jobs/${noTotal}/payments`, { token: connected.clientToken, body: { purpose: 'balance', phone: '7875550101' } });
    expect(notDue.body.code).toBe('payment_not_due');
    expect((await call(t, 'POST', `/api/v1/jobs/${noTotal}/payments`, { token: connected.clientToken, body: { purpose: 'deposit', phone: '7875550101' } })).body.code).toBe('payment_not_due');
  });

  it('the balance is the accepted quote’s total less what was paid and kept, at most $1,500 a payment', async () => {
    const world = await connectedWorld(t);
    const job = await jobIn(t, world, 'upcoming', '2026-12-18T10:00:00-04:00');
    await acceptedQuote(t, world, job, [[{ kind: 'labour_fixed', description: 'Calentador', quantity: 1, unit_price_cents: 200_000, tax_rate: 'exempt' }]]);
    await call(t, 'POST', `/api/v1/jobs/${job}/payments/other`, { token: world.providerToken, body: { amount_cents: 30_000, method: 'transfer' } });
    // Before the work begins the balance is shown, not asked for.
    expect((await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token: world.clientToken })).body).toMatchObject({ balance_cents: 170_000, can_pay: null });
    expect((await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token: world.clientToken, body: { purpose: 'balance', phone: '7875550101' } })).body.code).toBe('payment_not_due');
    await t.knex('jobs').where({ id: job }).update({ status: 'in_progress' });
    const before = await call(t, 'GET', `/api/v1/jobs/${job}/payments`, { token: world.clientToken });
    expect(before.body).toMatchObject({ total_cents: 200_000, paid_cents: 30_000, balance_cents: 170_000, can_pay: 'balance', deposit: { state: 'not_required' } });
    const first = await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token: world.clientToken, body: { purpose: 'balance', phone: '787-555-0101' } });
    expect(first.body).toMatchObject({ purpose: 'balance', amount_cents: 150_000 });
    const ecommerceId = (await t.knex('payments').where({ id: first.body.id }).first('ecommerce_id')).ecommerce_id;
    expect(t.emulator.state.get(ecommerceId)!.items[0]!.name).toBe('Pago — Reparar tubería');
    await emulate(t, ecommerceId, 'approve');
    await settle(t);
    const second = await call(t, 'POST', `/api/v1/jobs/${job}/payments`, { token: world.clientToken, body: { purpose: 'balance', phone: '7875550101' } });
    expect(second.body).toMatchObject({ amount_cents: 20_000 });
  });

  it('each change is told to both parties in their language', async () => {
    const world = await connectedWorld(t);
    await t.knex('profiles').where({ id: world.providerId }).update({ language: 'en' });
    const job = await jobWithDeposit(t, world, 2500);
    const payment = await startDeposit(t, world, job);
    await emulate(t, payment.ecommerceId, 'approve');
    await settle(t);
    const email = async (id: string) => (await t.knex('users').where({ id }).first('email')).email as string;
    const toClient = await mailsTo(t.knex, await email(world.clientId));
    const toProvider = await mailsTo(t.knex, await email(world.providerId));
    expect(toClient.find((mail) => mail.subject === 'Pago: Reparar tubería')?.body).toContain('Recibimos tu pago de');
    expect(toProvider.find((mail) => mail.subject === 'Payment: Reparar tubería')?.body).toContain('paid you $25.');
    // Cash the provider recorded is told as recorded, not as paid through ATH Móvil.
    await call(t, 'POST', `/api/v1/jobs/${job}/payments/other`, { token: world.providerToken, body: { amount_cents: 1000, method: 'cash' } });
    expect((await mailsTo(t.knex, await email(world.clientId))).map((mail) => mail.body).join('\n')).toContain('anotó que recibió tu pago de $10');
  });
});

describe('the admins’ list', () => {
  it('pages every payment newest first, by status, never a token; only admins', async () => {
    const world = await connectedWorld(t);
    const job = await jobWithDeposit(t, world);
    await startDeposit(t, world, job);
    const admin = await newAdmin(t);
    const page = await call(t, 'GET', '/api/v1/admin/payments?limit=2', { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    const next = await call(t, 'GET', `/api/v1/admin/payments?limit=100&cursor=${page.body.next_cursor}`, { token: admin.token });
    const ids = [...page.body.items, ...next.body.items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(Number((await t.knex('payments').count('* as n').first())!.n));
    const open = await call(t, 'GET', '/api/v1/admin/payments?status=open', { token: admin.token });
    expect(open.body.items.every((item: { status: string }) => item.status === 'open')).toBe(true);
    expect(open.body.items[0]).toMatchObject({ provider: { id: world.providerId }, client: { id: world.clientId }, demo: true });
    expect((await call(t, 'GET', '/api/v1/admin/payments', { token: world.providerToken })).status).toBe(403);
  });
});

describe('what no answer holds', () => {
  it('no answer of this file carried a private token or an auth token', () => {
    const secrets = [
      ...t.emulator.state.businesses.map((business) => business.privateToken),
      ...[...t.emulator.state.payments.values()].map((payment) => payment.authToken),
    ];
    expect(t.answers.length).toBeGreaterThan(40);
    for (const answer of t.answers) for (const secret of secrets) expect(answer.includes(secret)).toBe(false);
  });
});
