/**
 * Helpers for the bills tests: an accepted quote written as the quote routes store one (priced
 * lines per version), and a job worked from 09:05 on Tuesday for some minutes through the api.
 */
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { priceLines, type QuoteLineInput } from '@resuelve/contract';
import { call, type TestContext } from './server.ts';
import { setClock, type JobWorld } from './factories.ts';

/** An accepted quote of the job: its versions, the last one accepted. */
export async function acceptedQuote(t: TestContext, world: JobWorld, jobId: string, versions: QuoteLineInput[][]): Promise<void> {
  const [quote] = await t.knex('quotes')
    .insert({ job_id: jobId, provider_id: world.providerId, client_id: world.clientId, status: 'accepted', version: versions.length, accepted_version: versions.length, accepted_at: new Date() })
    .returning('id');
  for (const [index, lines] of versions.entries()) {
    const priced = priceLines(lines);
    await t.knex('quote_versions').insert({
      quote_id: quote.id,
      number: index + 1,
      lines: JSON.stringify(priced.lines),
      subtotal_cents: priced.subtotal_cents,
      tax_cents: priced.tax_cents,
      total_cents: priced.total_cents,
      hours: 2,
      valid_until: new Date('2026-12-31T00:00:00Z'),
    });
  }
}

/** Starts the job at `startUtc` (its day) and ends it `minutes` later, running `during` in between; answers the ended job. */
export async function workOn(t: TestContext, world: JobWorld, jobId: string, minutes: number, during?: () => Promise<void>, startUtc = '2026-11-24T13:05:00Z') {
  const clock = setClock(t, startUtc);
  expect((await call(t.server, 'POST', `/api/v1/jobs/${jobId}/start`, { token: world.providerToken })).status).toBe(200);
  await during?.();
  clock.advance(minutes * 60_000);
  const ended = await call(t.server, 'POST', `/api/v1/jobs/${jobId}/end`, { token: world.providerToken });
  expect(ended.status).toBe(200);
  return ended.body;
}

/** The text a PDF shows: its content streams inflated, the hex strings of its text operators decoded. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    try {
      body = inflateSync(body);
    } catch {
      // an uncompressed stream
    }
    for (const array of body.toString('latin1').matchAll(/\[(.*?)\]\s*TJ/g)) {
      texts.push([...array[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}
