/**
 * Earnings from totals (issue 28): the dashboard's month adds the bills of jobs ended this month
 * (confirmed or draft), the rate's total of jobs ended before bills, and the fees clients owe;
 * pending is the accepted jobs to come at their quote's total, else their estimate; the month by
 * category; and the CSV for taxes lists the same jobs, so its rows add up to the same figures.
 */
import { describe, expect, it } from 'vitest';
import { priceLines, type QuoteLineInput } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { categoryId, jobWorld, newJob, setClock, tokenFor, type JobWorld } from './factories.ts';
import { acceptedQuote, workOn } from './bills-fixtures.ts';

const t = useTestServer();

const hourly = { amount_cents: 6000, unit: 'hour', from: false } as const;
const sink: QuoteLineInput[] = [
  { kind: 'labour_fixed', description: 'Cambiar fregadero', quantity: 1, unit_price_cents: 25000, tax_rate: 'standard' },
  { kind: 'material', description: 'Fregadero', quantity: 1, unit_price_cents: 8999, tax_rate: 'standard' },
];

async function jobOf(world: JobWorld, start: string, status: 'upcoming' | 'completed' | 'cancelled_by_client', hours = 2, category = world.categoryId) {
  const job = await newJob(t.knex, { clientId: world.clientId, providerId: world.providerId, categoryId: category, start, hours, status });
  return job.id;
}

/** A CSV's rows as cells (the BOM and the last line end taken off; no cell here holds a comma). */
function rowsOf(csv: string): string[][] {
  return csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
}

const cents = (text: string) => Math.round(Number(text) * 100);

describe("a provider's earnings", () => {
  it('adds bills, older totals at the rate and fees for the month, quotes and estimates for pending, and the CSV adds up to the same', async () => {
    const world = await jobWorld(t, { rate: hourly, categories: ['plumbing', 'electrical'] });
    const electrical = await categoryId(t.knex, 'electrical');
    // Ended this month: a draft bill from the rate (1 h), a confirmed bill, an older job without a bill (2 h at the rate).
    const drafted = await jobOf(world, '2026-11-24T09:00:00-04:00', 'upcoming');
    await workOn(t, world, drafted, 60);
    const confirmed = await jobOf(world, '2026-11-24T12:00:00-04:00', 'upcoming', 2, electrical);
    await workOn(t, world, confirmed, 90, undefined, '2026-11-24T16:00:00Z');
    const lines: QuoteLineInput[] = [{ kind: 'other', description: 'Revisión eléctrica', quantity: 1, unit_price_cents: 12000, tax_rate: 'reduced' }];
    expect((await call(t.server, 'POST', `/api/v1/jobs/${confirmed}/bill`, { token: world.providerToken, body: { lines } })).status).toBe(200);
    await jobOf(world, '2026-11-03T09:00:00-04:00', 'completed');
    // A late cancellation this month: the fee counts.
    const cancelled = await jobOf(world, '2026-11-20T09:00:00-04:00', 'cancelled_by_client');
    await t.knex('jobs').where({ id: cancelled }).update({ fee_cents: 2500, fee_kind: 'late_cancellation' });
    // Last month: in the year, not in the month.
    await jobOf(world, '2026-10-14T09:00:00-04:00', 'completed');
    // To come: one at its accepted quote, one at its estimate (3 h at $60).
    const quoted = await jobOf(world, '2026-11-30T09:00:00-04:00', 'upcoming');
    await acceptedQuote(t, world, quoted, [sink]);
    await jobOf(world, '2026-12-01T09:00:00-04:00', 'upcoming', 3);
    setClock(t, '2026-11-25T12:00:00Z');

    const draftTotal = priceLines([{ kind: 'labour_hourly', description: 'x', quantity: 1, unit_price_cents: 6000, tax_rate: 'standard' }]).total_cents; // $66.90
    const confirmedTotal = priceLines(lines).total_cents; // $124.80
    const month = draftTotal + confirmedTotal + 12000 + 2500;
    const stats = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: world.providerToken });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ month_earnings_cents: month, earnings_cents: month + 12000, pending_earnings_cents: priceLines(sink).total_cents + 18000 });
    expect(stats.body.month_by_category).toEqual([
      { category_id: world.categoryId, jobs: 3, total_cents: draftTotal + 12000 + 2500 },
      { category_id: electrical, jobs: 1, total_cents: confirmedTotal },
    ]);

    const csv = await t.server.inject({ method: 'GET', url: '/api/v1/providers/me/earnings.csv?year=2026&month=11', headers: { authorization: `Bearer ${world.providerToken}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="ganancias-2026-11.csv"');
    expect(csv.payload.startsWith('\uFEFFFecha,Recibo,Cliente,Servicio,Categoría,Subtotal,IVU,Total,Cargo,Estado,Pagado,Reembolsado,Saldo\r\n')).toBe(true);
    const [, ...rows] = rowsOf(csv.payload);
    expect(rows.map((row) => [row[0], row[9]])).toEqual([
      ['2026-11-03', 'Sin recibo'],
      ['2026-11-20', 'Cargo por cancelación tardía'],
      ['2026-11-24', 'Borrador'],
      ['2026-11-24', 'Confirmado'],
    ]);
    expect(rows[3]!.slice(4, 9)).toEqual(['Electricidad', '120.00', '4.80', '124.80', '0.00']);
    const added = rows.reduce((sum, row) => sum + cents(row[7]!) + cents(row[8]!), 0);
    expect(added).toBe(month);
    for (const row of rows) expect(cents(row[5]!) + cents(row[6]!)).toBe(cents(row[7]!));

    const year = await t.server.inject({ method: 'GET', url: '/api/v1/providers/me/earnings.csv?year=2026', headers: { authorization: `Bearer ${world.providerToken}` } });
    expect(rowsOf(year.payload)).toHaveLength(6);
    expect(year.headers['content-disposition']).toBe('attachment; filename="ganancias-2026.csv"');
  });

  it('writes the CSV in the provider’s language, and is for providers only, with a year and a month that exist', async () => {
    const world = await jobWorld(t, { rate: hourly });
    await t.knex('profiles').where({ id: world.providerId }).update({ language: 'en' });
    const english = await t.server.inject({ method: 'GET', url: '/api/v1/providers/me/earnings.csv?year=2026&month=1', headers: { authorization: `Bearer ${world.providerToken}` } });
    expect(english.payload).toBe('\uFEFFDate,Receipt,Client,Service,Category,Subtotal,IVU,Total,Fee,Status,Paid,Refunded,Balance\r\n');
    expect(english.headers['content-disposition']).toBe('attachment; filename="earnings-2026-01.csv"');

    const asClient = await call(t.server, 'GET', '/api/v1/providers/me/earnings.csv?year=2026', { token: tokenFor(t, world.clientId) });
    expect(asClient).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    for (const query of ['year=2026&month=13', 'month=2', 'year=26', 'year=2026&month=1.5']) {
      const bad = await call(t.server, 'GET', `/api/v1/providers/me/earnings.csv?${query}`, { token: world.providerToken });
      expect(bad.status, query).toBe(400);
    }
  });
});
