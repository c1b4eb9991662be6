/**
 * Totals and receipts (issue 28): ending a job makes its draft bill from the accepted quote (hourly
 * lines take the worked hours; a fixed quote gains the approved extra time at the hourly rate),
 * else from the rate, else empty; the provider confirms it once; both parties read the receipt, as
 * JSON and as a PDF, and nobody else does.
 */
import { describe, expect, it } from 'vitest';
import { priceLines, type QuoteLineInput } from '@resuelve/contract';
import { acceptedQuote as quoteOf, pdfText, workOn as work } from './bills-fixtures.ts';
import { call, eventually, useTestServer } from './server.ts';
import { jobWorld, newAdmin, tuesday, type JobWorld } from './factories.ts';
import { jobIn, outsider } from './jobs-fixtures.ts';
import { outboxTo } from './outbox.ts';

const t = useTestServer();

const at = (time: string) => `${tuesday}T${time}:00-04:00`;
const hourly = (amount: number) => ({ amount_cents: amount, unit: 'hour', from: false }) as const;

const acceptedQuote = (world: JobWorld, jobId: string, versions: QuoteLineInput[][]) => quoteOf(t, world, jobId, versions);
const workOn = (world: JobWorld, jobId: string, minutes: number, during?: () => Promise<void>) => work(t, world, jobId, minutes, during);
const receipt = (world: JobWorld, jobId: string, token = world.clientToken) => call(t.server, 'GET', `/api/v1/jobs/${jobId}/receipt`, { token });

describe('the draft bill made when a job ends', () => {
  it('takes an hourly quote with the worked hours on its hourly lines and the other lines as quoted', async () => {
    const world = await jobWorld(t, { rate: hourly(6000) });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 2);
    const labour: QuoteLineInput = { kind: 'labour_hourly', description: 'Mano de obra', quantity: 2, unit_price_cents: 6000, tax_rate: 'standard' };
    const pipe: QuoteLineInput = { kind: 'material', description: 'Tubo PVC', quantity: 3, unit_price_cents: 833, tax_rate: 'standard' };
    const trip: QuoteLineInput = { kind: 'other', description: 'Viaje', quantity: 1, unit_price_cents: 1500, tax_rate: 'exempt' };
    // The first version was countered; the second was accepted.
    await acceptedQuote(world, job, [[labour, trip], [labour, pipe, trip]]);
    const ended = await workOn(world, job, 141); // 2 h 21 min: 2.5 worked hours
    const expected = priceLines([{ ...labour, quantity: 2.5 }, pipe, trip]);
    expect(ended.bill).toEqual({ status: 'draft', subtotal_cents: expected.subtotal_cents, tax_cents: expected.tax_cents, total_cents: expected.total_cents, confirmed_at: null });
    // 2.5 × $60 + 3 × $8.33 + $15 = $189.99; IVU 11.5 % of $150 and of $24.99: $17.25 + $2.87.
    expect(expected).toMatchObject({ subtotal_cents: 18999, tax_cents: 2012, total_cents: 21011 });
    const read = await receipt(world, job);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'draft', from_quote_version: 2, hours: 2.5, lines: expected.lines, taxes: expected.taxes, total_cents: 21011, amount_due_cents: 21011, fee: null });
  });

  it('adds the approved extra time of a fixed-price quote as an hourly line at the rate the job kept', async () => {
    const world = await jobWorld(t, { rate: hourly(5000) });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 2);
    const fixed: QuoteLineInput = { kind: 'labour_fixed', description: 'Instalar calentador', quantity: 1, unit_price_cents: 20000, tax_rate: 'reduced' };
    await acceptedQuote(world, job, [[fixed]]);
    await workOn(world, job, 170, async () => {
      const asked = await call(t.server, 'POST', '/api/v1/job-time-extensions', { token: world.providerToken, body: { job_id: job, additional_hours: 1 } });
      expect(asked.status).toBe(201);
      const approved = await call(t.server, 'PUT', `/api/v1/job-time-extensions/${asked.body.id}`, { token: world.clientToken, body: { status: 'approved' } });
      expect(approved.status).toBe(200);
    });
    const read = await receipt(world, job);
    const extra: QuoteLineInput = { kind: 'labour_hourly', description: 'Tiempo adicional aprobado', quantity: 1, unit_price_cents: 5000, tax_rate: 'standard' };
    const expected = priceLines([fixed, extra]);
    expect(read.body).toMatchObject({ from_quote_version: 1, lines: expected.lines, total_cents: expected.total_cents });
    // $200 at 4 % and $50 at 11.5 %: two IVU lines.
    expect(read.body.taxes).toEqual([
      { tax_rate: 'standard', basis_points: 1150, taxable_cents: 5000, tax_cents: 575 },
      { tax_rate: 'reduced', basis_points: 400, taxable_cents: 20000, tax_cents: 800 },
    ]);
  });

  it('without a quote, bills the worked time at the rate the job kept, at the provider’s IVU rate', async () => {
    const world = await jobWorld(t, { rate: hourly(4550) });
    await t.knex('providers').where({ id: world.providerId }).update({ default_tax_rate: 'reduced' });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 2);
    const ended = await workOn(world, job, 101); // 1.75 worked hours: $79.625 → $79.63
    expect(ended.bill).toMatchObject({ status: 'draft', subtotal_cents: 7963, tax_cents: 319, total_cents: 8282 });
    const read = await receipt(world, job, world.providerToken);
    expect(read.body.lines).toEqual([{ kind: 'labour_hourly', description: 'Reparar tubería', quantity: 1.75, unit_price_cents: 4550, tax_rate: 'reduced', amount_cents: 7963, tax_cents: 319 }]);
    expect(read.body.from_quote_version).toBeNull();
  });

  it('is empty, for the provider to fill, without a quote or a rate', async () => {
    const world = await jobWorld(t, { rate: null });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 1);
    const ended = await workOn(world, job, 30);
    expect(ended.bill).toEqual({ status: 'draft', subtotal_cents: 0, tax_cents: 0, total_cents: 0, confirmed_at: null });
    expect((await receipt(world, job)).body).toMatchObject({ lines: [], taxes: [], total_cents: 0 });
  });
});

describe('confirming the bill', () => {
  const lines: QuoteLineInput[] = [
    { kind: 'labour_hourly', description: 'Mano de obra', quantity: 1.5, unit_price_cents: 6500, tax_rate: 'standard' },
    { kind: 'material', description: 'Llave de paso', quantity: 1, unit_price_cents: 1299, tax_rate: 'standard' },
  ];

  it('is the provider’s, once: the client is refused, a second confirmation is refused, and the bill stays as confirmed', async () => {
    const world = await jobWorld(t, { company_name: 'Plomería Ñandú', rate: hourly(6500) });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 2);
    const stranger = await outsider(t);
    const path = `/api/v1/jobs/${job}/bill`;
    await workOn(world, job, 60, async () => {
      // Before the job ends there is nothing to confirm.
      const early = await call(t.server, 'POST', path, { token: world.providerToken, body: { lines } });
      expect(early).toMatchObject({ status: 409, body: { code: 'bill_not_ready' } });
      expect((await receipt(world, job)).body.code).toBe('receipt_not_found');
    });

    expect((await call(t.server, 'POST', path, { token: world.clientToken, body: { lines } })).body.code).toBe('forbidden');
    expect((await call(t.server, 'POST', path, { token: stranger.token, body: { lines } })).status).toBe(404);

    const confirmed = await call(t.server, 'POST', path, { token: world.providerToken, body: { lines } });
    expect(confirmed.status).toBe(200);
    const expected = priceLines(lines);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', lines: expected.lines, subtotal_cents: expected.subtotal_cents, total_cents: expected.total_cents });
    expect(confirmed.body.confirmed_at).toMatch(/-04:00$/);

    const again = await call(t.server, 'POST', path, { token: world.providerToken, body: { lines: [lines[0]] } });
    expect(again).toMatchObject({ status: 409, body: { code: 'bill_already_confirmed' } });
    const job1 = await call(t.server, 'GET', `/api/v1/jobs/${job}`, { token: world.clientToken });
    expect(job1.body.bill).toMatchObject({ status: 'confirmed', total_cents: expected.total_cents });

    // The client hears of it, in their language.
    const client = await t.knex('users').where({ id: world.clientId }).first('email');
    const told = (mails: { body: string }[]) => mails.some((mail) => mail.body.includes('Plomería Ñandú confirmó el total del trabajo.'));
    expect(told(await eventually(() => outboxTo(t.knex, client.email), told))).toBe(true);
  });

  it('refuses bad lines with 400 and a field code, and changes nothing', async () => {
    const world = await jobWorld(t, { rate: hourly(6500) });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 2);
    await workOn(world, job, 60);
    const path = `/api/v1/jobs/${job}/bill`;
    const line = lines[0]!;
    const bad: [unknown, string, string][] = [
      [[{ ...line, unit_price_cents: -100 }], 'lines.0.unit_price_cents', 'out_of_range'],
      [[{ ...line, unit_price_cents: 10.5 }], 'lines.0.unit_price_cents', 'invalid_type'],
      [[{ ...line, quantity: 1.255 }], 'lines.0.quantity', 'invalid_format'],
      [[{ ...line, quantity: 0 }], 'lines.0.quantity', 'out_of_range'],
      [[{ ...line, tax_rate: 'half' }], 'lines.0.tax_rate', 'not_allowed'],
      [[{ ...line, description: 'x' }], 'lines.0.description', 'too_short'],
      [Array.from({ length: 51 }, () => line), 'lines', 'too_long'],
      [[], 'lines', 'too_short'],
      [[{ ...line, quantity: 9999, unit_price_cents: 10_000_000 }], 'lines', 'out_of_range'],
    ];
    for (const [body, field, code] of bad) {
      const answer = await call(t.server, 'POST', path, { token: world.providerToken, body: { lines: body } });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.details?.[field], field).toBe(code);
    }
    expect(await t.knex('job_bills').where({ job_id: job }).first('status', 'total_cents')).toEqual({ status: 'draft', total_cents: 7248 });
  });
});

describe('the receipt', () => {
  it('is the same for both parties, and not found for anyone else, an admin included', async () => {
    const world = await jobWorld(t, { rate: hourly(6500) });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 2);
    await workOn(world, job, 60);
    const forClient = await receipt(world, job);
    const forProvider = await receipt(world, job, world.providerToken);
    expect(forClient.status).toBe(200);
    expect(forProvider.body).toEqual(forClient.body);
    expect(forClient.body).toMatchObject({ number: expect.stringMatching(/^R-\d{6,}$/), job_id: job, service: { title: 'Reparar tubería' }, client: { id: world.clientId }, provider: { id: world.providerId } });
    const stranger = await outsider(t);
    expect((await receipt(world, job, stranger.token)).body.code).toBe('job_not_found');
    expect((await receipt(world, job, (await newAdmin(t)).token)).status).toBe(404);
    expect((await call(t.server, 'GET', `/api/v1/jobs/${job}/receipt.pdf`, { token: stranger.token })).status).toBe(404);
  });

  it('prints as a PDF with the business name, the lines, the IVU and the total, in Spanish or English', async () => {
    const world = await jobWorld(t, { company_name: 'Plomería Ñandú', rate: hourly(6500) });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 2);
    await workOn(world, job, 60);
    const spanish = await t.server.inject({ method: 'GET', url: `/api/v1/jobs/${job}/receipt.pdf?lang=es`, headers: { authorization: `Bearer ${world.clientToken}` } });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toBe('application/pdf');
    expect(spanish.headers['content-disposition']).toMatch(/^attachment; filename="recibo-R-\d+\.pdf"$/);
    const bytes = spanish.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes).replace(/\u00a0/g, ' ');
    expect(text).toContain('Plomería Ñandú');
    expect(text).toContain('RECIBO');
    expect(text).toContain('IVU 11,5 % sobre $65');
    expect(text).toContain('$72.48');

    const english = await t.server.inject({ method: 'GET', url: `/api/v1/jobs/${job}/receipt.pdf?lang=en`, headers: { authorization: `Bearer ${world.providerToken}` } });
    const englishText = pdfText(english.rawPayload);
    expect(englishText).toContain('RECEIPT');
    expect(englishText).toContain('IVU 11.5% on $65');
    expect(english.headers['content-disposition']).toMatch(/filename="receipt-R-/);
  });
});
