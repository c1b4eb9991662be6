/**
 * A job's payments where the jobs show money (issue 29): the receipt (JSON and PDF, both languages)
 * lists what was paid with every method, what is pending and refunded, and the balance left; the
 * earnings CSV ends each row with paid, refunded and balance; the provider's stats count this
 * month's payments and refunds and the ones still open. Payment rows inserted as the payments lane
 * records them; declined attempts are no money. Who may read a receipt is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { jobWorld, newAdmin, tuesday, type JobWorld } from './factories.ts';
import { jobIn, outsider } from './jobs-fixtures.ts';
import { pdfText, workOn } from './bills-fixtures.ts';
import { insertPayment } from './deposit-fixtures.ts';

const t = useTestServer();

const hourly = { amount_cents: 6500, unit: 'hour', from: false } as const;

/** A job worked 2 h on Tuesday (a draft bill at $65/h), with a paid ATH Móvil deposit, cash paid and partly refunded, an open balance payment and a declined one. */
async function paidJob(world: JobWorld): Promise<string> {
  const job = await jobIn(t, world, 'upcoming', `${tuesday}T09:00:00-04:00`, 2);
  await workOn(t, world, job, 120);
  const now = t.server.app.context.clock.now();
  await insertPayment(t.knex, world, job, { amount: 2469, paidAt: now });
  const cash = await insertPayment(t.knex, world, job, { purpose: 'other', method: 'cash', amount: 5000, refunded: 1000, paidAt: now });
  await t.knex('payment_refunds').insert({ payment_id: cash, amount_cents: 1000, reason: 'by_provider', created_at: now });
  await insertPayment(t.knex, world, job, { purpose: 'balance', status: 'open', amount: 1500, expiresAt: new Date(now.getTime() + 600_000) });
  await insertPayment(t.knex, world, job, { purpose: 'balance', status: 'declined', amount: 999 });
  return job;
}

describe("a job's payments", () => {
  it('are on the receipt: paid by every method, pending, refunded and the balance, the same for both parties', async () => {
    const world = await jobWorld(t, { rate: hourly });
    const job = await paidJob(world);
    const read = await call(t.server, 'GET', `/api/v1/jobs/${job}/receipt`, { token: world.clientToken });
    expect(read.status).toBe(200);
    const due = read.body.amount_due_cents as number;
    expect(read.body.payments).toMatchObject({ paid_cents: 7469, pending_cents: 1500, refunded_cents: 1000, balance_cents: Math.max(0, due - 6469) });
    expect(read.body.payments.lines.map((line: { purpose: string; method: string; status: string; amount_cents: number }) => [line.purpose, line.method, line.status, line.amount_cents])).toEqual([
      ['deposit', 'athmovil', 'paid', 2469],
      ['other', 'cash', 'paid', 5000],
      ['balance', 'athmovil', 'open', 1500],
    ]);
    expect(read.body.payments.lines[0].reference).toMatch(/^215070443-/);
    const forProvider = await call(t.server, 'GET', `/api/v1/jobs/${job}/receipt`, { token: world.providerToken });
    expect(forProvider.body).toEqual(read.body);
    // Who may read it is unchanged: its two parties only.
    expect((await call(t.server, 'GET', `/api/v1/jobs/${job}/receipt`, { token: (await outsider(t)).token })).status).toBe(404);
    expect((await call(t.server, 'GET', `/api/v1/jobs/${job}/receipt`, { token: (await newAdmin(t)).token })).status).toBe(404);
  });

  it('never leave a balance below nothing', async () => {
    const world = await jobWorld(t, { rate: hourly });
    const job = await jobIn(t, world, 'upcoming', `${tuesday}T09:00:00-04:00`, 1);
    await workOn(t, world, job, 60);
    await insertPayment(t.knex, world, job, { purpose: 'other', method: 'transfer', amount: 100_000 });
    const read = await call(t.server, 'GET', `/api/v1/jobs/${job}/receipt`, { token: world.clientToken });
    expect(read.body.payments).toMatchObject({ paid_cents: 100_000, balance_cents: 0 });
  });

  it('print on the receipt PDF in Spanish and English', async () => {
    const world = await jobWorld(t, { rate: hourly });
    const job = await paidJob(world);
    const pdf = async (lang: string) =>
      pdfText((await t.server.inject({ method: 'GET', url: `/api/v1/jobs/${job}/receipt.pdf?lang=${lang}`, headers: { authorization: `Bearer ${world.clientToken}` } })).rawPayload).replace(/\u00a0/g, ' ');
    const spanish = await pdf('es');
    for (const text of ['Pagos', 'Depósito pagado con ATH Móvil', 'Pagado en efectivo', 'Pago pendiente con ATH Móvil', 'Reembolsado', 'Saldo', '$24.69', '$50', '$10']) expect(spanish).toContain(text);
    const english = await pdf('en');
    for (const text of ['Payments', 'Deposit paid with ATH Móvil', 'Paid in cash', 'Payment pending with ATH Móvil', 'Refunded', 'Balance']) expect(english).toContain(text);
  });

  it('end each row of the earnings CSV (paid, refunded, balance) and count in the stats', async () => {
    const world = await jobWorld(t, { rate: hourly });
    const job = await paidJob(world);
    const due = (await call(t.server, 'GET', `/api/v1/jobs/${job}/receipt`, { token: world.providerToken })).body.amount_due_cents as number;
    const csv = await t.server.inject({ method: 'GET', url: '/api/v1/providers/me/earnings.csv?year=2026&month=11', headers: { authorization: `Bearer ${world.providerToken}` } });
    const rows = csv.payload.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
    expect(rows[0]!.slice(-3)).toEqual(['Pagado', 'Reembolsado', 'Saldo']);
    expect(rows).toHaveLength(2);
    const balance = Math.max(0, due - 6469);
    expect(rows[1]!.slice(-3)).toEqual(['74.69', '10.00', `${Math.trunc(balance / 100)}.${String(balance % 100).padStart(2, '0')}`]);

    const stats = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: world.providerToken });
    expect(stats.body).toMatchObject({ month_paid_cents: 7469, month_refunded_cents: 1000, payments_pending_cents: 1500 });
    // Another provider's payments are not counted.
    const other = await jobWorld(t, { rate: hourly });
    const none = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: other.providerToken });
    expect(none.body).toMatchObject({ month_paid_cents: 0, month_refunded_cents: 0, payments_pending_cents: 0 });
  });
});
